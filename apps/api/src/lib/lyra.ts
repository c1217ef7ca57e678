import crypto from 'node:crypto';

/**
 * Lyra (PayZen India) form signatures: sort the vads_ fields by name, join their values with '+',
 * append '+' and the shop key, then Base64(HMAC-SHA-256(key, that string)).
 */
export type VadsFields = Record<string, string>;

/** Only the vads_ fields of a request, as strings (a repeated field keeps its first value). */
export function pickVads(input: Record<string, unknown>): VadsFields {
  const out: VadsFields = {};
  for (const [k, v] of Object.entries(input)) {
    if (!k.startsWith('vads_')) continue;
    const value = Array.isArray(v) ? v[0] : v;
    if (value === undefined || value === null) continue;
    out[k] = String(value);
  }
  return out;
}

export function lyraSignature(fields: VadsFields, key: string): string {
  const names = Object.keys(fields)
    .filter((k) => k.startsWith('vads_'))
    .sort();
  const text = [...names.map((n) => fields[n]), key].join('+');
  return crypto.createHmac('sha256', key).update(text, 'utf8').digest('base64');
}

/** Constant-time check of a received signature against the fields it came with. */
export function verifyLyraSignature(fields: VadsFields, signature: unknown, key: string): boolean {
  if (typeof signature !== 'string' || !signature) return false;
  const expected = Buffer.from(lyraSignature(fields, key));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Lyra's UTC timestamp format, yyyyMMddHHmmss. */
export function lyraDate(date = new Date()): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** yyyyMMddHHmmss → ISO, or null when it is not such a timestamp. */
export function lyraDateToIso(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== +m[3] ? null : d.toISOString();
}

/** ISO 4217 numeric codes Lyra uses in vads_currency. */
export const CURRENCY_NUMERIC: Record<string, string> = { INR: '356', EUR: '978', USD: '840', GBP: '826' };

/** A vads_currency value (numeric, or the alphabetic code) names this currency. */
export function currencyMatches(vadsCurrency: string | undefined, currency: string): boolean {
  if (!vadsCurrency) return false;
  return vadsCurrency === CURRENCY_NUMERIC[currency] || vadsCurrency.toUpperCase() === currency;
}
