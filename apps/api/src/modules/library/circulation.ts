import {
  COPY_STATUS_LABELS,
  displayDate,
  LIBRARY_MSG,
  type TCopyStatus,
  type TLoan,
  type TLoanRequest,
  type TReturnResult,
} from '@erp/shared';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { nextWorkingDay } from '../calendar/index.js';
import { expireHolds, routeToHold } from './holds.js';
import { postFine } from './fines.js';
import * as circulationRepo from './circulation.repo.js';
import * as copiesRepo from './copies.repo.js';
import * as finesRepo from './fines.repo.js';
import * as holdsRepo from './holds.repo.js';
import * as patronsRepo from './patrons.repo.js';
import type { Db } from '../../db/index.js';
import { addDays, findPatron, patronOfUser, requirePatron, todayIso, type Patron } from './patrons.js';
import { fineFor, overdueWorkingDays, patronRule, ruleFor, withAllowances } from './rules.js';
import { fineView, holdViews, loanViews, rupees } from './views.js';

/**
 * The circulation desk: issue, return, renew and lost. The last copy is decided by the database:
 * the copy moves to 'on_loan' only if it is still available (or on the hold shelf for this patron),
 * and the desk that changed no row is told so.
 */

const actor = (u: RequestUser) => ({ id: u.id, username: u.username });

/** Why a patron may not borrow now (shown on the desk before scanning copies). */
export async function blocksOf(db: Db, collegeId: number, p: Patron) {
  const blocks: string[] = [];
  if (p.expiresOn && p.expiresOn < todayIso()) blocks.push(LIBRARY_MSG.courseEnded);
  const rule = await patronRule(db, collegeId, p, '*');
  const unpaid = await finesRepo.unpaidTotal(db, collegeId, { patron: p.code });
  if (unpaid > rule.blockFineTotal)
    blocks.push(`${LIBRARY_MSG.fineBlock} (${rupees(unpaid)} unpaid, limit ${rupees(rule.blockFineTotal)})`);
  const open = await circulationRepo.openLoansOf(db, collegeId, p.code);
  if (open.length >= rule.maxLoans) blocks.push(`${LIBRARY_MSG.overLimit} (${rule.maxLoans})`);
  return { blocks, unpaid, rule, open };
}

async function oneLoan(db: Db, collegeId: number, id: number, names?: Map<string, string>): Promise<TLoan> {
  const row = await circulationRepo.loanById(db, collegeId, id);
  if (!row) throw notFound(LIBRARY_MSG.loanNotFound);
  return (await loanViews(db, collegeId, [row], names))[0];
}

