// Server side of accounts.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database
// (SQLite or PostgreSQL), adds a batch of STUDENTS first-year B.Tech students with fee structures
// (four heads per seat type), serves the real app and reports its port; on 'stop' it reports the
// receipt numbers. Kysely's multi-row inserts: the same on both databases.
import { accountsFy } from '@erp/shared';
import { officeDate } from '../src/modules/accounts/ledger.receipts.js';
import { benchConfig, run, seeded, serve } from './serve.js';

export const BATCH = '2026-2030';

run(async () => {
  const [database, count] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId: c } = await seeded(config);
  const now = new Date().toISOString();
  const seats = ['Convener', 'Convener', 'Convener', 'Management', 'NRI'];
  const n = Number(count);
  for (let i = 0; i < n; i += 500) {
    const students = Array.from({ length: Math.min(500, n - i) }, (_, k) => {
      const j = i + k;
      return {
        college_id: c,
        roll_no: `26BENCH${String(j).padStart(5, '0')}`,
        full_name: `Bench Student ${j}`,
        course: 'B.Tech',
        batch: BATCH,
        branch: ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'][j % 5],
        semester: 'I-I',
        section: j % 2 ? 'A' : 'B',
        gender: 'MALE',
        email: `bench${j}@example.com`,
        mobile: '9000000000',
        father_name: 'Parent',
        admission_id: null,
        created_at: now,
      };
    });
    const ids = await db.insertInto('students').values(students).returning('id').execute();
    await db
      .insertInto('acc_student_profiles')
      .values(
        ids.map((s, k) => ({
          college_id: c,
          student_id: s.id,
          seat_type: seats[(i + k) % 5],
          admission_no: '',
          parent_phone: '9440000000',
        })),
      )
      .execute();
  }
  const heads = await db.selectFrom('acc_fee_heads').select(['id', 'code']).where('college_id', '=', c).execute();
  const head = Object.fromEntries(heads.map((h) => [h.code, h.id]));
  const tuition: Record<string, number> = { Convener: 7_000_000, Management: 12_000_000, NRI: 25_000_000 };
  for (const seat of Object.keys(tuition)) {
    const { id } = await db
      .insertInto('acc_fee_structures')
      .values({ college_id: c, course: 'B.Tech', batch: BATCH, year_of_study: 1, seat_type: seat, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('acc_fee_structure_lines')
      .values(
        (
          [
            ['TUITION', tuition[seat]],
            ['SPECIAL', 500_000],
            ['EXAM', 250_000],
            ['ADMISSION', 1_000_000],
          ] as const
        ).map(([code, amount]) => ({ college_id: c, structure_id: id, head_id: head[code], amount_paise: amount })),
      )
      .execute();
  }
  const fy = accountsFy(officeDate());
  await serve(db, config, {
    onStop: async () => {
      const rows = await db
        .selectFrom('acc_receipts')
        .select('receipt_no')
        .where('college_id', '=', c)
        .where('series', '=', 'C')
        .where('kind', '=', 'receipt')
        .where('fy', '=', fy)
        .orderBy('receipt_no')
        .execute();
      const numbers = rows.map((r) => Number(r.receipt_no));
      const counter = await db
        .selectFrom('counters')
        .select('value')
        .where('college_id', '=', c)
        .where('name', '=', `acc-receipt-${fy}`)
        .executeTakeFirst();
      let gaps = 0;
      let dups = 0;
      for (let i = 1; i < numbers.length; i++) {
        if (numbers[i] === numbers[i - 1]) dups++;
        else if (numbers[i] !== numbers[i - 1] + 1) gaps++;
      }
      return { receipts: numbers.length, first: numbers[0], last: numbers.at(-1), counter: Number(counter?.value), gaps, dups };
    },
  });
});
