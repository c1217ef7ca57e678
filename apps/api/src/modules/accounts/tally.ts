import { MODE_LABELS } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { voucherLabel } from './bills.service.js';
import { receiptLabel } from './ledger.receipts.js';
import { refundVoucherLabel } from './ledger.refunds.js';
import * as repo from './tally.repo.js';

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
/** A ledger's name as Tally will hold it: what the XML keeps, spaces tidied. */
const ledgerName = (s: string) => xmlText(s).replace(/\s+/g, ' ').trim();
const modeWords = (mode: string) => MODE_LABELS[mode as keyof typeof MODE_LABELS] ?? mode.replace(/_/g, ' ');

// Ledgers and groups the export names (Tally's own groups are left as they are).
const FEE_GROUP = { name: 'Fee Income', parent: 'Direct Incomes' };
const CASH = 'Cash';
const BANK = 'Bank Account';
const ADVANCE = 'Student Fee Advances';
const EXPENSES = 'College Expenses';
const GST_INPUT = { cgst: 'CGST Input', sgst: 'SGST Input', igst: 'IGST Input', unsplit: 'GST Input' } as const;
const DUTY_HEAD: Record<string, string> = { [GST_INPUT.cgst]: 'Central Tax', [GST_INPUT.sgst]: 'State Tax', [GST_INPUT.igst]: 'Integrated Tax' };
const tdsLedger = (section: string) => (section ? `TDS Payable ${section}` : 'TDS Payable');

interface Line {
  ledger: string;
  debit: boolean;
  paise: number;
  bill?: { name: string; type: 'New Ref' | 'Agst Ref' };
}
interface Voucher {
  type: 'Receipt' | 'Payment' | 'Purchase';
  date: string;
  number: string;
  party: string;
  reference?: string;
  narration: string;
  lines: Line[];
}

/** The masters a file's vouchers use: each ledger once, with its group and what Tally needs to know of it. */
class Masters {
  readonly groups = new Map<string, string>();
  readonly ledgers = new Map<string, { parent: string; extra: string }>();
  ledger(name: string, parent: string, extra = '') {
    if (!this.ledgers.has(name)) this.ledgers.set(name, { parent, extra });
    return name;
  }
  feeHead(name: string) {
    this.groups.set(FEE_GROUP.name, FEE_GROUP.parent);
    return this.ledger(ledgerName(name), FEE_GROUP.name);
  }
  money(mode: string) {
    return mode === 'cash' ? this.ledger(CASH, 'Cash-in-Hand') : this.ledger(BANK, 'Bank Accounts');
  }
  tax(name: string, taxType: 'GST' | 'TDS') {
    const head = DUTY_HEAD[name];
    return this.ledger(name, 'Duties & Taxes', `<TAXTYPE>${taxType}</TAXTYPE>${head ? `<GSTDUTYHEAD>${head}</GSTDUTYHEAD>` : ''}`);
  }
  xml() {
    const groups = [...this.groups].map(
      ([name, parent]) =>
        `<TALLYMESSAGE xmlns:UDF="TallyUDF"><GROUP NAME="${esc(name)}" ACTION="Create"><NAME.LIST><NAME>${esc(name)}</NAME></NAME.LIST><PARENT>${esc(parent)}</PARENT></GROUP></TALLYMESSAGE>`,
    );
    const ledgers = [...this.ledgers].map(
      ([name, l]) =>
        `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${esc(name)}" ACTION="Create"><NAME.LIST><NAME>${esc(name)}</NAME></NAME.LIST><PARENT>${esc(l.parent)}</PARENT>${l.extra}</LEDGER></TALLYMESSAGE>`,
    );
    return [...groups, ...ledgers];
  }
}

function lineXml(l: Line, party: string) {
  // Tally's sign: a debit is "deemed positive" and carries a negative amount.
  const signed = `${l.debit ? '-' : ''}${amount(l.paise)}`;
  const bill = l.bill
    ? `<BILLALLOCATIONS.LIST><NAME>${esc(l.bill.name)}</NAME><BILLTYPE>${l.bill.type}</BILLTYPE><AMOUNT>${signed}</AMOUNT></BILLALLOCATIONS.LIST>`
    : '';
  return (
    `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${esc(l.ledger)}</LEDGERNAME><ISDEEMEDPOSITIVE>${l.debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>` +
    `${l.ledger === party ? '<ISPARTYLEDGER>Yes</ISPARTYLEDGER>' : ''}<AMOUNT>${signed}</AMOUNT>${bill}</ALLLEDGERENTRIES.LIST>`
  );
}

