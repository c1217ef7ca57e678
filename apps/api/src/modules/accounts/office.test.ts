import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  ACCOUNTANT,
  OFFICER,
  PRINCIPAL,
  collect,
  ledgerOf,
  newBatch,
  newHeads,
  newStructure,
  newStudents,
  pdfText,
  studentsWithDemand,
} from '../../../test/modules/accounts.js';
import { CONCESSION_LIST_CAP } from './concessions.repo.js';
import { officeDate } from './ledger.receipts.js';

let t: TestApp;
let types: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const add = async (code: string, name: string, payer: string, category: string) => {
    const res = await t.as(OFFICER, {
      method: 'POST',
      url: '/api/accounts/concession-types',
      payload: { code, name, payer, category },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().id as number;
  };
  types = {
    merit: await add('TMERIT', 'Test merit', 'institution', 'Merit'),
    rtf: await add('TRTF', 'Test RTF', 'state_reimbursement', 'SC'),
  };
});
afterAll(async () => t.close());

const propose = (payload: Record<string, unknown>, as = ACCOUNTANT) =>
  t.as(as, { method: 'POST', url: '/api/accounts/concessions', payload });
const decide = (id: number, decision: string, as = OFFICER) =>
  t.as(as, { method: 'POST', url: `/api/accounts/concessions/${id}/decision`, payload: { decision, note: 'checked' } });

