import { accountsFy } from '@erp/shared';
import type { Database } from '../db/index.js';
import { indianDate } from '../lib/clock.js';
import { ROLES } from '@erp/shared';
import { collected, collectedThisYear, dayBook, fyStart, studentLedger } from '../modules/accounts/index.js';
import { dashboardSummary } from '../modules/college/index.js';
import { studentsOnRolls } from '../modules/masters/index.js';
import { enrolled, loadFacts } from '../modules/naac/index.js';
import { feesOverview } from '../modules/payments/index.js';
import { myFees } from '../modules/portal/index.js';

/**
 * `npm run check:books`: proves that every figure about money (and the counts beside it) agrees
 * with its owner, for every college of a database: what each student owes as their statement, the
 * payments page and My Fees show it; lines against receipts, excess and refunds; receipt numbers; day books (refunds by mode); dashboards. Each disagreement is one line naming what
 * disagrees and by how much; none means the books agree.
 *
 * Lines brought in as opening history (source `naac-history`, settled before the ledger began) have
 * no receipts behind them and are left out of the line/allocation check.
 */
export interface Disagreement {
  college: string;
  check: string;
  detail: string;
}

const OPENING_SOURCES = new Set(['naac-history']);
const HEAD_ROLES = ['ROLE_PRINCIPAL'];

export async function checkBooks(db: Database, opts: { days?: number } = {}): Promise<Disagreement[]> {
  const out: Disagreement[] = [];
  for (const college of await db.selectFrom('colleges').select(['id', 'code']).orderBy('id').execute()) {
    const say = (check: string, detail: string) => out.push({ college: college.code, check, detail });
    await linesAgreeWithAllocations(db, college.id, say);
    await receiptsAgreeWithAllocations(db, college.id, say);
    await receiptNumbersRunWithoutGaps(db, college.id, say);
    await dayBooksAgree(db, college, opts.days ?? 7, say);
    await dashboardsAgree(db, college.id, say);
    await studentDuesAgree(db, college, say);
  }
  return out;
}

type Say = (check: string, detail: string) => void;
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** Every line's paid amount is what receipts allocated to it, and it never holds more than was due. */
async function linesAgreeWithAllocations(db: Database, collegeId: number, say: Say) {
  const allocated = new Map<number, number>();
  const rows = await db
    .selectFrom('acc_allocations')
    .select(['line_id', (eb) => eb.fn.sum<number>('amount_paise').as('s')])
    .where('college_id', '=', collegeId)
    .groupBy('line_id')
    .execute();
  for (const r of rows) allocated.set(r.line_id, Number(r.s));
  const lines = await db
    .selectFrom('acc_demand_lines')
    .select(['id', 'student_id', 'source', 'amount_paise', 'paid_paise', 'waived_paise'])
    .where('college_id', '=', collegeId)
    .execute();
  for (const l of lines) {
    if (l.paid_paise + l.waived_paise > l.amount_paise || l.paid_paise < 0 || l.waived_paise < 0)
      say('line', `line ${l.id}: paid ${rupees(l.paid_paise)} + waived ${rupees(l.waived_paise)} against ${rupees(l.amount_paise)} due`);
    if (OPENING_SOURCES.has(l.source)) continue;
    const a = allocated.get(l.id) ?? 0;
    if (a !== l.paid_paise) say('line', `line ${l.id} (student ${l.student_id}): paid ${rupees(l.paid_paise)}, receipts allocated ${rupees(a)}`);
  }
}

/**
 * Every receipt is its allocations plus what is left of its excess credit plus the refunds that hold
 * part of that credit (proposed, approved or paid); a reversal takes back exactly what its receipt gave.
 */
