import crypto from 'node:crypto';
import { SaxesParser } from 'saxes';
import { gstinCheckChar } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';
import { ACCOUNTANT, OFFICER, collect, collegeId, studentsWithDemand } from '../../../test/modules/accounts.js';
import { officeDate } from './ledger.receipts.js';
import { approvedRefund, payRefund, studentWithExcess } from '../../../test/modules/refunds.js';

/**
 * The Tally export as a fresh Tally company must take it: well-formed XML, every voucher balanced,
 * every ledger it names defined as a master in the same file, voucher numbers unique per type,
 * cancellations as Tally records them, vendor bills as purchases with their taxes, and payments
 * against the bill.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}
/** A real XML parse (saxes throws on anything not well-formed) into a small tree. */
function parseXml(xml: string): Node {
  const parser = new SaxesParser();
  const root: Node = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, attrs: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (s) => {
    stack.at(-1)!.text += s;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}
const kids = (n: Node, name: string) => n.children.filter((c) => c.name === name);
const kid = (n: Node, name: string) => kids(n, name)[0]?.text ?? '';
const all = (n: Node, name: string): Node[] => [...kids(n, name), ...n.children.flatMap((c) => all(c, name))];

interface Voucher {
  type: string;
  number: string;
  party: string;
  narration: string;
  cancelled: string;
  lines: Array<{ ledger: string; debit: boolean; amount: string; bills: Array<{ name: string; type: string; amount: string }> }>;
}
async function exportToday() {
  const today = officeDate();
  const res = await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/export/tally?from=${today}&to=${today}` });
  expect(res.statusCode).toBe(200);
  const doc = parseXml(res.body);
  const messages = all(doc, 'TALLYMESSAGE');
  const groups = new Map(messages.flatMap((m) => kids(m, 'GROUP')).map((g) => [g.attrs.NAME, kid(g, 'PARENT')]));
  const ledgers = new Map(messages.flatMap((m) => kids(m, 'LEDGER')).map((l) => [l.attrs.NAME, kid(l, 'PARENT')]));
  const vouchers: Voucher[] = messages
    .flatMap((m) => kids(m, 'VOUCHER'))
    .map((v) => ({
      type: kid(v, 'VOUCHERTYPENAME'),
      number: kid(v, 'VOUCHERNUMBER'),
      party: kid(v, 'PARTYLEDGERNAME'),
      narration: kid(v, 'NARRATION'),
      cancelled: kid(v, 'ISCANCELLED'),
      lines: [...kids(v, 'ALLLEDGERENTRIES.LIST'), ...kids(v, 'LEDGERENTRIES.LIST')].map((e) => ({
        ledger: kid(e, 'LEDGERNAME'),
        debit: kid(e, 'ISDEEMEDPOSITIVE') === 'Yes',
        amount: kid(e, 'AMOUNT'),
        bills: kids(e, 'BILLALLOCATIONS.LIST').map((b) => ({ name: kid(b, 'NAME'), type: kid(b, 'BILLTYPE'), amount: kid(b, 'AMOUNT') })),
      })),
    }));
  // The first voucher comes after the last master: Tally creates the ledgers before it needs them.
  const firstVoucher = messages.findIndex((m) => kids(m, 'VOUCHER').length > 0);
  const lastMaster = messages.map((m) => kids(m, 'LEDGER').length + kids(m, 'GROUP').length > 0).lastIndexOf(true);
  expect(lastMaster).toBeLessThan(firstVoucher);
  return { xml: res.body, groups, ledgers, vouchers };
}

/** The checks every export must pass, whatever is in it. */
function expectImportable(x: Awaited<ReturnType<typeof exportToday>>) {
  const seen = new Set<string>();
  for (const v of x.vouchers) {
    // Tally's sign: a debit (deemed positive) carries a negative amount; a voucher's amounts sum to zero.
    for (const l of x.vouchers.flatMap((vv) => vv.lines)) expect(l.amount.startsWith('-')).toBe(l.debit);
    const paise = v.lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
    expect(paise, `${v.type} ${v.number} balances`).toBe(0);
    for (const name of [v.party, ...v.lines.map((l) => l.ledger)]) expect(x.ledgers.has(name), `ledger "${name}" is defined`).toBe(true);
    const key = `${v.type}|${v.number}`;
    expect(seen.has(key), `${key} is unique`).toBe(false);
    seen.add(key);
    expect(v.narration).not.toContain('_');
  }
  // every ledger's group is Tally's own or defined in the file
  const tallyGroups = ['Sundry Debtors', 'Sundry Creditors', 'Cash-in-Hand', 'Bank Accounts', 'Duties & Taxes', 'Current Liabilities', 'Indirect Expenses', 'Direct Incomes'];
  for (const parent of x.ledgers.values()) expect(tallyGroups.includes(parent) || x.groups.has(parent), parent).toBe(true);
}

const tag = () => crypto.randomBytes(3).toString('hex').toUpperCase();
/** A GSTIN of Andhra Pradesh (37) with a valid check character and a PAN of its own. */
function newGstin() {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[crypto.randomInt(letters.length)];
  const first14 = `37${pick()}${pick()}${pick()}F${pick()}${String(crypto.randomInt(10_000)).padStart(4, '0')}${pick()}1Z`;
  return first14 + gstinCheckChar(first14);
}

describe('the Tally export', () => {
  it('names each student ledger by name and roll number, defines it, and numbers vouchers uniquely', async () => {
    const { rolls } = await studentsWithDemand(t, 2);
    // Two students with one name stay two ledgers.
    await t.db.updateTable('students').set({ full_name: 'Ravi Kumar' }).where('roll_no', 'in', rolls).execute();
    for (const rollNo of rolls) expect((await collect(t, { rollNo, mode: 'cash', amount: 1_000_000 })).statusCode).toBe(200);
    expect((await collect(t, { rollNo: rolls[0], mode: 'bank_transfer', reference: 'NEFT77', amount: 500_000 })).statusCode).toBe(200);

    const x = await exportToday();
    expectImportable(x);
    for (const roll of rolls) {
      const party = `Ravi Kumar (${roll})`;
      expect(x.ledgers.get(party)).toBe('Sundry Debtors');
      expect(x.vouchers.filter((v) => v.party === party && v.type === 'Receipt').length).toBe(roll === rolls[0] ? 2 : 1);
    }
    const byBank = x.vouchers.find((v) => v.party === `Ravi Kumar (${rolls[0]})` && v.narration.includes('NEFT77'))!;
    expect(byBank.narration).toBe(`Ravi Kumar (${rolls[0]}), Bank transfer NEFT77`);
    // ₹5,000 to Bank, all of it to tuition (the first head in the collection order)
    expect(byBank.lines.map((l) => [l.ledger, l.amount])).toEqual([
      ['Bank Account', '-5000.00'],
      [expect.stringMatching(/^Tuition /), '5000.00'],
    ]);
    expect(x.ledgers.get(byBank.lines[1]!.ledger)).toBe('Fee Income');
    expect(x.groups.get('Fee Income')).toBe('Direct Incomes');
    expect(x.ledgers.get('Bank Account')).toBe('Bank Accounts');
    expect(x.ledgers.get('Cash')).toBe('Cash-in-Hand');
  });

  it('exports a cancelled receipt as a Payment that reverses it on the day it was cancelled', async () => {
    const { rolls } = await studentsWithDemand(t, 1);
    const paid = await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 700_000 });
    expect(paid.statusCode).toBe(200);
    const { id, label } = paid.json() as { id: number; label: string };
    const cancel = await t.as(OFFICER, { method: 'POST', url: `/api/accounts/receipts/${id}/cancel`, payload: { reason: 'Wrong student' } });
    expect(cancel.statusCode).toBe(200);

    const x = await exportToday();
    expectImportable(x);
    expect(x.vouchers.some((v) => v.type === 'Journal')).toBe(false);
    const original = x.vouchers.find((v) => v.type === 'Receipt' && v.number === label)!;
    expect(original.lines.map((l) => [l.ledger, l.amount])).toEqual([
      ['Cash', '-7000.00'],
      [expect.stringMatching(/^Tuition /), '7000.00'],
    ]);
    const reversal = x.vouchers.find((v) => v.type === 'Payment' && v.number === `${label}/CANCELLED`)!;
    expect(reversal.party).toBe(`Test Student ${rolls[0]} (${rolls[0]})`);
    expect(reversal.narration).toBe(`Cancellation of receipt ${label}: Wrong student. Test Student ${rolls[0]} (${rolls[0]}), Cash`);
    expect(reversal.lines.map((l) => [l.ledger, l.amount])).toEqual([
      [original.lines[1]!.ledger, '-7000.00'],
      ['Cash', '7000.00'],
    ]);
  });

  it('exports a refund paid as a Payment from the advances ledger, the student its party', async () => {
    const s = await studentWithExcess(t, 750_000);
    const id = await approvedRefund(t, s.credit.id, 500_000);
    const r = (await payRefund(t, id, { mode: 'bank_transfer', reference: 'NEFT-RF-9', date: officeDate() })).json();
    const x = await exportToday();
    expectImportable(x);
    const party = `Test Student (${s.rollNo})`;
    // The online receipt put all its ₹7,500 in the advances ledger; ₹5,000 of it goes back by bank.
    const receipt = x.vouchers.find((v) => v.type === 'Receipt' && v.party === party && v.narration.includes('Online'))!;
    expect(receipt.lines.map((l) => [l.ledger, l.amount])).toEqual([
      ['Bank Account', '-7500.00'],
      ['Student Fee Advances', '7500.00'],
    ]);
    const refund = x.vouchers.find((v) => v.number === r.voucherLabel)!;
    expect(refund).toMatchObject({ type: 'Payment', party, narration: `Refund of excess fee to ${party}, Bank transfer NEFT-RF-9` });
    expect(refund.lines.map((l) => [l.ledger, l.debit, l.amount])).toEqual([
      ['Student Fee Advances', true, '-5000.00'],
      ['Bank Account', false, '5000.00'],
    ]);
    expect(x.ledgers.get('Student Fee Advances')).toBe('Current Liabilities');
    expect(x.ledgers.get(party)).toBe('Sundry Debtors');
  });

  it('books an approved bill as a Purchase with its GST and TDS, and its payment against the bill', async () => {
    const vendor = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/vendors',
      payload: { name: `Sai Lab Supplies ${tag()}`, gstin: newGstin() },
    });
    expect(vendor.statusCode).toBe(200);
    const billNo = `INV-${tag()}`;
    // ₹50,000 + CGST ₹4,500 + SGST ₹4,500 − TDS 194C at 2% ₹1,000 = ₹58,000 payable
    const bill = await t.as(ACCOUNTANT, {
      method: 'POST',
      url: '/api/accounts/bills',
      payload: {
        vendorId: vendor.json().id,
        billNo,
        billDate: officeDate(),
        description: 'Lab glassware',
        amountPaise: 5_000_000,
        cgstPaise: 450_000,
        sgstPaise: 450_000,
        tdsSection: '194C',
        tdsRatePercent: 2,
        tdsPaise: 100_000,
      },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().payablePaise).toBe(5_800_000);
    const billId = bill.json().id;
    const decided = await t.as(OFFICER, {
      method: 'POST',
      url: `/api/accounts/bills/${billId}/decision`,
      payload: { decision: 'approve', note: 'Checked against the purchase order' },
    });
    expect(decided.json().status).toBe('approved');
    for (const amountPaise of [3_000_000, 2_800_000]) {
      const paid = await t.as(ACCOUNTANT, {
        method: 'POST',
        url: `/api/accounts/bills/${billId}/payments`,
        payload: { mode: 'bank_transfer', reference: `NEFT${amountPaise}`, amountPaise },
      });
      expect(paid.statusCode).toBe(200);
    }

    const x = await exportToday();
    expectImportable(x);
    const party = vendor.json().name;
    expect(x.ledgers.get(party)).toBe('Sundry Creditors');
    const purchase = x.vouchers.find((v) => v.type === 'Purchase' && v.party === party)!;
    expect(purchase.narration).toBe(`Bill ${billNo}: Lab glassware`);
    expect(purchase.lines.map((l) => [l.ledger, l.amount, l.bills])).toEqual([
      ['College Expenses', '-50000.00', []],
      ['CGST Input', '-4500.00', []],
      ['SGST Input', '-4500.00', []],
      [party, '58000.00', [{ name: billNo, type: 'New Ref', amount: '58000.00' }]],
      ['TDS Payable 194C', '1000.00', []],
    ]);
    for (const tax of ['CGST Input', 'SGST Input', 'TDS Payable 194C']) expect(x.ledgers.get(tax)).toBe('Duties & Taxes');
    const payments = x.vouchers.filter((v) => v.type === 'Payment' && v.party === party);
    expect(payments.map((p) => p.narration)).toEqual([
      `Payment against bill ${billNo}, Bank transfer NEFT3000000`,
      `Payment against bill ${billNo}, Bank transfer NEFT2800000`,
    ]);
    expect(payments[1]!.lines.map((l) => [l.ledger, l.amount, l.bills])).toEqual([
      [party, '-28000.00', [{ name: billNo, type: 'Agst Ref', amount: '-28000.00' }]],
      ['Bank Account', '28000.00', []],
    ]);
  });

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
    const approve = { decision: 'approve', note: 'Received' };
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

    const x = await exportToday();
    expect(x.xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expectImportable(x);
    const payment = x.vouchers.find((v) => v.type === 'Payment' && v.party === 'Sri Lakshmi Traders')!;
    expect(payment.lines[0]!.ledger).toBe('Sri Lakshmi Traders');
    expect(payment.narration).toBe('Payment against bill TL-1, Bank transfer NEFT42');
    const receipt = x.vouchers.find((v) => v.party === `Test Student ${rolls[0]} (${rolls[0]})`)!;
    expect(receipt.narration).toBe(`Test Student ${rolls[0]} (${rolls[0]}), UPI UTR77`);
  });
});
