import { accountsFy, gstinCheckChar } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';

const HEADS: Array<[string, string, number]> = [
  ['TUITION', 'Tuition Fee', 1],
  ['SPECIAL', 'Special Fee', 2],
  ['EXAM', 'Examination Fee', 3],
  ['ADMISSION', 'Admission Fee', 4],
  ['HOSTEL', 'Hostel Fee', 10],
  ['TRANSPORT', 'Transport Fee', 11],
  ['LIBRARY_FINE', 'Library Fine', 12],
  ['EXAM_SUPPLY', 'Supplementary exam fee', 13],
];

const CONCESSION_TYPES: Array<[string, string, string, string]> = [
  ['RTF', 'State fee reimbursement (RTF)', 'state_reimbursement', 'SC/ST/BC'],
  ['NSP', 'National Scholarship Portal', 'nsp', 'Minority'],
  ['MERIT', 'Merit scholarship', 'institution', 'Merit'],
  ['SPORTS', 'Sports quota concession', 'institution', 'Sports'],
  ['STAFF_WARD', 'Staff ward concession', 'institution', 'Staff ward'],
  ['MGMT_WAIVER', 'Management waiver', 'institution', 'Management'],
];

/** Per seat type, in paise: tuition, special, exam; first year adds the admission fee. */
export const TUITION: Record<string, number> = { Convener: 7_000_000, Management: 12_000_000, NRI: 25_000_000 };
export const SPECIAL = 500_000;
export const EXAM = 250_000;
export const ADMISSION = 1_000_000;
export const MODES = ['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer'] as const;
export const BANKS = ['State Bank of India', 'Andhra Bank', 'HDFC Bank', 'Canara Bank', 'ICICI Bank'];