async function receiptsAgreeWithAllocations(db: Database, collegeId: number, say: Say) {
  const [receipts, allocations, excess, refunds] = await Promise.all([
    db.selectFrom('acc_receipts').select(['id', 'kind', 'reverses_id', 'amount_paise']).where('college_id', '=', collegeId).execute(),
    db
      .selectFrom('acc_allocations')
      .select(['receipt_id', (eb) => eb.fn.sum<number>('amount_paise').as('s')])
      .where('college_id', '=', collegeId)
      .groupBy('receipt_id')
      .execute(),
    db.selectFrom('acc_excess_credits').select(['receipt_id', 'amount_paise']).where('college_id', '=', collegeId).execute(),
    db
      .selectFrom('acc_refunds as f')
      .innerJoin('acc_excess_credits as x', 'x.id', 'f.excess_id')
      .select(['x.receipt_id', 'f.amount_paise'])
      .where('f.college_id', '=', collegeId)
      .where('f.status', 'in', ['proposed', 'approved', 'paid'])
      .execute(),
  ]);
  const allocatedTo = new Map(allocations.map((a) => [a.receipt_id, Number(a.s)]));
  const excessOf = new Map<number, number>();
  for (const x of excess) excessOf.set(x.receipt_id, (excessOf.get(x.receipt_id) ?? 0) + x.amount_paise);
  const refundedOf = new Map<number, number>();
  for (const f of refunds) refundedOf.set(f.receipt_id, (refundedOf.get(f.receipt_id) ?? 0) + f.amount_paise);
  for (const r of receipts) {
    const a = allocatedTo.get(r.id) ?? 0;
    const x = r.kind === 'reversal' ? -(excessOf.get(r.reverses_id ?? 0) ?? 0) : (excessOf.get(r.id) ?? 0);
    const f = r.kind === 'reversal' ? 0 : (refundedOf.get(r.id) ?? 0);
    if (r.amount_paise !== a + x + f)
      say(
        'receipt',
        `${r.kind} ${r.id}: ${rupees(r.amount_paise)}, allocated ${rupees(a)} and excess ${rupees(x)}${f ? ` and refunds ${rupees(f)}` : ''}`,
      );
  }
}

