import { DOCUMENT_MSG, type TIssuedDocument } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './documents.repo.js';

/** What a verifier sees for a code: only documents this college issued. */
export async function verify(db: Database, collegeId: number, code: string): Promise<TIssuedDocument> {
  const row = await repo.byCode(db, collegeId, code);
  if (!row) throw notFound(DOCUMENT_MSG.notFound);
  return {
    code: row.code,
    kind: row.kind,
    title: row.title,
    holder: row.holder,
    college: row.college,
    fields: JSON.parse(row.fields_json),
    issuedAt: row.issued_at,
    revoked: row.revoked_at !== null,
    revokedReason: row.revoked_reason,
  };
}
