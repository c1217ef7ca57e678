/**
 * A short-lived memory of lookup answers, per app and per college. Lookups change only when the
 * college's master data is edited, and a cached answer keeps the admission screens quick while a
 * bulk import holds the (single SQLite) connection in its transaction.
 */
export class LookupCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private ttlMs = 30_000,
    private max = 2_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.entries.size >= this.max) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