/** A B.Tech fee structure (batch, year of study, seat) with its lines, head by code. */
export async function insertStructure(
  ctx: SeedContext,
  collegeId: number,
  s: { batch: string; year: number; seat: string; lines: Array<[string, number]> },
  headOf: (code: string) => number,
) {
  const { id } = await ctx.db
    .insertInto('acc_fee_structures')
    .values({ college_id: collegeId, course: 'B.Tech', batch: s.batch, year_of_study: s.year, seat_type: s.seat, created_at: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('acc_fee_structure_lines')
    .values(s.lines.map(([code, amount]) => ({ college_id: collegeId, structure_id: id, head_id: headOf(code), amount_paise: amount })))
    .execute();
}

/** A counter receipt as the counter writes it: active, series C; the bank and instrument date only for a DD or cheque. */
export function counterReceiptRow(r: {
  collegeId: number;
  fy: string;
  receiptNo: number;
  studentId: number;
  date: string;
  mode: string;
  reference: string;
  bank: string;
  amount: number;
  clerkId: number | null;
  clerk: string;
  sourceRef: string;
}) {
  const cheque = r.mode === 'dd' || r.mode === 'cheque';
  return {
    college_id: r.collegeId,
    kind: 'receipt',
    series: 'C',
    fy: r.fy,
    receipt_no: r.receiptNo,
    reverses_id: null,
    student_id: r.studentId,
    entry_date: r.date,
    mode: r.mode,
    reference: r.reference,
    bank: cheque ? r.bank : '',
    instrument_date: cheque ? r.date : '',
    amount_paise: r.amount,
    status: 'active',
    cancel_reason: '',
    cancelled_by: '',
    cancelled_at: '',
    clerk_id: r.clerkId,
    clerk: r.clerk,
    source: 'counter',
    source_ref: r.sourceRef,
    created_at: `${r.date}T05:30:00.000Z`,
  };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = (s: string) => new Date(`${s}T00:00:00Z`).getTime();

/**
 * The accounts office of both colleges: heads, concession types, seat types, fee structures, the
 * last and the current financial year's demand for every student, counter receipts in every mode
 * (one cancelled), concessions in each state with the government's share as a receivable, vendors
 * with valid GSTINs and bills at each step of approval. The legacy online payments post too.
 */
export async function seedAccounts(ctx: SeedContext): Promise<void> {
  await seedCollege(ctx, ctx.main, 101);
  await seedCollege(ctx, ctx.srk, 202);
}

async function seedCollege(ctx: SeedContext, college: SeededCollege, seed: number) {
  const { db } = ctx;
  const rand = prng(seed);
  const today = iso(new Date(ctx.now).getTime() + 330 * 60_000);
  const fyNow = accountsFy(today);
  const fyStart = Number(fyNow.slice(0, 4));
  const fyPrev = `${fyStart - 1}-${String(fyStart % 100).padStart(2, '0')}`;
  const c = college.id;

  const heads = await db
    .insertInto('acc_fee_heads')
    .values(HEADS.map(([code, name, sort_order]) => ({ college_id: c, code, name, sort_order })))
    .returning(['id', 'code'])
    .execute();
  const head = Object.fromEntries(heads.map((h) => [h.code, h.id]));
  const types = await db
    .insertInto('acc_concession_types')
    .values(CONCESSION_TYPES.map(([code, name, payer, category]) => ({ college_id: c, code, name, payer, category })))
    .returning(['id', 'code'])
    .execute();
  const type = Object.fromEntries(types.map((t) => [t.code, t.id]));
  await db
    .insertInto('acc_settings')
    .values({ college_id: c, concession_principal_limit_paise: 5_000_000, bill_principal_limit_paise: 10_000_000 })
    .execute();

  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'batch', 'course'])
    .where('college_id', '=', c)
    .orderBy('id')
    .execute();
  const seatOf = new Map<number, string>();
  const profiles = students.map((s, i) => {
    const r = rand();
    const seat = i === 0 ? 'Convener' : r < 0.7 ? 'Convener' : r < 0.9 ? 'Management' : 'NRI';
    seatOf.set(s.id, seat);
    return {
      college_id: c,
      student_id: s.id,
      seat_type: seat,
      admission_no: `${college.code}${s.batch.slice(0, 4)}${String(i + 1).padStart(4, '0')}`,
      parent_phone: `9${Math.floor(100_000_000 + rand() * 899_999_999)}`,
    };
  });
  await insertChunked(db, 'acc_student_profiles', profiles, 300);

  // Structures for every batch and year of study that the two years touch.
  const batches = [...new Set(students.map((s) => s.batch))];
  const structureRows: Array<{ batch: string; year: number; seat: string; lines: Array<[string, number]> }> = [];
  for (const batch of batches) {
    const start = Number(batch.slice(0, 4));
    for (const fy of [fyStart - 1, fyStart]) {
      const year = fy - start + 1;
      if (year < 1 || year > 4) continue;
      for (const seat of Object.keys(TUITION)) {
        const lines: Array<[string, number]> = [
          ['TUITION', TUITION[seat]],
          ['SPECIAL', SPECIAL],
          ['EXAM', EXAM],
        ];
        if (year === 1) lines.push(['ADMISSION', ADMISSION]);
        structureRows.push({ batch, year, seat, lines });
      }
    }
  }
  for (const s of structureRows) await insertStructure(ctx, c, s, (code) => head[code]);

  // Demand lines, with concessions and payments worked out before they are written.
  interface Line {
    student_id: number;
    fy: string;
    head: string;
    payer: string;
    sanction_status: string;
    amount_paise: number;
    paid_paise: number;
    waived_paise: number;
    source: string;
    source_ref: string;
    due_date: string;
  }
  const lines: Line[] = [];
  for (const s of students) {
    const start = Number(s.batch.slice(0, 4));
    for (const fy of [fyStart - 1, fyStart]) {
      const year = fy - start + 1;
      if (year < 1 || year > 4) continue;
      const fyName = `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
      const st = structureRows.find((x) => x.batch === s.batch && x.year === year && x.seat === seatOf.get(s.id))!;
      for (const [code, amount] of st.lines)
        lines.push({
          student_id: s.id,
          fy: fyName,
          head: code,
          payer: 'student',
          sanction_status: 'na',
          amount_paise: amount,
          paid_paise: 0,
          waived_paise: 0,
          source: 'demand',
          source_ref: `${fyName}/${s.id}/${head[code]}`,
          due_date: `${fy}-07-31`,
        });
    }
  }
  const lineOf = (studentId: number, fy: string, code: string) =>
    lines.find((l) => l.student_id === studentId && l.fy === fy && l.head === code && l.payer === 'student');

  // Concessions: approved government shares (pending, sanctioned, received), waivers, and one of each other state.
  const convener = students.filter((s) => seatOf.get(s.id) === 'Convener' && lineOf(s.id, fyNow, 'TUITION'));
  const management = students.filter((s) => seatOf.get(s.id) === 'Management' && lineOf(s.id, fyNow, 'TUITION'));
  const step = Math.max(1, Math.floor(convener.length / 24));
  const pickC = (i: number) => convener[(i * step + 3) % convener.length];
  const concessions: Array<Record<string, unknown>> = [];
  const govReceived: Line[] = [];
  const officer = 'accountsofficer';
  const concession = (s: { id: number }, code: string, headCode: string, basis: string, value: number, status: string) => {
    const l = lineOf(s.id, fyNow, headCode)!;
    const amount = basis === 'percent' ? Math.floor((l.amount_paise * value) / 100) : value;
    concessions.push({
      college_id: c,
      student_id: s.id,
      type_id: type[code],
      fy: fyNow,
      head_id: head[headCode],
      basis,
      value,
      amount_paise: amount,
      status,
      note: status === 'rejected' ? 'Income certificate not produced' : '',
      proposed_by: college.users.get('accountant') ?? null,
      proposed_by_name: 'accountant',
      decided_by_name: status === 'approved' || status === 'rejected' ? officer : status === 'awaiting_principal' ? officer : '',
      decision_note: status === 'rejected' ? 'Documents missing' : '',
      line_id: null,
      created_at: ctx.now,
      decided_at: status === 'proposed' ? '' : ctx.now,
    });
    if (status !== 'approved') return;
    const t = CONCESSION_TYPES.find((x) => x[0] === code)!;
    if (t[2] === 'institution') l.waived_paise += amount;
    else {
      l.amount_paise -= amount;
      const n = concessions.length;
      const gov: Line = {
        ...l,
        payer: t[2],
        sanction_status: n % 3 === 0 ? 'received' : n % 3 === 1 ? 'pending' : 'sanctioned',
        amount_paise: amount,
        paid_paise: 0,
        waived_paise: 0,
        source: 'concession',
        source_ref: `seed-${n}`,
      };
      if (gov.sanction_status === 'received') {
        gov.paid_paise = amount;
        govReceived.push(gov);
      }
      lines.push(gov);
    }
  };
  if (convener.length >= 4) {
    const rtf = Math.min(8, Math.floor(convener.length / 3));
    for (let i = 0; i < rtf; i++) concession(pickC(i), 'RTF', 'TUITION', 'percent', 100, 'approved');
    concession(pickC(rtf), 'NSP', 'TUITION', 'percent', 50, 'approved');
    concession(pickC(rtf + 1), 'MERIT', 'TUITION', 'percent', 25, 'approved');
    concession(pickC(rtf + 2), 'SPORTS', 'SPECIAL', 'amount', 250_000, 'proposed');
    concession(pickC(rtf + 3), 'STAFF_WARD', 'TUITION', 'percent', 50, 'proposed');
    concession(pickC(rtf + 2), 'MERIT', 'EXAM', 'amount', 100_000, 'rejected');
  }
  if (management.length) concession(management[0], 'MGMT_WAIVER', 'TUITION', 'amount', 6_000_000, 'awaiting_principal');

  // Counter receipts: last year mostly settled; this year paid in full, in part or not yet.
  interface Receipt {
    student_id: number;
    fy: string;
    date: string;
    mode: string;
    amount: number;
    allocations: Array<{ line: Line; amount: number }>;
    /** a legacy online payment, posted as the payments module posts it: its own receipt number */
    online?: { receiptNo: number | null; transactionId: string };
  }
  const receipts: Receipt[] = [];
  // The legacy online payments (seeded by the payments feature) pay the oldest open lines first.
  const byRoll = new Map(students.map((s) => [s.roll_no, s.id]));
  const online = await db
    .selectFrom('fee_payments')
    .selectAll()
    .where('college_id', '=', c)
    .where('status', '=', 'paid')
    .execute();
  for (const p of online) {
    const studentId = byRoll.get(p.roll_no);
    if (!studentId) continue;
    const open = lines
      .filter((l) => l.student_id === studentId && l.payer === 'student')
      .sort((a, b) =>
        a.fy === b.fy ? HEADS.findIndex((h) => h[0] === a.head) - HEADS.findIndex((h) => h[0] === b.head) : a.fy < b.fy ? -1 : 1,
      );
    let left = p.amount;
    const allocations: Receipt['allocations'] = [];
    for (const l of open) {
      const take = Math.min(left, l.amount_paise - l.waived_paise - l.paid_paise);
      if (take <= 0) continue;
      l.paid_paise += take;
      allocations.push({ line: l, amount: take });
      left -= take;
    }
    const date = iso(new Date(p.trans_date).getTime() + 330 * 60_000);
    receipts.push({
      student_id: studentId,
      fy: accountsFy(date),
      date,
      mode: 'online',
      amount: p.amount,
      allocations,
      online: { receiptNo: p.receipt_no, transactionId: p.transaction_id },
    });
  }
  const yesterday = day(today) - 86_400_000;
  const dateIn = (fy: number, from: number, to: number) => {
    const lo = day(`${fy}-04-01`) + from * 86_400_000;
    const hi = Math.min(day(`${fy + 1}-03-31`), yesterday, day(`${fy}-04-01`) + to * 86_400_000);
    return iso(lo + Math.floor(rand() * Math.max(1, hi - lo)));
  };
  for (const s of students) {
    for (const [fy, fyName] of [
      [fyStart - 1, fyPrev],
      [fyStart, fyNow],
    ] as const) {
      const mine = lines.filter((l) => l.student_id === s.id && l.fy === fyName && l.payer === 'student');
      if (!mine.length) continue;
      const owed = mine.reduce((a, l) => a + l.amount_paise - l.waived_paise, 0);
      if (owed <= 0) continue;
      const r = rand();
      const share = fyName === fyPrev ? (r < 0.9 ? 1 : 0.6) : r < 0.45 ? 1 : r < 0.75 ? 0.5 : 0;
      if (s.roll_no === college.rollNos[0] && fyName === fyNow) continue; // the demo student still owes this year
      let pay = Math.round((owed * share) / 100) * 100;
      if (pay <= 0) continue;
      const allocations: Receipt['allocations'] = [];
      for (const l of mine) {
        const take = Math.min(pay, l.amount_paise - l.waived_paise - l.paid_paise);
        if (take <= 0) continue;
        l.paid_paise += take;
        allocations.push({ line: l, amount: take });
        pay -= take;
      }
      receipts.push({
        student_id: s.id,
        fy: fyName,
        date: dateIn(fy, 30, 200),
        mode: MODES[Math.floor(rand() * MODES.length)],
        amount: allocations.reduce((a, x) => a + x.amount, 0),
        allocations,
      });
    }
  }
  for (const g of govReceived)
    receipts.push({
      student_id: g.student_id,
      fy: fyNow,
      date: dateIn(fyStart, 120, 230),
      mode: 'bank_transfer',
      amount: g.amount_paise,
      allocations: [{ line: g, amount: g.amount_paise }],
    });

  await insertChunked(
    db,
    'acc_demand_lines',
    lines.map(({ head: code, ...l }) => ({ ...l, head_id: head[code], college_id: c, created_at: ctx.now })),
    300,
  );
  const lineIds = new Map(
    (await db.selectFrom('acc_demand_lines').select(['id', 'source', 'source_ref']).where('college_id', '=', c).execute()).map(
      (l) => [`${l.source}|${l.source_ref}`, l.id],
    ),
  );
  await insertChunked(db, 'acc_concessions', concessions, 100);

  // Numbers in date order per financial year, as the counter would have given them.
  receipts.sort((a, b) => (a.date === b.date ? a.student_id - b.student_id : a.date < b.date ? -1 : 1));
  const numbers = new Map<string, number>();
  const receiptRows = receipts.map((r, i) => {
    if (r.online)
      return {
        college_id: c,
        kind: 'receipt',
        series: 'O',
        fy: r.fy,
        receipt_no: r.online.receiptNo,
        reverses_id: null,
        student_id: r.student_id,
        entry_date: r.date,
        mode: 'online',
        reference: r.online.transactionId,
        bank: '',
        instrument_date: '',
        amount_paise: r.amount,
        status: 'active',
        cancel_reason: '',
        cancelled_by: '',
        cancelled_at: '',
        clerk_id: null,
        clerk: 'online',
        source: 'online',
        source_ref: r.online.transactionId,
        created_at: `${r.date}T05:30:00.000Z`,
      };
    const n = (numbers.get(r.fy) ?? 0) + 1;
    numbers.set(r.fy, n);
    return counterReceiptRow({
      collegeId: c,
      fy: r.fy,
      receiptNo: n,
      studentId: r.student_id,
      date: r.date,
      mode: r.mode,
      reference:
        r.mode === 'cash'
          ? ''
          : r.mode === 'bank_transfer' && r.allocations[0].line.payer !== 'student'
            ? `RTF/${r.fy}/${n}`
            : `${r.mode.toUpperCase()}${100000 + i}`,
      bank: BANKS[i % BANKS.length],
      amount: r.amount,
      clerkId: college.users.get('accountant') ?? null,
      clerk: i % 3 === 0 ? 'feepayments' : 'accountant',
      sourceRef: `seed-${i}`,
    });
  });
  await insertChunked(db, 'acc_receipts', receiptRows, 200);
  const receiptIds = new Map(
    (await db.selectFrom('acc_receipts').select(['id', 'source_ref']).where('college_id', '=', c).execute()).map((r) => [
      r.source_ref,
      r.id,
    ]),
  );
  const refOf = (i: number) => receipts[i].online?.transactionId ?? `seed-${i}`;
  const allocationRows = receipts.flatMap((r, i) =>
    r.allocations.map((a) => ({
      college_id: c,
      receipt_id: receiptIds.get(refOf(i))!,
      line_id: lineIds.get(`${a.line.source}|${a.line.source_ref}`)!,
      head_id: head[a.line.head],
      amount_paise: a.amount,
    })),
  );
  await insertChunked(db, 'acc_allocations', allocationRows, 300);
  for (const [fy, n] of numbers)
    await db
      .insertInto('counters')
      .values({ college_id: c, name: `acc-receipt-${fy}`, value: n })
      .execute();

  // One receipt entered against the wrong student and cancelled by the officer: it keeps its number, a reversal takes it back.
  const wrong = receipts.findIndex((r) => r.fy === fyNow && r.mode === 'cash' && r.allocations.length === 1 && !r.online);
  if (wrong >= 0) {
    const r = receipts[wrong];
    const id = receiptIds.get(`seed-${wrong}`)!;
    const reason = 'Entered against the wrong roll number';
    await db
      .updateTable('acc_receipts')
      .set({ status: 'cancelled', cancel_reason: reason, cancelled_by: officer, cancelled_at: ctx.now })
      .where('id', '=', id)
      .execute();
    const { id: rev } = await db
      .insertInto('acc_receipts')
      .values({
        ...receiptRows[wrong],
        kind: 'reversal',
        receipt_no: null,
        reverses_id: id,
        amount_paise: -r.amount,
        status: 'reversal',
        cancel_reason: reason,
        cancelled_by: officer,
        cancelled_at: ctx.now,
        source_ref: `seed-rev-${wrong}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = r.allocations[0];
    const lineId = lineIds.get(`${a.line.source}|${a.line.source_ref}`)!;
    await db
      .insertInto('acc_allocations')
      .values({ college_id: c, receipt_id: rev, line_id: lineId, head_id: head[a.line.head], amount_paise: -a.amount })
      .execute();
    await db
      .updateTable('acc_demand_lines')
      .set({ paid_paise: a.line.paid_paise - a.amount })
      .where('id', '=', lineId)
      .execute();
  }

  await seedVendors(ctx, college, today);
}

const gstin = (state: string, pan: string) => {
  const first = `${state}${pan}1Z`;
  return `${first}${gstinCheckChar(first)}`;
};

async function seedVendors(ctx: SeedContext, college: SeededCollege, today: string) {
  const { db } = ctx;
  const c = college.id;
  const vendors: Array<[string, string, string, string]> = [
    ['Sri Lakshmi Stationers', 'AAPFS4521K', '50100234567812', 'HDFC0001234'],
    ['Tirumala Computers and Networks', 'AACCT7781M', '30987654321', 'SBIN0011223'],
    ['Andhra Lab Equipments Pvt Ltd', 'AABCA9912Q', '112233445566', 'ICIC0004567'],
    ['Venkateswara Electricals', 'ABVPV3344L', '998877665544', 'CNRB0002211'],
    ['Green Campus Housekeeping Services', 'AAGFG5566R', '123409876543', 'UBIN0555123'],
  ];
  const ids: number[] = [];
  for (const [name, pan, account, ifsc] of vendors) {
    const { id } = await db
      .insertInto('acc_vendors')
      .values({
        college_id: c,
        name,
        gstin: gstin('37', pan),
        pan,
        bank_account: account,
        ifsc,
        phone: '0877-2245' + String(ids.length + 10),
        address: 'Tirupati, Andhra Pradesh',
        created_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  const ago = (days: number) => new Date(day(today) - days * 86_400_000).toISOString().slice(0, 10);
  // [vendor, bill no, days ago, description, amount, gst, tds, status, paid]
  const bills: Array<[number, string, number, string, number, number, number, string, number]> = [
    [0, 'SLS/2025/118', 12, 'Answer booklets and stationery for mid exams', 4_500_000, 810_000, 90_000, 'submitted', 0],
    [1, 'TCN-4471', 25, 'Annual maintenance of 120 lab computers', 18_000_000, 3_240_000, 360_000, 'awaiting_principal', 0],
    [2, 'ALE/INV/0932', 48, 'Digital oscilloscopes for the ECE lab', 9_500_000, 1_710_000, 190_000, 'approved', 0],
    [3, 'VE-2291', 75, 'Rewiring of block C', 6_200_000, 1_116_000, 124_000, 'approved', 3_000_000],
    [4, 'GCH/HK/07', 95, 'Housekeeping services, July', 3_800_000, 684_000, 76_000, 'paid', 4_408_000],
    [0, 'SLS/2025/097', 40, 'Library registers and files', 1_200_000, 216_000, 24_000, 'paid', 1_392_000],
    [1, 'TCN-4399', 60, 'Network switches', 2_400_000, 432_000, 48_000, 'rejected', 0],
    [4, 'GCH/HK/08', 8, 'Housekeeping services, August', 3_800_000, 684_000, 76_000, 'submitted', 0],
  ];
  let voucher = 0;
  const vouchers = new Map<string, number>();
  for (const [v, billNo, daysAgo, description, amount, gst, tds, status, paid] of bills) {
    const { id } = await db
      .insertInto('acc_bills')
      .values({
        college_id: c,
        vendor_id: ids[v],
        bill_no: billNo,
        bill_date: ago(daysAgo),
        description,
        amount_paise: amount,
        gst_paise: gst,
        tds_paise: tds,
        paid_paise: paid,
        status,
        created_by: college.users.get('accountant') ?? null,
        created_by_name: 'accountant',
        decided_by_name: status === 'submitted' ? '' : 'accountsofficer',
        decision_note: status === 'rejected' ? 'Quotation not compared' : '',
        created_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (paid > 0) {
      const date = ago(Math.max(1, daysAgo - 5));
      const vfy = accountsFy(date);
      vouchers.set(vfy, (vouchers.get(vfy) ?? 0) + 1);
      voucher++;
      await db
        .insertInto('acc_bill_payments')
        .values({
          college_id: c,
          bill_id: id,
          fy: vfy,
          voucher_no: vouchers.get(vfy)!,
          entry_date: date,
          mode: voucher % 2 ? 'bank_transfer' : 'cheque',
          reference: voucher % 2 ? `NEFT${880000 + voucher}` : `00${4500 + voucher}`,
          amount_paise: paid,
          paid_by: 'accountant',
          created_at: ctx.now,
        })
        .execute();
    }
  }
  for (const [vfy, n] of vouchers)
    await db
      .insertInto('counters')
      .values({ college_id: c, name: `acc-voucher-${vfy}`, value: n })
      .execute();
}
