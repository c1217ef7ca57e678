import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { entryLabel } from './reports.service.js';
import * as repo from './reports.repo.js';

/**
 * Text as Tally can read it: XML 1.0 has no place for control characters (nor DEL and C1 codes,
 * nor a lone surrogate), so they go; a tab or line break becomes a space (a ledger name is one line).
 */
function xmlText(s: string) {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c === 0x09 || c === 0x0a || c === 0x0d) out += ' ';
    else if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000) out += ch;
  }
  return out;
}
const esc = (s: string) =>
  xmlText(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const amount = (paise: number) => (paise / 100).toFixed(2);
const CASH = 'Cash';
const BANK = 'Bank Account';
const ADVANCE = 'Student Fee Advances';

function entry(ledger: string, debit: boolean, paise: number) {
  // Tally's sign: a debit is "deemed positive" and carries a negative amount.
  return `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${esc(ledger)}</LEDGERNAME><ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE><AMOUNT>${debit ? '-' : ''}${amount(paise)}</AMOUNT></ALLLEDGERENTRIES.LIST>`;
}

function voucher(type: string, date: string, number: string, party: string, narration: string, lines: string[]) {
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="${esc(type)}" ACTION="Create">` +
    `<DATE>${esc(date.replace(/-/g, ''))}</DATE><VOUCHERTYPENAME>${esc(type)}</VOUCHERTYPENAME>` +
    `<VOUCHERNUMBER>${esc(number)}</VOUCHERNUMBER><PARTYLEDGERNAME>${esc(party)}</PARTYLEDGERNAME>` +
    `<NARRATION>${esc(narration)}</NARRATION>${lines.join('')}</VOUCHER></TALLYMESSAGE>`
  );
}

/**
 * The receipts, reversals and payments of a date range as Tally import XML (ENVELOPE / IMPORTDATA /
 * TALLYMESSAGE / VOUCHER): a fee receipt debits Cash or Bank and credits each fee head it paid
 * (an unallocated rest goes to the advances ledger); a reversal is a Journal the other way round;
 * a vendor payment debits the vendor and credits Cash or Bank.
 */
export async function tallyXml(db: Database, college: { id: number; code: string; name: string }, from: string, to: string) {
  if (from > to) throw badRequest('The from date must be on or before the to date');
  const [{ items }, allocations] = await Promise.all([
    repo.entries(db, college.id, { from, to }),
    repo.allocationsInRange(db, college.id, from, to),
  ]);
  const byReceipt = new Map<number, Array<{ name: string; amount: number }>>();
  for (const a of allocations) {
    const list = byReceipt.get(a.receipt_id) ?? [];
    list.push({ name: a.name, amount: Math.abs(a.amount_paise) });
    byReceipt.set(a.receipt_id, list);
  }
  const messages = [...items].reverse().map((e) => {
    const money = e.mode === 'cash' ? CASH : BANK;
    const label = entryLabel(college.code, e);
    const abs = Math.abs(e.amount_paise);
    if (e.kind === 'payment')
      return voucher('Payment', e.entry_date, label, e.party, `${e.mode} ${e.reference}`.trim(), [
        entry(e.party, true, abs),
        entry(money, false, abs),
      ]);
    const heads = e.kind === 'receipt' ? (byReceipt.get(e.id) ?? []) : (byReceipt.get(e.id) ?? []);
    const allocated = heads.reduce((s, h) => s + h.amount, 0);
    const parts = [...heads];
    if (abs - allocated > 0) parts.push({ name: ADVANCE, amount: abs - allocated });
    const narration = `${e.party} (${e.roll_no}) ${e.mode} ${e.reference}`.trim();
    if (e.kind === 'reversal')
      return voucher('Journal', e.entry_date, label, e.party, `Cancelled: ${narration}`, [
        ...parts.map((h) => entry(h.name, true, h.amount)),
        entry(money, false, abs),
      ]);
    return voucher('Receipt', e.entry_date, label, e.party, narration, [
      entry(money, true, abs),
      ...parts.map((h) => entry(h.name, false, h.amount)),
    ]);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>' +
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${esc(college.name)}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>` +
    `<REQUESTDATA>${messages.join('\n')}</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>\n`
  );
}
