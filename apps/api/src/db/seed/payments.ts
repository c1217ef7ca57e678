import crypto from 'node:crypto';
import { SEMESTER_NAMES } from './data.js';
import type { SeedContext, SeededCollege } from './context.js';

/** Semester fee and supplementary exam fee per course, in paise. */
const FEES = [
  { fee_type: 'semester', amount: 4_500_000, currency: 'INR' },
  { fee_type: 'supply', amount: 50_000, currency: 'INR' },
];

/**
 * Fee types of both colleges and, for the main college, past paid semester fees (with receipts
 * 1..n and the receipt counter at n) plus two failed attempts, so the accountant's history is not
 * empty. The demo student has paid last semester's fee, not the current one.
 */
export async function seedPayments(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  for (const c of [ctx.main, ctx.srk]) {
    await db
      .insertInto('fee_types')
      .values(FEES.map((f) => ({ ...f, college_id: c.id })))
      .execute();
  }
  await seedHistory(ctx, ctx.main);
}

async function seedHistory(ctx: SeedContext, college: SeededCollege) {
  const { db } = ctx;
  const picks = [0, 1, 2, 3, 30, 31, 32, 60, 61, 150, 151, 152, 300, 301].filter((i) => i < college.rollNos.length);
  const students = await db
    .selectFrom('students')
    .select(['roll_no', 'semester'])
    .where('college_id', '=', college.id)
    .where(
      'roll_no',
      'in',
      picks.map((i) => college.rollNos[i]),
    )
    .execute();
  const semesterOf = new Map(students.map((s) => [s.roll_no, s.semester]));
  const base = new Date(ctx.now).getTime();
  const orders: Array<Record<string, unknown>> = [];
  const payments: Array<Record<string, unknown>> = [];
  let receipt = 0;
  picks.forEach((i, n) => {
    const rollNo = college.rollNos[i];
    const current = SEMESTER_NAMES.indexOf(semesterOf.get(rollNo) ?? 'I-I');
    // Last semester's fee: the current one stays due, so the demo student can pay it.
    const semester = SEMESTER_NAMES[Math.max(0, current - 1)];
    const failed = n === 3 || n === 9;
    const when = new Date(base - (n + 1) * 3 * 86_400_000).toISOString();
    const orderId = `ORD${when.slice(0, 10).replace(/-/g, '')}SEED${String(n + 1).padStart(4, '0')}`;
    const transactionId = crypto.createHash('sha256').update(`${college.code}-${orderId}`).digest('hex').slice(0, 32);
    const common = {
      college_id: college.id,
      order_id: orderId,
      roll_no: rollNo,
      fee_type: 'semester',
      semester,
      exam_type: 'Regular',
      course_code: null,
      amount: 4_500_000,
      currency: 'INR',
    };
    const status = failed ? 'failed' : 'paid';
    orders.push({ ...common, course: '', status, transaction_id: transactionId, created_at: when, updated_at: when });
    payments.push({
      ...common,
      transaction_id: transactionId,
      status,
      trans_date: when,
      receipt_no: failed ? null : ++receipt,
      source: 'seed',
      created_at: when,
    });
  });
  if (!orders.length) return;
  await db
    .insertInto('payment_orders')
    .values(orders as never)
    .execute();
  await db
    .insertInto('fee_payments')
    .values(payments as never)
    .execute();
  await db.insertInto('counters').values({ college_id: college.id, name: 'receipt', value: receipt }).execute();
}