export async function issue(db: Db, user: RequestUser, input: TLoanRequest, ip = ''): Promise<TLoan> {
  const collegeId = user.collegeId;
  const today = todayIso();
  const patron = await requirePatron(db, collegeId, input.patron);
  const copy = await copiesRepo.copyByAccession(db, collegeId, input.barcode.trim());
  if (!copy) throw notFound(LIBRARY_MSG.copyNotFound);
  if (copy.item_type === 'reference') throw badRequest(LIBRARY_MSG.referenceNotForLoan);

  const { blocks, open } = await blocksOf(db, collegeId, patron);
  if (patron.expiresOn && patron.expiresOn < today) throw badRequest(LIBRARY_MSG.courseEnded);
  if (blocks.some((b) => b.startsWith(LIBRARY_MSG.fineBlock)))
    throw badRequest(blocks.find((b) => b.startsWith(LIBRARY_MSG.fineBlock))!);

  // A hold left on the shelf too long releases its copy first.
  const fresh =
    copy.status === 'on_hold_shelf' ? (await expireHolds(db, collegeId), (await copiesRepo.copyById(db, collegeId, copy.id))!) : copy;
  let holdId: number | null = null;
  if (fresh.status === 'in_transit') throw badRequest(LIBRARY_MSG.inTransit);
  if (fresh.status === 'on_hold_shelf') {
    const hold = fresh.hold_id ? await holdsRepo.holdById(db, collegeId, fresh.hold_id) : undefined;
    if (!hold || hold.patron_code !== patron.code) throw badRequest(LIBRARY_MSG.heldForOther);
    holdId = hold.id;
  } else if (fresh.status !== 'available') {
    throw badRequest(`${LIBRARY_MSG.notAvailable} (${COPY_STATUS_LABELS[fresh.status as TCopyStatus] ?? fresh.status})`);
  }

  const rule = await patronRule(db, collegeId, patron, copy.item_type);
  const general = await patronRule(db, collegeId, patron, '*');
  if (open.length >= general.maxLoans) throw badRequest(`${LIBRARY_MSG.overLimit} (${general.maxLoans})`);
  if (rule.maxLoans < general.maxLoans && open.filter((l) => l.item_type === copy.item_type).length >= rule.maxLoans) {
    throw badRequest(`${LIBRARY_MSG.overLimit} of this item type (${rule.maxLoans})`);
  }
  if (open.some((l) => l.title_id === copy.title_id)) throw badRequest(LIBRARY_MSG.alreadyOnLoan);
  // Due dates that fall on a holiday or a Sunday move to the next working day.
  const dueOn = await nextWorkingDay(db, collegeId, addDays(today, rule.loanDays));

  const loan = {
    copy_id: copy.id,
    title_id: copy.title_id,
    patron_code: patron.code,
    patron_kind: patron.kind,
    student_id: patron.studentId,
    category: patron.category,
    issued_on: today,
    due_on: dueOn,
    returned_on: null,
    renewals: 0,
    status: 'open',
  };
  const loanId = await db.transaction().execute(async (trx) => {
    const moved = await copiesRepo.moveCopy(
      trx,
      collegeId,
      copy.id,
      holdId ? [{ status: 'on_hold_shelf', holdId }] : [{ status: 'available' }],
      { status: 'on_loan', hold_id: null },
    );
    if (!moved) throw conflict(LIBRARY_MSG.lostRace);
    const { id } = await circulationRepo.insertLoan(trx, {
      ...loan,
      college_id: collegeId,
      issued_by: user.id,
      returned_by: null,
      created_at: nowIso(),
    });
    // The patron's own hold on this title is fulfilled, whichever copy they took.
    const own = await holdsRepo.waitingHoldOf(trx, collegeId, copy.title_id, patron.code);
    if (own && (own.status === 'waiting' || own.id === holdId)) {
      await holdsRepo.moveHold(trx, collegeId, own.id, ['waiting', 'ready'], { status: 'fulfilled', closed_at: nowIso() });
    }
    await audit(trx, {
      collegeId,
      actor: actor(user),
      ip,
      action: 'library.issue',
      entity: 'library_loan',
      entityId: id,
      after: { patron: patron.code, copy: copy.accession_no, dueOn },
    });
    return id;
  });
  // The answer is built from what was written: no second read on the desk's busiest call.
  const written: circulationRepo.LoanRow = {
    id: loanId,
    ...loan,
    accession_no: copy.accession_no,
    price: copy.price,
    title: copy.title,
    item_type: copy.item_type,
  };
  return (await loanViews(db, collegeId, [written], new Map([[patron.code, patron.name]])))[0];
}