/** Each numbered series of a financial year runs 1, 2, 3, … with no number missing or given twice. */
async function receiptNumbersRunWithoutGaps(db: Database, collegeId: number, say: Say) {
  const rows = await db
    .selectFrom('acc_receipts')
    .select(['series', 'fy', 'receipt_no'])
    .where('college_id', '=', collegeId)
    .where('kind', '=', 'receipt')
    .where('series', '=', 'C')
    .where('receipt_no', 'is not', null)
    .orderBy('series')
    .orderBy('fy')
    .orderBy('receipt_no')
    .execute();
  const bySeries = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.series}/${r.fy}`;
    let numbers = bySeries.get(key);
    if (!numbers) bySeries.set(key, (numbers = []));
    numbers.push(r.receipt_no!);
  }
  for (const [key, numbers] of bySeries) {
    numbers.forEach((n, i) => {
      if (i > 0 && n === numbers[i - 1]) say('numbering', `receipt number ${n} of series ${key} is given twice`);
      else if (n !== (i === 0 ? 1 : numbers[i - 1] + 1)) say('numbering', `series ${key} jumps from ${i === 0 ? 0 : numbers[i - 1]} to ${n}`);
    });
  }
}

/** The day book's receipts for each of the last days are that day's collection, and its refunds by mode the refunds paid that day. */
async function dayBooksAgree(db: Database, college: { id: number; code: string }, days: number, say: Say) {
  for (let d = 0; d < days; d++) {
    const date = indianDate(new Date(Date.now() - d * 86_400_000));
    const [book, c, refunds] = await Promise.all([
      dayBook(db, college, date, 'day'),
      collected(db, college.id, date, date),
      db
        .selectFrom('acc_refunds')
        .select(['mode', (eb) => eb.fn.sum<number>('amount_paise').as('s')])
        .where('college_id', '=', college.id)
        .where('status', '=', 'paid')
        .where('paid_on', '=', date)
        .groupBy('mode')
        .execute(),
    ]);
    if (book.receiptsPaise !== c.amountPaise)
      say('day book', `${date}: the day book has ${rupees(book.receiptsPaise)} received, the ledger ${rupees(c.amountPaise)}`);
    const paid = new Map(refunds.map((f) => [f.mode, Number(f.s)]));
    const shown = new Map(book.byMode.map((m) => [m.mode, m.refundedPaise]));
    for (const mode of new Set([...paid.keys(), ...shown.keys()])) {
      const [p, b] = [paid.get(mode) ?? 0, shown.get(mode) ?? 0];
      if (p !== b) say('day book', `${date}: the day book has ${rupees(b)} refunded by ${mode}, the refunds paid ${rupees(p)}`);
    }
    const mode = book.byMode.find((m) => m.netPaise !== m.receivedPaise - m.paidPaise - m.refundedPaise);
    if (mode) say('day book', `${date}: the net by ${mode.mode} is not its money in less its money out`);
  }
}

/** The heads' dashboard shows the ledger's collection and the masters' count of students, and NAAC counts the same students. */
async function dashboardsAgree(db: Database, collegeId: number, say: Say) {
  const today = indianDate(new Date());
  const [summary, year, onRolls, facts] = await Promise.all([
    dashboardSummary(db, collegeId, HEAD_ROLES),
    collectedThisYear(db, collegeId),
    studentsOnRolls(db, collegeId, today),
    loadFacts(db, collegeId),
  ]);
  const fy = accountsFy(today);
  if (summary.paymentsTotal !== year.amountPaise)
    say('dashboard', `fees collected in ${fy}: the dashboard shows ${rupees(summary.paymentsTotal ?? 0)}, the ledger ${rupees(year.amountPaise)} (from ${fyStart(today)})`);
  if (summary.students !== onRolls.count) say('dashboard', `students: the dashboard shows ${summary.students}, the rolls ${onRolls.count}`);
  const naac = enrolled(facts, onRolls.year).length;
  if (naac !== onRolls.count) say('NAAC', `students on the rolls in ${onRolls.year}: NAAC counts ${naac}, the rolls ${onRolls.count}`);
}

/** Each student the ledger has lines for owes the same on their statement, the payments page, My Fees and a parent's portal. */
async function studentDuesAgree(db: Database, college: { id: number; code: string }, say: Say) {
  const students = await db
    .selectFrom('students as s')
    .innerJoin('users as u', (j) => j.onRef('u.student_id', '=', 's.id').onRef('u.college_id', '=', 's.college_id'))
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.role', '=', ROLES.STUDENT))
    .select(['s.id', 's.roll_no', 'u.id as user_id', 'u.username'])
    .where('s.college_id', '=', college.id)
    .where((eb) => eb.exists(eb.selectFrom('acc_demand_lines as l').select('l.id').whereRef('l.student_id', '=', 's.id')))
    .execute();
  // A parent sees each child's fees through the parent portal: one linked parent per child is asked too.
  const parents = new Map(
    (
      await db
        .selectFrom('parent_links as p')
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.parent_user_id').onRef('u.college_id', '=', 'p.college_id'))
        .select(['p.student_id', 'u.id', 'u.username'])
        .where('p.college_id', '=', college.id)
        .execute()
    ).map((p) => [p.student_id, p]),
  );
  for (const s of students) {
    const user = { id: s.user_id, username: s.username, roles: [ROLES.STUDENT], collegeId: college.id, mustChangePassword: false };
    const parent = parents.get(s.id);
    const parentUser = parent && { id: parent.id, username: parent.username, roles: [ROLES.PARENT], collegeId: college.id, mustChangePassword: false };
    const [statement, page, mine, theirs] = await Promise.all([
      studentLedger(db, college, s.roll_no),
      feesOverview(db, user),
      myFees(db, user),
      parentUser ? myFees(db, parentUser, s.id) : null,
    ]);
    const owed = (due: Array<{ feeType: string; amount: number }>) => due.find((d) => d.feeType === 'semester')?.amount ?? 0;
    const figures: Record<string, number> = {
      statement: statement.totals.studentDuePaise,
      'payments page': owed(page.due),
      'My Fees': owed(mine.fees.due),
      ...(theirs ? { 'parent portal': owed(theirs.fees.due) } : {}),
    };
    if (new Set(Object.values(figures)).size > 1)
      say('student due', `${s.roll_no}: ${Object.entries(figures).map(([k, v]) => `${k} ${rupees(v)}`).join(', ')}`);
  }
}
