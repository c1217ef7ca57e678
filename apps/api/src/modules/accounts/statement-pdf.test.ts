import { describe, expect, it } from 'vitest';
import type { TLedgerLine, TReceipt, TStudentLedger } from '@erp/shared';
import { pdfText } from '../../../test/modules/accounts.js';
import { statementPdf } from './pdfs.js';

/** ₹9,99,99,999.00 (just under ₹10 crore) in paise: the widest amount a statement column is sized for. */
const MAX = 9_999_999_900;

const line = (over: Partial<TLedgerLine>): TLedgerLine => ({
  id: 1,
  fy: '2026-27',
  headId: 1,
  headCode: 'TUITION',
  headName: 'Tuition Fee',
  payer: 'student',
  sanctionStatus: '',
  source: 'demand',
  dueDate: '2026-07-01',
  amountPaise: MAX,
  paidPaise: MAX,
  waivedPaise: MAX,
  balancePaise: MAX,
  ...over,
});

const receipt: TReceipt = {
  id: 1,
  kind: 'receipt',
  receiptNo: 1,
  label: 'CLG/2026-27/000001',
  fy: '2026-27',
  date: '2026-07-02',
  rollNo: 'R1',
  studentName: 'Student One',
  mode: 'cash',
  reference: '',
  bank: '',
  instrumentDate: '',
  amountPaise: MAX,
  status: 'active',
  cancelReason: '',
  clerk: 'accountant',
  reversesId: null,
  allocations: [],
  excessPaise: 0,
  pdfUrl: '',
};

const ledger: TStudentLedger = {
  student: {
    rollNo: 'R1',
    name: 'Student One',
    course: 'B.Tech',
    batch: '2026-2030',
    branch: 'CSE',
    section: 'A',
    admissionNo: 'A1',
    parentPhone: '',
    seatType: 'Convener',
  },
  lines: [
    line({}),
    line({ id: 2, headName: 'Hostel', amountPaise: 25_000_000, paidPaise: 0, waivedPaise: 0, balancePaise: 25_000_000 }),
  ],
  receipts: [receipt],
  totals: {
    demandPaise: MAX,
    paidPaise: MAX,
    waivedPaise: MAX,
    studentDuePaise: MAX,
    governmentReceivablePaise: 0,
    advancePaise: 0,
  },
};

describe('ledger statement PDF', () => {
  it('keeps a ₹9,99,99,999.00 amount whole on its row (no digit wrapped to the next line)', async () => {
    const lines = (await pdfText(await statementPdf('Test College', ledger))).split('\n').map((l) => l.trim());
    // The demand row: year, head, payer and four amounts on one extracted line.
    const row = lines.find((l) => l.startsWith('2026-27Tuition Fee'));
    expect(row).toBe('2026-27Tuition FeeStudent9,99,99,999.009,99,99,999.009,99,99,999.009,99,99,999.00');
    expect(lines).toContain('2026-27HostelStudent2,50,000.000.000.002,50,000.00');
    expect(lines.find((l) => l.startsWith('CLG/2026-27/000001'))).toBe('CLG/2026-27/00000102-07-2026CashActive9,99,99,999.00');
    // No line holds a stray piece of an amount.
    expect(lines.filter((l) => /^[0-9,.]{1,3}$/.test(l))).toEqual([]);
  });
});
