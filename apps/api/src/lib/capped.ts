import type { SelectQueryBuilder } from 'kysely';
import type { TCapped } from '@erp/shared';

/** `limit` rows from `offset` of an ordered, filtered query, and how many the filters match (the count drops the order). */
async function rowsAndCount<DB, TB extends keyof DB, O>(ordered: SelectQueryBuilder<DB, TB, O>, offset: number, limit: number) {
  const [items, counted] = await Promise.all([
    ordered.limit(limit).offset(offset).execute(),
    ordered
      .clearOrderBy()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number((counted as { n: number | string }).n) };
}

/** The first `limit` rows of an ordered, filtered query and how many there are in all, so a list cut for speed can say so. */
export async function cappedRows<DB, TB extends keyof DB, O>(
  ordered: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): Promise<TCapped<O>> {
  return { ...(await rowsAndCount(ordered, 0, limit)), limit };
}

/** One page (1-based) of an ordered, filtered query and how many rows the filters match in all. */
export async function pagedRows<DB, TB extends keyof DB, O>(
  ordered: SelectQueryBuilder<DB, TB, O>,
  page: number,
  pageSize: number,
): Promise<{ items: O[]; total: number; page: number; pageSize: number }> {
  return { ...(await rowsAndCount(ordered, (page - 1) * pageSize, pageSize)), page, pageSize };
}

/** The same list (capped or paged) with each row turned into its view. */
export function mapCapped<L extends { items: unknown[] }, B>(
  list: L,
  view: (row: L['items'][number]) => B,
): Omit<L, 'items'> & { items: B[] } {
  return { ...list, items: list.items.map(view) };
}