function voucherXml(v: Voucher) {
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="${v.type}" ACTION="Create" OBJVIEW="Accounting Voucher View">` +
    `<DATE>${esc(v.date.replace(/-/g, ''))}</DATE><VOUCHERTYPENAME>${v.type}</VOUCHERTYPENAME>` +
    `<VOUCHERNUMBER>${esc(v.number)}</VOUCHERNUMBER>${v.reference ? `<REFERENCE>${esc(v.reference)}</REFERENCE>` : ''}` +
    `<PARTYLEDGERNAME>${esc(v.party)}</PARTYLEDGERNAME><PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>` +
    `<NARRATION>${esc(v.narration)}</NARRATION>${v.lines.map((l) => lineXml(l, v.party)).join('')}</VOUCHER></TALLYMESSAGE>`
  );
}

/** Vendor ledger names: the vendor's name, and its GSTIN (or PAN, or id) when another vendor has the same name. */
function vendorNames(vendors: Awaited<ReturnType<typeof repo.vendors>>) {
  const count = new Map<string, number>();
  for (const v of vendors) count.set(ledgerName(v.name).toLowerCase(), (count.get(ledgerName(v.name).toLowerCase()) ?? 0) + 1);
  return new Map(
    vendors.map((v) => {
      const name = ledgerName(v.name);
      return [v.id, count.get(name.toLowerCase())! > 1 ? `${name} (${v.gstin || v.pan || `vendor ${v.id}`})` : name];
    }),
  );
}

/** The instants an office-date range covers (India, UTC+5:30), for comparing stored ISO times. */
function instants(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00+05:30`);
  const end = Date.parse(`${to}T00:00:00+05:30`) + 86_400_000;
  return { fromIso: new Date(start).toISOString(), toIso: new Date(end).toISOString() };
}

/**
 * A date range's books as one Tally import file (ENVELOPE / IMPORTDATA / TALLYMESSAGE): first the
 * masters its vouchers use (the "Fee Income" group, then each ledger, ACTION="Create"), then:
 * - a fee receipt: Receipt, Cash or Bank debited, each fee head it paid credited (the unallocated
 *   rest to the advances ledger), the student (name and roll number) its party;
 * - a cancelled receipt: on the day it was cancelled, a Payment reversing it, numbered after the
 *   receipt (the receipt itself stays in the books of its own day, as the office's day book has it);
 * - an approved bill (in the export of the day of its final approval, dated the bill's date):
 *   Purchase, expenses and CGST/SGST/IGST input debited, the vendor (New Ref: the vendor's bill
 *   number) and the TDS section's ledger credited;
 * - a bill payment: Payment, the vendor debited against the bill (Agst Ref), Cash or Bank credited;
 * - a refund paid: Payment, the advances ledger (where the receipt put the excess) debited, Cash or
 *   Bank credited, the student its party.
 * Voucher numbers are the office's own and unique within each voucher type.
 */
