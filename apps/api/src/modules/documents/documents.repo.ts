import type { Database } from '../../db/index.js';

export function byCode(db: Database, collegeId: number, code: string) {
  return db
    .selectFrom('issued_documents')
    .innerJoin('colleges', 'colleges.id', 'issued_documents.college_id')
    .select([
      'issued_documents.code',
      'kind',
      'title',
      'holder',
      'fields_json',
      'issued_at',
      'revoked_at',
      'revoked_reason',
      'colleges.name as college',
    ])
    .where('issued_documents.college_id', '=', collegeId)
    .where('issued_documents.code', '=', code)
    .executeTakeFirst();
}
