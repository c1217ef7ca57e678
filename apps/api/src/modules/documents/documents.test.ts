import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { issueDocument, revokeDocument } from '../../lib/documents.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const verify = (code: string, host = 'localhost') =>
  t.app.inject({ method: 'GET', url: `/api/documents/verify/${code}`, headers: { host } });

describe('issued documents', () => {
  it('shows what was issued to anyone holding the code, and a revocation', async () => {
    const doc = await issueDocument(
      t.db,
      {
        collegeId: svec,
        kind: 'bus-pass',
        title: 'Bus pass 2026-27',
        holder: 'Ravi Kumar (22A91A0501)',
        fields: [{ label: 'Route', value: 'Tirupati - Renigunta' }],
      },
      'https://erp.example.edu',
    );
    expect(doc.verifyUrl).toBe(`https://erp.example.edu/verify-document/${doc.code}`);
    const res = await verify(doc.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Bus pass 2026-27',
      holder: 'Ravi Kumar (22A91A0501)',
      fields: [{ label: 'Route', value: 'Tirupati - Renigunta' }],
      revoked: false,
      revokedReason: null,
    });
    await revokeDocument(t.db, svec, doc.code, 'Pass cancelled on 01-12-2026');
    expect((await verify(doc.code)).json()).toMatchObject({ revoked: true, revokedReason: 'Pass cancelled on 01-12-2026' });
  });

  it("answers 404 for an unknown code or another college's document", async () => {
    const doc = await issueDocument(
      t.db,
      { collegeId: svec, kind: 'x', title: 'Letter', holder: 'A', fields: [] },
      'http://localhost',
    );
    const other = await verify(doc.code, 'srk.localhost');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(DOCUMENT_MSG.notFound);
    expect((await verify('doesnotexist')).statusCode).toBe(404);
    expect((await verify('bad%20code')).statusCode).toBe(400);
  });
});
