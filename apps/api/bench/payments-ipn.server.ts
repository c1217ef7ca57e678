// Server side of payments-ipn.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp
// database (SQLite or PostgreSQL), adds ORDERS open payment orders, serves the real app and reports its port and
// the demo signing key (the bench signs callbacks the way Lyra does).
import { signingKey } from '../src/modules/payments/gateway.js';
import { benchConfig, run, seeded, serve } from './serve.js';

run(async () => {
  const [database, count] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();
  // One order per student (each paying their own semester fee): a second order for a paid fee
  // would be recorded as an excess to refund, a different path from a payment.
  const roll = (i: number) => `26IPN${String(i).padStart(6, '0')}`;
  const students = Array.from({ length: Number(count) }, (_, i) => ({
    college_id: college.id,
    roll_no: roll(i),
    full_name: `Bench Payer ${i}`,
    course: 'B.Tech',
    batch: '2022-2026',
    branch: 'CSE',
    semester: 'IV-I',
    section: 'A',
    gender: i % 2 ? 'FEMALE' : 'MALE',
    email: `payer${i}@example.org`,
    mobile: '9876543210',
    father_name: 'Bench Father',
    admission_id: null,
    created_at: now,
  }));
  const rows = students.map((st, i) => ({
    college_id: college.id,
    order_id: `ORD-BENCH-${i}`,
    roll_no: st.roll_no,
    fee_type: 'semester',
    semester: 'IV-I',
    exam_type: 'Regular',
    course_code: null,
    course: '',
    amount: 4_500_000,
    currency: 'INR',
    status: 'created',
    transaction_id: null,
    line_ids: '',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('students')
      .values(students.slice(i, i + 500))
      .execute();
    await db
      .insertInto('payment_orders')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await serve(db, config, {
    info: { key: signingKey(config) },
    onStop: async () => {
      const n = await db
        .selectFrom('fee_payments')
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn.count('receipt_no').as('receipts'),
          eb.fn.count('receipt_no').distinct().as('distinct'),
          eb.fn.min('receipt_no').as('min'),
          eb.fn.max('receipt_no').as('max'),
        ])
        .where('order_id', 'like', 'ORD-BENCH-%')
        .executeTakeFirstOrThrow();
      return {
        recorded: Number(n.n),
        receipts: Number(n.receipts),
        distinct: Number(n.distinct),
        minReceipt: Number(n.min),
        maxReceipt: Number(n.max),
      };
    },
  });
});
