import crypto from 'node:crypto';
import { ACCOUNTS_MSG, gstinCheckChar } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { ACCOUNTANT, OFFICER } from '../../../test/modules/accounts.js';

/**
 * Vendor bills carry the vendor's invoice and their tax as the invoice states it (CGST = SGST
 * within the college's state, IGST across states; TDS by section and rate); a decision carries the
 * decider's remark, and shows the decider by name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_MB: '1' } });
  // The college is in Andhra Pradesh (GST state 37).
  const saved = await t.as(OFFICER, {
    method: 'PUT',
    url: '/api/accounts/settings',
    payload: { concessionPrincipalLimitPaise: 5_000_000, billPrincipalLimitPaise: 10_000_000, gstStateCode: '37' },
  });
  expect(saved.json()).toMatchObject({ gstStateCode: '37' });
});
afterAll(async () => t.close());

const tag = () => crypto.randomBytes(3).toString('hex').toUpperCase();
function gstinOf(state: string) {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[crypto.randomInt(letters.length)];
  const first14 = `${state}${pick()}${pick()}${pick()}F${pick()}${String(crypto.randomInt(10_000)).padStart(4, '0')}${pick()}1Z`;
  return first14 + gstinCheckChar(first14);
}
async function newVendor(state: string) {
  const res = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/vendors', payload: { name: `Vendor ${tag()}`, gstin: gstinOf(state) } });
  expect(res.statusCode).toBe(200);
  return res.json().id as number;
}
const addBill = (vendorId: number, tax: Record<string, unknown>) =>
  t.as(ACCOUNTANT, {
    method: 'POST',
    url: '/api/accounts/bills',
    payload: { vendorId, billNo: `INV-${tag()}`, billDate: '2025-11-01', description: 'Printer toner', amountPaise: 1_000_000, ...tax },
  });
const billsOf = async (vendorId: number) =>
  (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/bills?vendorId=${vendorId}` })).json().items;

/** A multipart body with one file part `invoice`. */
function invoicePart(data: Buffer, filename: string) {
  const boundary = `----bill${tag()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="invoice"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('the tax on a vendor bill', () => {
  it('refuses GST that does not fit the vendor’s state or the rules, saving nothing', async () => {
    const local = await newVendor('37');
    const other = await newVendor('29');
    const cases: Array<[number, Record<string, unknown>, string]> = [
      [local, { cgstPaise: 90_000, sgstPaise: 90_000, igstPaise: 180_000 }, ACCOUNTS_MSG.gstBoth],
      [local, { cgstPaise: 90_000, sgstPaise: 80_000 }, ACCOUNTS_MSG.gstHalves],
      [local, { igstPaise: 180_000 }, ACCOUNTS_MSG.gstIntraState],
      [other, { cgstPaise: 90_000, sgstPaise: 90_000 }, ACCOUNTS_MSG.gstInterState],
      [local, { tdsPaise: 20_000 }, ACCOUNTS_MSG.tdsSectionNeeded],
      [local, { tdsSection: '194J' }, ACCOUNTS_MSG.tdsAmountNeeded],
      // 10% of ₹10,000 is ₹1,000, not ₹200
      [local, { tdsSection: '194J', tdsRatePercent: 10, tdsPaise: 20_000 }, 'TDS at 10% of the amount is ₹1,000.00'],
      [local, { tdsSection: '194X', tdsPaise: 20_000 }, 'Choose a TDS section from the list'],
    ];
    for (const [vendorId, tax, message] of cases) {
      const res = await addBill(vendorId, tax);
      expect(res.statusCode, JSON.stringify(tax)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await billsOf(local)).toEqual([]);
    expect(await billsOf(other)).toEqual([]);
  });

  it('keeps CGST and SGST within the state, IGST across, and TDS by section and rate', async () => {
    const local = await addBill(await newVendor('37'), { cgstPaise: 90_000, sgstPaise: 90_000, tdsSection: '194C', tdsRatePercent: 2, tdsPaise: 20_000 });
    expect(local.statusCode, local.body).toBe(200);
    // ₹10,000 + ₹900 + ₹900 − ₹200 = ₹11,600
    expect(local.json()).toMatchObject({
      cgstPaise: 90_000,
      sgstPaise: 90_000,
      igstPaise: 0,
      gstPaise: 180_000,
      tdsSection: '194C',
      tdsRatePercent: 2,
      payablePaise: 1_160_000,
      invoiceUrl: '',
    });
    const inter = await addBill(await newVendor('29'), { igstPaise: 180_000 });
    expect(inter.json()).toMatchObject({ igstPaise: 180_000, gstPaise: 180_000, payablePaise: 1_180_000 });
  });
});

describe('the vendor’s invoice', () => {
  it('attaches a PDF and gives it back to the approver; refuses other files and files over the limit', async () => {
    const bill = (await addBill(await newVendor('37'), {})).json();
    const notPdf = await t.as(ACCOUNTANT, { method: 'POST', url: `/api/accounts/bills/${bill.id}/invoice`, ...invoicePart(Buffer.from('MZ not a pdf'), 'invoice.pdf') });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(ACCOUNTS_MSG.invoiceType);
    const huge = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 1)]);
    const tooLarge = await t.as(ACCOUNTANT, { method: 'POST', url: `/api/accounts/bills/${bill.id}/invoice`, ...invoicePart(huge, 'big.pdf') });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('The file is too large: the limit is 1 MB');
    expect((await t.as(OFFICER, { method: 'GET', url: `/api/accounts/bills/${bill.id}/invoice` })).statusCode).toBe(404);

    const ok = await t.as(ACCOUNTANT, { method: 'POST', url: `/api/accounts/bills/${bill.id}/invoice`, ...invoicePart(PDF, 'invoice.pdf') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().invoiceUrl).toBe(`/api/accounts/bills/${bill.id}/invoice`);
    const file = await t.as(OFFICER, { method: 'GET', url: ok.json().invoiceUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('deciding a bill or a concession', () => {
  it('asks for a remark, records it with the decider in the audit trail, and names the decider', async () => {
    const bill = (await addBill(await newVendor('37'), {})).json();
    for (const payload of [{ decision: 'approve' }, { decision: 'approve', note: '   ' }]) {
      const res = await t.as(OFFICER, { method: 'POST', url: `/api/accounts/bills/${bill.id}/decision`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(ACCOUNTS_MSG.remarkNeeded);
    }
    expect((await billsOf(bill.vendorId))[0]).toMatchObject({ status: 'submitted', decidedBy: '' });
    const done = await t.as(OFFICER, {
      method: 'POST',
      url: `/api/accounts/bills/${bill.id}/decision`,
      payload: { decision: 'approve', note: 'Matches the purchase order' },
    });
    expect(done.statusCode).toBe(200);
    // the seeded accounts officer, by name, not login id
    expect(done.json()).toMatchObject({ status: 'approved', decidedBy: 'Sridevi Murthy', decisionNote: 'Matches the purchase order' });
    expect(done.json().decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['username', 'after_json'])
      .where('action', '=', 'bill.decide')
      .where('entity_id', '=', String(bill.id))
      .executeTakeFirstOrThrow();
    expect(audit.username).toBe('accountsofficer');
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ status: 'approved', note: 'Matches the purchase order' });
  });

  it('refuses a concession decision without a remark', async () => {
    const res = await t.as(OFFICER, { method: 'POST', url: '/api/accounts/concessions/1/decision', payload: { decision: 'reject' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ACCOUNTS_MSG.remarkNeeded);
  });
});
