import type { Db } from '../../db/index.js';

/** Teachers in service now: on the register and not retired (the count every dashboard reads). */
export async function facultyInService(db: Db, collegeId: number): Promise<number> {
  const row = await db
    .selectFrom('faculty')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('retired', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
