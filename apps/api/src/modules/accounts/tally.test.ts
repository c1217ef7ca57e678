import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';
import { ACCOUNTANT, OFFICER, collect, collegeId, studentsWithDemand } from './accounts.test-helpers.js';
import { officeDate } from './ledger.service.js';

/**
 * A control character in a vendor's name or a payment's reference made the Tally export XML that
 * Tally refuses (XML 1.0 allows no control characters but tab and line breaks).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Any character XML 1.0 does not allow (with the u flag a lone surrogate is one such character). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe('the Tally export', () => {
  it('leaves out control characters from vendor names and references, keeping the rest', async () => {
    const today = officeDate();
    // The vendor as an older import left it: a start-of-heading, a tab and a bell in its name.
    const { id: vendorId } = await t.db
      .insertInto('acc_vendors')
      .values({
        college_id: await collegeId(t),
        name: 'Sri\u0001 Lakshmi\tTraders\u0007',
        gstin: '',
        pan: '',
        bank_account: '',
        ifsc: '',
        phone: '',
        address: '',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bill = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/bills',
      payload: { vendorId, billNo: 'TL-1', billDate: today, description: 'Chalk', amountPaise: 250_000 },
    });
    expect(bill.statusCode).toBe(200);
    const approve = { decision: 'approve' };
    expect(
      (await t.as(OFFICER, { method: 'POST', url: `/api/accounts/bills/${bill.json().id}/decision`, payload: approve }))
        .statusCode,
    ).toBe(200);
    const paid = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/bills/${bill.json().id}/payments`,
      payload: { mode: 'bank_transfer', reference: 'NEFT\u0002\u001f42', amountPaise: 250_000 },
    });
    expect(paid.statusCode).toBe(200);
    const { rolls } = await studentsWithDemand(t);
    expect(
      (await collect(t, { rollNo: rolls[0], mode: 'upi', reference: 'UTR\u000b77\u007f', amount: 100_000 })).statusCode,
    ).toBe(200);

    const res = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/export/tally?from=${today}&to=${today}` });
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    expect(xml).not.toMatch(NOT_XML);
    const payment = xml.split('<TALLYMESSAGE').find((v) => v.includes('VCHTYPE="Payment"') && v.includes('Lakshmi'))!;
    expect(payment).toContain('<PARTYLEDGERNAME>Sri Lakshmi Traders</PARTYLEDGERNAME>');
    expect(payment).toContain('<LEDGERNAME>Sri Lakshmi Traders</LEDGERNAME>');
    expect(payment).toContain('<NARRATION>bank_transfer NEFT42</NARRATION>');
    const receipt = xml.split('<TALLYMESSAGE').find((v) => v.includes(`(${rolls[0]})`))!;
    expect(receipt).toContain(`(${rolls[0]}) upi UTR77</NARRATION>`);
  });
});