export async function tallyXml(db: Database, college: { id: number; code: string; name: string }, from: string, to: string) {
  if (from > to) throw badRequest('The from date must be on or before the to date');
  const [receipts, heads, bills, payments, vendors, refunds] = await Promise.all([
    repo.receiptsInRange(db, college.id, from, to),
    repo.headsOfReceipts(db, college.id, from, to),
    repo.approvedBills(db, college.id, { from, to, ...instants(from, to) }),
    repo.billPaymentsInRange(db, college.id, from, to),
    repo.vendors(db, college.id),
    repo.refundsInRange(db, college.id, from, to),
  ]);
  const masters = new Masters();
  const vendorName = vendorNames(vendors);
  const vendor = (id: number) => masters.ledger(vendorName.get(id)!, 'Sundry Creditors', '<ISBILLWISEON>Yes</ISBILLWISEON>');
  const headsOf = new Map<number, Array<{ name: string; amount: number }>>();
  for (const h of heads) headsOf.set(h.receipt_id, [...(headsOf.get(h.receipt_id) ?? []), { name: h.name, amount: Math.abs(h.amount_paise) }]);

  const vouchers: Voucher[] = [];
  for (const r of receipts) {
    const party = masters.ledger(ledgerName(`${r.party} (${r.roll_no})`), 'Sundry Debtors');
    const total = Math.abs(r.amount_paise);
    const parts = (headsOf.get(r.id) ?? []).map((h) => ({ ledger: masters.feeHead(h.name), paise: h.amount }));
    const rest = total - parts.reduce((s, p) => s + p.paise, 0);
    if (rest > 0) parts.push({ ledger: masters.ledger(ADVANCE, 'Current Liabilities'), paise: rest });
    const paidBy = `${modeWords(r.mode)} ${r.reference}`.trim();
    const money = masters.money(r.mode);
    if (r.kind === 'reversal') {
      const original =
        r.original_series === 'M'
          ? (r.original_reference ?? '')
          : receiptLabel(college.code, r.original_series ?? 'C', r.original_fy ?? r.fy, r.original_no ?? null);
      vouchers.push({
        type: 'Payment',
        date: r.entry_date,
        number: `${original || `${college.code}/R/${r.id}`}/CANCELLED`,
        party,
        narration: `Cancellation of receipt ${original}${r.cancel_reason ? `: ${r.cancel_reason}` : ''}. ${party}, ${paidBy}`,
        lines: [...parts.map((p) => ({ ...p, debit: true })), { ledger: money, debit: false, paise: total }],
      });
      continue;
    }
    const desk = r.series === 'M' ? r.source.replace(/-desk$/, '') : '';
    vouchers.push({
      type: 'Receipt',
      date: r.entry_date,
      number: desk
        ? `${college.code}/${desk.toUpperCase()}/${r.id}`
        : receiptLabel(college.code, r.series, r.fy, r.number) || `${college.code}/R/${r.id}`,
      party,
      narration: desk ? `${party}, ${desk} desk ${paidBy}` : `${party}, ${paidBy}`,
      lines: [{ ledger: money, debit: true, paise: total }, ...parts.map((p) => ({ ...p, debit: false }))],
    });
  }

  for (const b of bills) {
    const party = vendor(b.vendor_id);
    const split = b.cgst_paise + b.sgst_paise + b.igst_paise;
    const taxes: Line[] = [
      { ledger: GST_INPUT.cgst, paise: b.cgst_paise },
      { ledger: GST_INPUT.sgst, paise: b.sgst_paise },
      { ledger: GST_INPUT.igst, paise: b.igst_paise },
      // a bill entered before the split was kept: its GST as one figure
      { ledger: GST_INPUT.unsplit, paise: split === 0 ? b.gst_paise : 0 },
    ]
      .filter((t) => t.paise > 0)
      .map((t) => ({ ledger: masters.tax(t.ledger, 'GST'), debit: true, paise: t.paise }));
    const payable = b.amount_paise + b.gst_paise - b.tds_paise;
    vouchers.push({
      type: 'Purchase',
      date: b.bill_date,
      number: `${college.code}/BILL/${b.id}`,
      reference: b.bill_no,
      party,
      narration: `Bill ${b.bill_no}: ${b.description}`,
      lines: [
        { ledger: masters.ledger(EXPENSES, 'Indirect Expenses'), debit: true, paise: b.amount_paise },
        ...taxes,
        { ledger: party, debit: false, paise: payable, bill: { name: b.bill_no, type: 'New Ref' } },
        ...(b.tds_paise > 0 ? [{ ledger: masters.tax(tdsLedger(b.tds_section), 'TDS'), debit: false, paise: b.tds_paise }] : []),
      ],
    });
  }

  for (const p of payments) {
    const party = vendor(p.vendor_id);
    vouchers.push({
      type: 'Payment',
      date: p.entry_date,
      number: voucherLabel(college.code, p.fy, p.number),
      party,
      narration: `Payment against bill ${p.bill_no}, ${modeWords(p.mode)} ${p.reference}`.trim(),
      lines: [
        { ledger: party, debit: true, paise: p.amount_paise, bill: { name: p.bill_no, type: 'Agst Ref' } },
        { ledger: masters.money(p.mode), debit: false, paise: p.amount_paise },
      ],
    });
  }
  for (const f of refunds) {
    const party = masters.ledger(ledgerName(`${f.party} (${f.roll_no})`), 'Sundry Debtors');
    vouchers.push({
      type: 'Payment',
      date: f.entry_date,
      number: refundVoucherLabel(college.code, f.fy, f.number),
      party,
      narration: `Refund of excess fee to ${party}, ${modeWords(f.mode)} ${f.reference}`.trim(),
      lines: [
        { ledger: masters.ledger(ADVANCE, 'Current Liabilities'), debit: true, paise: f.amount_paise },
        { ledger: masters.money(f.mode), debit: false, paise: f.amount_paise },
      ],
    });
  }
  vouchers.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>' +
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${esc(college.name)}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>` +
    `<REQUESTDATA>${[...masters.xml(), ...vouchers.map(voucherXml)].join('\n')}</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>\n`
  );
}
