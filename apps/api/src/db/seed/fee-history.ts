import { accountsFy } from '@erp/shared';
import { ADMISSION, BANKS, counterReceiptRow, EXAM, insertStructure, MODES, SPECIAL, TUITION } from './accounts.js';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';

/**
 * The fees of the financial years before the two the accounts seed writes (from 2021-22), for the
 * main demo college's students then on the rolls, graduated batches included: each year's demand
 * from the fee structure of the student's seat, paid in full at the counter within the year. Nobody
 * owes anything more, so every due the demo shows is unchanged; leadership's money charts get their
 * years. Its own random sequence and receipt numbers, so the accounts seed's rows stay as they were.
 */
const FIRST_FY = 2021;
const fyName = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
const day = (s: string) => new Date(`${s}T00:00:00Z`).getTime();
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedFeeHistory(ctx: SeedContext): Promise<void> {
  await seedFor(ctx, ctx.main);
}

async function seedFor(ctx: SeedContext, college: SeededCollege) {
  const { db } = ctx;
  const c = college.id;
  const rand = prng(2107);
  const today = iso(new Date(ctx.now).getTime() + 330 * 60_000);
  const lastHistoryFy = Number(accountsFy(today).slice(0, 4)) - 2;
  const heads = new Map(
    (await db.selectFrom('acc_fee_heads').select(['id', 'code']).where('college_id', '=', c).execute()).map((h) => [
      h.code,
      h.id,
    ]),
  );
  const seats = new Map(
    (await db.selectFrom('acc_student_profiles').select(['student_id', 'seat_type']).where('college_id', '=', c).execute()).map(
      (p) => [p.student_id, p.seat_type],
    ),
  );
  const students = await db.selectFrom('students').select(['id', 'batch']).where('college_id', '=', c).orderBy('id').execute();
  const structures = new Set(
    (
      await db
        .selectFrom('acc_fee_structures')
        .select(['batch', 'year_of_study', 'seat_type'])
        .where('college_id', '=', c)
        .execute()
    ).map((s) => `${s.batch}|${s.year_of_study}|${s.seat_type}`),
  );

  const newStructures = new Map<string, { batch: string; year: number; seat: string; lines: Array<[string, number]> }>();
  const lines: Array<Record<string, unknown>> = [];
  const receipts: Array<{
    student: number;
    fy: string;
    date: string;
    mode: string;
    lines: Array<{ ref: string; head: string; amount: number }>;
  }> = [];
  for (const s of students) {
    const start = Number(s.batch.slice(0, 4));
    if (!start) continue;
    const seat = seats.get(s.id) ?? 'Convener';
    for (let fy = FIRST_FY; fy <= lastHistoryFy; fy++) {
      const year = fy - start + 1;
      if (year < 1 || year > 4) continue;
      const due: Array<[string, number]> = [
        ['TUITION', TUITION[seat] ?? TUITION.Convener],
        ['SPECIAL', SPECIAL],
        ['EXAM', EXAM],
      ];
      if (year === 1) due.push(['ADMISSION', ADMISSION]);
      const key = `${s.batch}|${year}|${seat}`;
      if (!structures.has(key)) newStructures.set(key, { batch: s.batch, year, seat, lines: due });
      const name = fyName(fy);
      const paid = due.map(([head, amount]) => ({ ref: `${name}/${s.id}/${heads.get(head)}`, head, amount }));
      for (const l of paid)
        lines.push({
          college_id: c,
          student_id: s.id,
          fy: name,
          head_id: heads.get(l.head)!,
          payer: 'student',
          sanction_status: 'na',
          amount_paise: l.amount,
          paid_paise: l.amount,
          waived_paise: 0,
          source: 'demand',
          source_ref: l.ref,
          due_date: `${fy}-07-31`,
          created_at: `${fy}-04-15T05:30:00.000Z`,
        });
      // Paid between July and January of that year.
      const date = iso(day(`${fy}-07-01`) + Math.floor(rand() * 200) * 86_400_000);
      receipts.push({ student: s.id, fy: name, date, mode: MODES[Math.floor(rand() * MODES.length)], lines: paid });
    }
  }

  for (const s of newStructures.values()) await insertStructure(ctx, c, s, (code) => heads.get(code)!);
  await insertChunked(db, 'acc_demand_lines', lines, 300);
  const lineIds = new Map(
    (
      await db
        .selectFrom('acc_demand_lines')
        .select(['id', 'source_ref'])
        .where('college_id', '=', c)
        .where('source', '=', 'demand')
        .where('fy', '<=', fyName(lastHistoryFy))
        .execute()
    ).map((l) => [l.source_ref, l.id]),
  );

  // Numbers in date order within each year, as the counter gave them.
  receipts.sort((a, b) => (a.date === b.date ? a.student - b.student : a.date < b.date ? -1 : 1));
  const numbers = new Map<string, number>();
  const rows = receipts.map((r, i) => {
    const n = (numbers.get(r.fy) ?? 0) + 1;
    numbers.set(r.fy, n);
    return counterReceiptRow({
      collegeId: c,
      fy: r.fy,
      receiptNo: n,
      studentId: r.student,
      date: r.date,
      mode: r.mode,
      reference: r.mode === 'cash' ? '' : `${r.mode.toUpperCase()}${r.fy.slice(2, 4)}${String(n).padStart(5, '0')}`,
      bank: BANKS[i % BANKS.length],
      amount: r.lines.reduce((a, l) => a + l.amount, 0),
      clerkId: college.users.get('accountant') ?? null,
      clerk: 'accountant',
      sourceRef: `seed-history-${r.fy}-${n}`,
    });
  });
  await insertChunked(db, 'acc_receipts', rows, 200);
  const receiptIds = new Map(
    (
      await db
        .selectFrom('acc_receipts')
        .select(['id', 'source_ref'])
        .where('college_id', '=', c)
        .where('source_ref', 'like', 'seed-history-%')
        .execute()
    ).map((r) => [r.source_ref, r.id]),
  );
  await insertChunked(
    db,
    'acc_allocations',
    receipts.flatMap((r, i) =>
      r.lines.map((l) => ({
        college_id: c,
        receipt_id: receiptIds.get(rows[i].source_ref)!,
        line_id: lineIds.get(l.ref)!,
        head_id: heads.get(l.head)!,
        amount_paise: l.amount,
      })),
    ),
    300,
  );
  for (const [fy, n] of numbers)
    await db
      .insertInto('counters')
      .values({ college_id: c, name: `acc-receipt-${fy}`, value: n })
      .execute();
}
