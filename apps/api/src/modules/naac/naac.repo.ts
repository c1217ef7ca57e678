import type { Database } from '../../db/index.js';

/** Kysely queries of the IQAC-entered figures (quality_year_inputs); no rules here. */
export async function entered(db: Database, collegeId: number, framework: string, years: number[]) {
  if (!years.length) return [];
  return db
    .selectFrom('quality_year_inputs')
    .select(['year', 'input_key', 'value', 'note'])
    .where('college_id', '=', collegeId)
    .where('framework', '=', framework)
    .where('year', 'in', years)
    .execute();
}

export async function saveInputs(
  db: Database,
  collegeId: number,
  framework: string,
  year: number,
  values: Array<{ key: string; value: number | null; note: string }>,
  by: string,
  at: string,
) {
  await db.transaction().execute(async (trx) => {
    for (const v of values) {
      await trx
        .deleteFrom('quality_year_inputs')
        .where('college_id', '=', collegeId)
        .where('framework', '=', framework)
        .where('year', '=', year)
        .where('input_key', '=', v.key)
        .execute();
      if (v.value !== null)
        await trx
          .insertInto('quality_year_inputs')
          .values({
            college_id: collegeId,
            framework,
            year,
            input_key: v.key,
            value: v.value,
            note: v.note,
            updated_by: by,
            updated_at: at,
          })
          .execute();
    }
  });
}