describe('concessions', () => {
  it('the list, cut for speed, counts every concession its filters match', async () => {
    const { rolls, heads, fy } = await studentsWithDemand(t, 2);
    const [a, b] = rolls;
    const tuition = (
      await propose({ rollNo: a, typeId: types.merit, fy, headId: heads.tuition.id, basis: 'percent', value: 10 })
    ).json();
    await propose({ rollNo: a, typeId: types.merit, fy, headId: heads.exam.id, basis: 'amount', value: 50_000 });
    await propose({ rollNo: b, typeId: types.merit, fy, headId: heads.tuition.id, basis: 'percent', value: 10 });
    expect((await decide(tuition.id, 'approve')).statusCode).toBe(200);
    const list = async (q: string) => (await t.as(OFFICER, { method: 'GET', url: `/api/accounts/concessions?${q}` })).json();
    // a's two (newest first), not b's
    const ofA = await list(`rollNo=${a}`);
    expect(ofA).toMatchObject({ total: 2, limit: CONCESSION_LIST_CAP });
    expect(ofA.items.map((c: { headId: number }) => c.headId)).toEqual([heads.exam.id, heads.tuition.id]);
    // still proposed: one of a's two
    expect((await list(`rollNo=${a}&status=proposed`)).total).toBe(1);
    expect((await list(`rollNo=${b}`)).total).toBe(1);
  });

  it('a waiver proposed by the accountant and approved by the officer lowers the student’s due', async () => {
    const { rolls, heads, fy } = await studentsWithDemand(t);
    const p = await propose({ rollNo: rolls[0], typeId: types.merit, fy, headId: heads.tuition.id, basis: 'percent', value: 25 });
    expect(p.statusCode).toBe(200);
    // 25% of ₹50,000 = ₹12,500
    // people by name (the seeded accountant and officer), not login id
    expect(p.json()).toMatchObject({ status: 'proposed', amountPaise: 1_250_000, proposedBy: 'Lakshmi Narayana' });
    expect((await decide(p.json().id, 'approve', ACCOUNTANT)).statusCode).toBe(403);
    const d = await decide(p.json().id, 'approve');
    expect(d.json()).toMatchObject({ status: 'approved', decidedBy: 'Sridevi Murthy' });
    const l = await ledgerOf(t, rolls[0]);
    expect(l.totals).toMatchObject({ waivedPaise: 1_250_000, studentDuePaise: 3_950_000, governmentReceivablePaise: 0 });
    const again = await decide(p.json().id, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNTS_MSG.concessionDecided);
  });

  it('the government’s share becomes a receivable, never the student’s due, and needs the principal above the limit', async () => {
    const { rolls, heads, fy, batch } = await studentsWithDemand(t);
    const p = (
      await propose({ rollNo: rolls[0], typeId: types.rtf, fy, headId: heads.tuition.id, basis: 'percent', value: 100 })
    ).json();
    expect(p.amountPaise).toBe(5_000_000);
    // ₹50,000 is not above the default ₹50,000 limit: the officer's approval is final.
    expect((await decide(p.id, 'approve')).json().status).toBe('approved');
    const l = await ledgerOf(t, rolls[0]);
    expect(l.totals).toMatchObject({ studentDuePaise: 200_000, governmentReceivablePaise: 5_000_000 });
    const gov = l.lines.find((x: { payer: string }) => x.payer === 'state_reimbursement');
    expect(gov).toMatchObject({ sanctionStatus: 'pending', amountPaise: 5_000_000 });
    const dues = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/dues?batch=${batch}` })).json();
    expect(dues.items).toEqual([expect.objectContaining({ rollNo: rolls[0], duePaise: 200_000, parentPhone: '9000000001' })]);

    // The share arrives: a bank receipt against the government's line.
    const got = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/receivables/${gov.id}`,
      payload: { status: 'received', reference: 'RTF-2025-77' },
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().receiptId).toBeGreaterThan(0);
    const after = await ledgerOf(t, rolls[0]);
    expect(after.totals).toMatchObject({ studentDuePaise: 200_000, governmentReceivablePaise: 0 });
    expect(after.lines.find((x: { payer: string }) => x.payer === 'state_reimbursement').sanctionStatus).toBe('received');

    const limit = await t.as(OFFICER, {
      method: 'PUT',
      url: '/api/accounts/settings',
      payload: { concessionPrincipalLimitPaise: 100_000, billPrincipalLimitPaise: 10_000_000 },
    });
    expect(limit.statusCode).toBe(200);
    const big = (
      await propose({ rollNo: rolls[0], typeId: types.merit, fy, headId: heads.exam.id, basis: 'amount', value: 150_000 })
    ).json();
    expect((await decide(big.id, 'approve')).json().status).toBe('awaiting_principal');
    expect((await ledgerOf(t, rolls[0])).totals.waivedPaise).toBe(0);
    const officerAgain = await decide(big.id, 'approve');
    expect(officerAgain.statusCode).toBe(403);
    expect(officerAgain.json().message).toBe(ACCOUNTS_MSG.notYourStage);
    expect((await decide(big.id, 'approve', PRINCIPAL)).json().status).toBe('approved');
    expect((await ledgerOf(t, rolls[0])).totals).toMatchObject({ waivedPaise: 150_000, studentDuePaise: 50_000 });
    await t.as(OFFICER, {
      method: 'PUT',
      url: '/api/accounts/settings',
      payload: { concessionPrincipalLimitPaise: 5_000_000, billPrincipalLimitPaise: 10_000_000 },
    });
  });

  it('refuses a concession larger than the due and one the proposer approves', async () => {
    const { rolls, heads, fy } = await studentsWithDemand(t);
    const tooBig = await propose({
      rollNo: rolls[0],
      typeId: types.merit,
      fy,
      headId: heads.exam.id,
      basis: 'amount',
      value: 200_001,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(ACCOUNTS_MSG.concessionTooLarge);
    const noDemand = await propose({
      rollNo: rolls[0],
      typeId: types.merit,
      fy: '2030-31',
      headId: heads.exam.id,
      basis: 'amount',
      value: 100,
    });
    expect(noDemand.json().message).toBe(ACCOUNTS_MSG.concessionNoDemand);
    const own = (
      await propose({ rollNo: rolls[0], typeId: types.merit, fy, headId: heads.exam.id, basis: 'amount', value: 100 }, OFFICER)
    ).json();
    const res = await decide(own.id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNTS_MSG.ownProposal);
  });
});

describe('vendors and bills', () => {
  it('validates GSTIN by its check character and IFSC by its format', async () => {
    const bad = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/vendors',
      payload: { name: 'X', gstin: '27AAPFU0939F1ZX' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The GSTIN is not valid');
    const ifsc = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/vendors',
      payload: { name: 'X', ifsc: 'SBIN1234567' },
    });
    expect(ifsc.statusCode).toBe(400);
    expect(ifsc.json().message).toContain('The IFSC is 4 letters');
  });

  it('runs a bill through approval and payment with a voucher, refusing payment before approval and beyond the balance', async () => {
    const v = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/vendors',
      payload: {
        name: 'Test Stationers',
        gstin: '27aapfu0939f1zv',
        pan: 'AAPFU0939F',
        bankAccount: '001234567890',
        ifsc: 'SBIN0001234',
      },
    });
    expect(v.statusCode).toBe(200);
    expect(v.json().gstin).toBe('27AAPFU0939F1ZV');
    const dup = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/vendors',
      payload: { name: 'Again', gstin: '27AAPFU0939F1ZV' },
    });
    expect(dup.statusCode).toBe(409);
    // ₹10,000 + 18% GST ₹1,800 − 2% TDS ₹200 = ₹11,600 payable
    const bill = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/bills',
      payload: {
        vendorId: v.json().id,
        billNo: 'INV-101',
        billDate: '2025-11-01',
        description: 'Answer booklets',
        amountPaise: 1_000_000,
        cgstPaise: 90_000,
        sgstPaise: 90_000,
        tdsSection: '194C',
        tdsPaise: 20_000,
      },
    });
    expect(bill.json()).toMatchObject({ status: 'submitted', payablePaise: 1_160_000 });
    const id = bill.json().id;
    const early = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/bills/${id}/payments`,
      payload: { mode: 'cheque', reference: '000111', amountPaise: 100 },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ACCOUNTS_MSG.billNotApproved);
    expect(
      (
        await t.as(OFFICER, { method: 'POST', url: `/api/accounts/bills/${id}/decision`, payload: { decision: 'approve', note: 'ok' } })
      ).json().status,
    ).toBe('approved');
    const part = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/bills/${id}/payments`,
      payload: { mode: 'bank_transfer', reference: 'NEFT001', amountPaise: 1_000_000 },
    });
    expect(part.statusCode).toBe(200);
    const over = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/bills/${id}/payments`,
      payload: { mode: 'cash', amountPaise: 160_001 },
    });
    expect(over.json().message).toBe(ACCOUNTS_MSG.billOverpaid);
    const rest = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: `/api/accounts/bills/${id}/payments`,
      payload: { mode: 'cash', amountPaise: 160_000 },
    });
    expect(rest.json().voucherNo).toBe(part.json().voucherNo + 1);
    const list = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/bills?vendorId=${v.json().id}` })).json();
    expect(list.items[0]).toMatchObject({ status: 'paid', paidPaise: 1_160_000 });
    const pdf = await t.as(ACCOUNTANT, { method: 'GET', url: rest.json().pdfUrl });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('PAYMENT VOUCHER');
    expect(text).toContain('Test Stationers');
    expect(text).toContain('Rupees One Thousand Six Hundred Only');
  });

  it('sends a bill above the limit to the principal', async () => {
    const v = (
      await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/vendors', payload: { name: 'Big Builders' } })
    ).json();
    const bill = (
      await t.as(ACCOUNTANT, {
        method: 'POST',
        url: '/api/accounts/bills',
        payload: { vendorId: v.id, billNo: 'B-9', billDate: '2025-10-01', description: 'Lab furniture', amountPaise: 50_000_000 },
      })
    ).json();
    expect(
      (
        await t.as(OFFICER, { method: 'POST', url: `/api/accounts/bills/${bill.id}/decision`, payload: { decision: 'approve', note: 'ok' } })
      ).json().status,
    ).toBe('awaiting_principal');
    expect(
      (
        await t.as(PRINCIPAL, {
          method: 'POST',
          url: `/api/accounts/bills/${bill.id}/decision`,
          payload: { decision: 'approve', note: 'ok' },
        })
      ).json().status,
    ).toBe('approved');
    const payables = (await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/payables' })).json();
    expect(payables.find((p: { vendorId: number }) => p.vendorId === v.id)).toMatchObject({ bills: 1, totalPaise: 50_000_000 });
  });
});