export async function returnCopy(db: Db, user: RequestUser, barcode: string, ip = ''): Promise<TReturnResult> {
  const collegeId = user.collegeId;
  const today = todayIso();
  const copy = await copiesRepo.copyByAccession(db, collegeId, barcode.trim());
  if (!copy) throw notFound(LIBRARY_MSG.copyNotFound);
  const loan = await circulationRepo.openLoanOfCopy(db, collegeId, copy.id);
  if (!loan) throw badRequest(LIBRARY_MSG.notOnLoan);
  const rule = await ruleFor(db, collegeId, loan.category, loan.item_type);
  // Overdue days count working days only, from the effective due date: closed days are not charged.
  const overdueDays = await overdueWorkingDays(db, collegeId, loan.due_on, today);
  const amount = fineFor(rule, overdueDays, copy.price);

  const { fineId, holdId } = await db.transaction().execute(async (trx) => {
    if (!(await circulationRepo.closeLoan(trx, collegeId, loan.id, 'returned', today, user.id)))
      throw conflict('This copy was just returned at another desk');
    let fineId: number | null = null;
    if (amount > 0) {
      ({ id: fineId } = await finesRepo.insertFine(trx, {
        college_id: collegeId,
        patron_code: loan.patron_code,
        patron_kind: loan.patron_kind,
        student_id: loan.student_id,
        loan_id: loan.id,
        kind: 'overdue',
        amount,
        overdue_days: overdueDays,
        status: 'unpaid',
        receipt_no: null,
        document_code: null,
        paid_at: null,
        settled_by: null,
        waive_reason: '',
        created_at: nowIso(),
      }));
      await postFine(trx, collegeId, { id: fineId, studentId: loan.student_id, amount, date: today });
    }
    await copiesRepo.setCopyStatus(trx, collegeId, copy.id, 'available', null);
    const hold = await routeToHold(trx, collegeId, copy.id, copy.title_id, copy.item_type);
    await audit(trx, {
      collegeId,
      actor: actor(user),
      ip,
      action: 'library.return',
      entity: 'library_loan',
      entityId: loan.id,
      after: { fine: amount, overdueDays, hold: hold?.id ?? null },
    });
    return { fineId, holdId: hold?.id ?? null };
  });

  const names = await patronsRepo.patronNames(db, collegeId, [loan.patron_code], loan.patron_kind);
  const closed = (await loanViews(db, collegeId, [{ ...loan, status: 'returned', returned_on: today }], names))[0];
  const fineRow = fineId ? await finesRepo.fineById(db, collegeId, fineId) : undefined;
  const fine = fineRow ? fineView(fineRow, names.get(loan.patron_code) ?? '') : null;
  const holdRow = holdId ? await holdsRepo.holdById(db, collegeId, holdId) : undefined;
  const hold = holdRow ? (await holdViews(db, collegeId, [holdRow]))[0] : null;
  const parts = [`Returned ${copy.accession_no} (${copy.title}).`];
  if (fine) parts.push(`Fine ${rupees(fine.amount)} for ${overdueDays} overdue working day${overdueDays === 1 ? '' : 's'}.`);
  else if (overdueDays > 0)
    parts.push(
      `${overdueDays} day${overdueDays === 1 ? '' : 's'} late, ${
        overdueDays <= rule.graceDays ? 'within the grace period' : 'less than a whole charge period'
      }: no fine.`,
    );
  if (hold)
    parts.push(`Put it on the hold shelf for ${hold.patronName || hold.patron} (${hold.patron}) until ${hold.expiresOn}.`);
  return { loan: closed, fine, hold, message: parts.join(' ') };
}

