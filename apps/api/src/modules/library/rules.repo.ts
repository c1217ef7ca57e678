import type { Db } from '../../db/index.js';

/** Queries of the circulation rules (patron category × item type); no rules here. */

export async function categories(db: Db, collegeId: number) {
  return db.selectFrom('library_categories').selectAll().where('college_id', '=', collegeId).orderBy('id').execute();
}

export async function rules(db: Db, collegeId: number) {
  return db
    .selectFrom('library_rules')
    .selectAll()
    .where('college_id', '=', collegeId)
    .orderBy('category')
    .orderBy('item_type')
    .execute();
}

export async function rulesFor(db: Db, collegeId: number, category: string, itemType: string) {
  return db
    .selectFrom('library_rules')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('category', 'in', [category, '*'])
    .where('item_type', 'in', [itemType, '*'])
    .execute();
}