describe('reports', () => {
  it('day book: the day’s receipts move the closing balance; opening is everything before', async () => {
    const today = officeDate();
    const before = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/daybook?date=${today}&book=cash` })).json();
    const { rolls } = await studentsWithDemand(t);
    const r = (await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 123_400 })).json();
    await collect(t, { rollNo: rolls[0], mode: 'upi', reference: 'UPI9', amount: 100 });
    const after = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/daybook?date=${today}&book=cash` })).json();
    expect(after.openingPaise).toBe(before.openingPaise);
    expect(after.closingPaise - before.closingPaise).toBe(123_400);
    expect(after.closingPaise).toBe(after.openingPaise + after.receiptsPaise - after.paymentsPaise);
    expect(after.entries.some((e: { id: number; kind: string }) => e.kind === 'receipt' && e.id === r.id)).toBe(true);
  });

  it('dues: searched by the start of the roll number or any part of the name, in any case', async () => {
    const { rolls, batch } = await studentsWithDemand(t, 2);
    await t.db.updateTable('students').set({ full_name: 'Kavya Ramaswamy' }).where('roll_no', '=', rolls[0]).execute();
    const found = async (q: string) =>
      (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/dues?batch=${batch}&q=${encodeURIComponent(q)}` }))
        .json()
        .items.map((i: { rollNo: string }) => i.rollNo);
    expect(await found('ramasw')).toEqual([rolls[0]]);
    expect(await found(rolls[1].slice(0, 10).toLowerCase())).toEqual([rolls[1]]);
    // Only the start of a roll number: the other student's name holds their roll number, so name it first.
    await t.db.updateTable('students').set({ full_name: 'Arjun Varma' }).where('roll_no', '=', rolls[1]).execute();
    expect(await found(rolls[1].slice(3, 12))).toEqual([]);
  });

  it('exports Tally vouchers with balanced ledger entries', async () => {
    const today = officeDate();
    const { rolls } = await studentsWithDemand(t);
    await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 5_100_000 });
    const res = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/export/tally?from=${today}&to=${today}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>');
    const voucher = xml.split('<TALLYMESSAGE').find((v) => v.includes('<VOUCHER') && v.includes(`(${rolls[0]})`))!;
    expect(voucher).toContain('<VOUCHER VCHTYPE="Receipt" ACTION="Create"');
    // Cash debited ₹51,000; tuition ₹50,000 and exam ₹1,000 credited.
    expect(voucher).toContain('<LEDGERNAME>Cash</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-51000.00</AMOUNT>');
    expect(voucher).toMatch(
      /<LEDGERNAME>Tuition \w+<\/LEDGERNAME><ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE><AMOUNT>50000.00<\/AMOUNT>/,
    );
    expect(voucher).toMatch(
      /<LEDGERNAME>Exam \w+<\/LEDGERNAME><ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE><AMOUNT>1000.00<\/AMOUNT>/,
    );
    const bad = await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/export/tally?from=2026-02-01&to=2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACCOUNTS_MSG.badRange);
  });

  it('dues list as Excel with parent phones, and the ledger statement PDF', async () => {
    const { rolls, batch } = await studentsWithDemand(t, 2);
    await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 200_000 });
    const x = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/dues.xlsx?batch=${batch}` });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Dues')!;
    expect(ws.rowCount).toBe(3);
    const rows = [2, 3].map((i) => ws.getRow(i).values as unknown[]);
    const mine = rows.find((r) => r[1] === rolls[0])!;
    expect(mine[7]).toBe('9000000001');
    expect(mine[11]).toBe(50_000);
    const pdf = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/students/${rolls[0]}/statement` });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('STUDENT LEDGER STATEMENT');
    expect(text).toContain('₹50,000.00');
  });

  it('transaction history filters by mode and clerk, and the annual report counts beneficiaries', async () => {
    const { rolls } = await studentsWithDemand(t);
    const r = (await collect(t, { rollNo: rolls[0], mode: 'card', reference: 'CARD-77', amount: 4_321 })).json();
    const page = (
      await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/transactions?mode=card&clerk=${ACCOUNTANT}&pageSize=200` })
    ).json();
    expect(page.items.every((i: { mode: string }) => i.mode === 'card')).toBe(true);
    expect(page.items.some((i: { id: number }) => i.id === r.id)).toBe(true);
    const report = (await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/reports/annual?fy=2025-26' })).json();
    expect(report.fy).toBe('2025-26');
    expect(report.scholarshipBeneficiaries.find((b: { typeName: string }) => b.typeName === 'Test merit')).toMatchObject({
      category: 'Merit',
    });
  });
});