/** Renews from the desk (staff) or by the patron themselves; refused when someone waits for the title. */
export async function renew(db: Db, user: RequestUser, staff: boolean, loanId: number): Promise<TLoan> {
  const collegeId = user.collegeId;
  const today = todayIso();
  const loan = await circulationRepo.loanById(db, collegeId, loanId);
  if (!loan) throw notFound(LIBRARY_MSG.loanNotFound);
  if (!staff) {
    const me = await patronOfUser(db, user);
    if (!me || me.code !== loan.patron_code) throw forbidden(LIBRARY_MSG.notYours);
  }
  if (loan.status !== 'open') throw badRequest(LIBRARY_MSG.loanClosed);
  // The loan keeps the category it was issued under; the patron's own override of renewals and loan days applies.
  const patron = await findPatron(db, collegeId, loan.patron_code);
  const rule = withAllowances(
    await ruleFor(db, collegeId, loan.category, loan.item_type),
    patron?.allowances ?? {},
    loan.item_type,
  );
  if (loan.renewals >= rule.renewals) throw badRequest(LIBRARY_MSG.renewalsUsed);
  if (await holdsRepo.firstWaitingHold(db, collegeId, loan.title_id, loan.patron_code)) throw badRequest(LIBRARY_MSG.renewHeld);
  if (today > loan.due_on && today > (await nextWorkingDay(db, collegeId, loan.due_on)))
    throw badRequest(LIBRARY_MSG.renewOverdue);
  // The later of the new and the old due date, on an open day (the old one may since have been closed).
  const later = addDays(today, rule.loanDays) > loan.due_on ? addDays(today, rule.loanDays) : loan.due_on;
  const dueOn = await nextWorkingDay(db, collegeId, later);
  // A renewal that moves nothing (e.g. on the day of issue) would only use one up.
  if (dueOn <= loan.due_on) throw badRequest(`It is due on ${displayDate(loan.due_on)} already; renew nearer the date`);
  if (!(await circulationRepo.renewLoan(db, collegeId, loan.id, loan.renewals, dueOn))) {
    throw conflict('The loan changed at the same moment: try again');
  }
  return oneLoan(db, collegeId, loan.id);
}

/**
 * A lost copy: the loan closes and the patron owes the price plus the processing charge. `note`
 * (the catalogue's reason, when the copy was marked lost there) goes to the audit row.
 */
export async function markLost(db: Db, user: RequestUser, loanId: number, ip = '', note?: string): Promise<TReturnResult> {
  const collegeId = user.collegeId;
  const loan = await circulationRepo.loanById(db, collegeId, loanId);
  if (!loan) throw notFound(LIBRARY_MSG.loanNotFound);
  if (loan.status !== 'open') throw badRequest(LIBRARY_MSG.loanClosed);
  const rule = await ruleFor(db, collegeId, loan.category, loan.item_type);
  const amount = loan.price + rule.lostProcessingFee;
  const fineId = await db.transaction().execute(async (trx) => {
    if (!(await circulationRepo.closeLoan(trx, collegeId, loan.id, 'lost', todayIso(), user.id))) throw conflict(LIBRARY_MSG.loanClosed);
    await copiesRepo.setCopyStatus(trx, collegeId, loan.copy_id, 'lost', null);
    const { id } = await finesRepo.insertFine(trx, {
      college_id: collegeId,
      patron_code: loan.patron_code,
      patron_kind: loan.patron_kind,
      student_id: loan.student_id,
      loan_id: loan.id,
      kind: 'lost',
      amount,
      overdue_days: 0,
      status: 'unpaid',
      receipt_no: null,
      document_code: null,
      paid_at: null,
      settled_by: null,
      waive_reason: '',
      created_at: nowIso(),
    });
    await postFine(trx, collegeId, { id, studentId: loan.student_id, amount, date: todayIso() });
    await audit(trx, {
      collegeId,
      actor: actor(user),
      ip,
      action: 'library.lost',
      entity: 'library_loan',
      entityId: loan.id,
      after: { fine: amount, ...(note && { note }) },
    });
    return id;
  });
  const names = await patronsRepo.patronNames(db, collegeId, [loan.patron_code]);
  const closed = (await loanViews(db, collegeId, [(await circulationRepo.loanById(db, collegeId, loan.id))!], names))[0];
  const fine = fineView((await finesRepo.fineById(db, collegeId, fineId))!, names.get(loan.patron_code) ?? '');
  return {
    loan: closed,
    fine,
    hold: null,
    message: `Marked lost: ${rupees(amount)} due (price ${rupees(loan.price)} + processing ${rupees(rule.lostProcessingFee)}).`,
  };
}
