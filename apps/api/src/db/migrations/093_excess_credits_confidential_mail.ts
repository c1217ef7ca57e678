import { sql, type Kysely } from 'kysely';
import { collegeTable } from './helpers.js';

/**
 * Two records that were implicit:
 * - acc_excess_credits: what a receipt brought beyond what its lines were due (a fee paid online
 *   after the counter had cleared the ledger), one row per receipt, so that a receipt's amount is
 *   always its allocations plus its excess and the office can list what it owes back.
 * - outbox.confidential_ref: the thing whose rule decides who may read a mail (e.g. 'grievance:12'
 *   for an anonymous grievance); null for ordinary mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'acc_excess_credits')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('acc_receipts.id').onDelete('cascade'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    // open (held for the student) | cancelled (its receipt was cancelled)
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('acc_excess_credits_receipt', ['receipt_id'])
    .execute();
  await db.schema
    .createIndex('acc_excess_credits_student')
    .on('acc_excess_credits')
    .columns(['college_id', 'student_id'])
    .execute();
  // Receipts written before: whatever they brought beyond their allocations was an unnamed advance.
  await sql`
    INSERT INTO acc_excess_credits (college_id, student_id, receipt_id, amount_paise, status, created_at)
    SELECT r.college_id, r.student_id, r.id,
      r.amount_paise - COALESCE((SELECT SUM(a.amount_paise) FROM acc_allocations a WHERE a.receipt_id = r.id), 0),
      CASE WHEN r.status = 'active' THEN 'open' ELSE 'cancelled' END, r.created_at
    FROM acc_receipts r
    WHERE r.kind = 'receipt'
      AND r.amount_paise > COALESCE((SELECT SUM(a.amount_paise) FROM acc_allocations a WHERE a.receipt_id = r.id), 0)
  `.execute(db);

  await db.schema.alterTable('outbox').addColumn('confidential_ref', 'varchar(60)').execute();
  // Status mails already queued about anonymous grievances (the notification's ref is grievance:<id>:...).
  const sent = await db
    .selectFrom('notifications')
    .select(['outbox_id', 'ref'])
    .where('ref', 'like', 'grievance:%')
    .where('outbox_id', 'is not', null)
    .execute();
  const ids = [...new Set(sent.map((n) => Number(String(n.ref).split(':')[1])).filter((n) => Number.isInteger(n) && n > 0))];
  const anonymous = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('grievances')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where('anonymous', '=', 1)
      .execute();
    for (const r of rows) anonymous.add(Number(r.id));
  }
  for (const n of sent) {
    const id = Number(String(n.ref).split(':')[1]);
    if (anonymous.has(id))
      await db
        .updateTable('outbox')
        .set({ confidential_ref: `grievance:${id}` })
        .where('id', '=', n.outbox_id)
        .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('confidential_ref').execute();
  await db.schema.dropTable('acc_excess_credits').execute();
}