describe('fee structure edits and the audit trail', () => {
  const auditRows = (action: string, entityId: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'before_json', 'after_json'])
      .where('action', '=', action)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  it("edits a structure's amounts and records before and after; demand raised later uses the new amounts", async () => {
    const batch = newBatch();
    const heads = await newHeads(t);
    const [roll] = await newStudents(t, batch, ['Convener']);
    const s = await newStructure(t, batch, 'Convener', [{ headId: heads.tuition.id, amountPaise: 5_000_000 }]);
    const res = await t.as(OFFICER, {
      method: 'PUT',
      url: `/api/accounts/fee-structures/${s.id}`,
      payload: {
        course: 'B.Tech',
        batch,
        yearOfStudy: 1,
        seatType: 'Convener',
        lines: [
          { headId: heads.tuition.id, amountPaise: 5_500_000 },
          { headId: heads.exam.id, amountPaise: 250_000 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, totalPaise: 5_750_000 });
    const [row] = await auditRows('fee-structure.update', String(s.id));
    expect(row.username).toBe(OFFICER);
    expect(JSON.parse(String(row.before_json)).lines).toEqual([{ headId: heads.tuition.id, amountPaise: 5_000_000 }]);
    expect(JSON.parse(String(row.after_json)).lines).toHaveLength(2);

    // The accountant may not edit structures.
    const refused = await t.as(ACCOUNTANT, { method: 'PUT', url: `/api/accounts/fee-structures/${s.id}`, payload: {} });
    expect(refused.statusCode).toBe(403);

    const demand = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 1 } });
    expect(demand.json()).toMatchObject({ raised: 2, totalPaise: 5_750_000 });
    expect((await ledgerOf(t, roll)).totals.studentDuePaise).toBe(5_750_000);
    // Both runs of the demand are recorded, the second raising nothing.
    await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 1 } });
    const runs = await auditRows('demand.raise', `${batch}/1`);
    expect(runs.map((r) => [r.username, JSON.parse(String(r.after_json)).linesRaised])).toEqual([
      [ACCOUNTANT, 2],
      [ACCOUNTANT, 0],
    ]);
  });

  it('records a settings change with the limits before and after', async () => {
    const before = (await t.as(OFFICER, { method: 'GET', url: '/api/accounts/settings' })).json();
    const res = await t.as(OFFICER, {
      method: 'PUT',
      url: '/api/accounts/settings',
      payload: { concessionPrincipalLimitPaise: 7_500_000, billPrincipalLimitPaise: before.billPrincipalLimitPaise },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json', 'username'])
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .execute();
    expect(rows[0].username).toBe(OFFICER);
    expect(JSON.parse(String(rows[0].before_json))).toEqual(before);
    expect(JSON.parse(String(rows[0].after_json)).concessionPrincipalLimitPaise).toBe(7_500_000);
  });
});
