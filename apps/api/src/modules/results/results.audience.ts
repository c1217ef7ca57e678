import type { Database } from '../../db/index.js';

/** For notifications: an exam title's name and the students (roll numbers) who have results in it. */
export async function titleAudience(db: Database, collegeId: number, titleId: number) {
  const title = await db
    .selectFrom('exam_titles')
    .select(['title', 'published'])
    .where('college_id', '=', collegeId)
    .where('id', '=', titleId)
    .executeTakeFirst();
  if (!title) return null;
  const rolls = await db
    .selectFrom('exam_results')
    .select('roll_no')
    .distinct()
    .where('college_id', '=', collegeId)
    .where('exam_title_id', '=', titleId)
    .execute();
  return { title: title.title, published: title.published === 1, rollNos: rolls.map((r) => r.roll_no) };
}
