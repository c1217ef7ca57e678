import { sql } from 'kysely';
import type { Database } from '../../db/index.js';

/** For notifications: what each student still owes, per due date, on dues falling due between two dates. */
export async function studentDuesFallingDue(db: Database, collegeId: number, from: string, to: string) {
  const rows = await db
    .selectFrom('acc_demand_lines')
    .select(['student_id', 'due_date', sql<number>`sum(amount_paise - paid_paise - waived_paise)`.as('balance')])
    .where('college_id', '=', collegeId)
    .where('payer', '=', 'student')
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .groupBy(['student_id', 'due_date'])
    .orderBy('student_id')
    .execute();
  return rows
    .map((r) => ({ studentId: r.student_id, dueDate: r.due_date, balancePaise: Number(r.balance) }))
    .filter((r) => r.balancePaise > 0);
}
