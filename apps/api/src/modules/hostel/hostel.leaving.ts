import {
  academicYearSpan,
  HOSTEL_MSG,
  leavingCharge,
  type TAllotmentCancel,
  type TLeavingFigures,
  type TPostedCharge,
} from '@erp/shared';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { revokeDocument } from '../../lib/documents.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { accountsSettings, chargeCut, postedCharges, releaseCharge } from '../accounts/index.js';
import * as repo from './hostel.repo.js';
import { actorOf, depositRef, LEDGER_SOURCE, ledgerLineOf, rupees, todayLocal } from './hostel.service.js';

/** A cut the leaving applies: the ledger line (by its reference) is brought down to keepPaise. */
export interface LeavingCut {
  sourceRef: string;
  keepPaise: number;
}

/**
 * The room fee of the year, as opposed to a room-change difference (kept whole when a resident
 * leaves: it is charged for the move, not for the months).
 */
const isRoomFee = (c: { kind: string; description: string }) => c.kind === 'FEE' && !c.description.startsWith('Room change');

/** What releaseCharge does to one line, from the ledger's own rule (chargeCut), and what it then owes. */
function cutLine(line: TPostedCharge, keepPaise: number) {
  const cut = chargeCut(line, keepPaise);
  return { kept: cut.keep, released: cut.release, balance: cut.keep - (line.paidPaise - cut.release) };
}

/**
 * What leaving on `date` keeps of the allotment's room fee (the college's policy, by the month or
 * semester begun, for the academic year the allotment is for), gives back of its caution deposit
 * and leaves owing once damages are charged. One calculation for the preview and the vacate, read
 * inside the vacate's transaction so the figures are the ones applied.
 */
export async function leavingPlan(
  db: Db,
  collegeId: number,
  a: { id: number; studentId: number; academicYear: string; fromDate: string },
  date: string,
  damagesPaise: number,
): Promise<{ figures: TLeavingFigures; cuts: LeavingCut[] }> {
  if (date < a.fromDate) throw badRequest(HOSTEL_MSG.vacateBeforeAllotment);
  const [settings, charges, posted] = await Promise.all([
    accountsSettings(db as Database, collegeId),
    repo.chargesOfAllotment(db, collegeId, a.id),
    postedCharges(db, collegeId, a.studentId, LEDGER_SOURCE),
  ]);
  const basis = settings.leavingBasis ?? 'month';
  const span = academicYearSpan(a.academicYear);
  const keepOf = new Map<string, number>();
  const roomFees = new Set(charges.filter(isRoomFee).map((c) => ledgerLineOf(c).sourceRef));
  const deposit = depositRef(a.id);
  const f = { fee: 0, feeKept: 0, deposit: 0, depositPaid: 0, released: 0, dues: damagesPaise };
  for (const line of posted) {
    let keep: number | undefined;
    if (roomFees.has(line.sourceRef)) {
      const charge = line.amountPaise - line.waivedPaise;
      // Only a resident who leaves before the year is over has months to give back.
      keep =
        date < span.to
          ? leavingCharge(charge, { periodFrom: span.from, periodTo: span.to, usedFrom: a.fromDate, leftOn: date, basis })
          : charge;
    } else if (line.sourceRef === deposit) keep = 0;
    if (keep === undefined) {
      f.dues += line.balancePaise;
      continue;
    }
    const c = cutLine(line, keep);
    keepOf.set(line.sourceRef, keep);
    f.released += c.released;
    f.dues += c.balance;
    if (line.sourceRef === deposit) {
      f.deposit += line.amountPaise - line.waivedPaise;
      f.depositPaid += line.paidPaise;
    } else {
      f.fee += line.amountPaise - line.waivedPaise;
      f.feeKept += c.kept;
    }
  }
  const net = f.dues - f.released;
  return {
    figures: {
      date,
      basis,
      periodFrom: span.from,
      periodTo: span.to,
      feePaise: f.fee,
      feeKeptPaise: f.feeKept,
      depositPaise: f.deposit,
      depositPaidPaise: f.depositPaid,
      damagesPaise,
      releasedPaise: f.released,
      // The deposit answers for damages first, then any other hostel due.
      depositBackPaise: Math.max(0, f.depositPaid - f.dues),
      owedPaise: Math.max(0, net),
      refundPaise: Math.max(0, -net),
    },
    cuts: [...keepOf].map(([sourceRef, keepPaise]) => ({ sourceRef, keepPaise })),
  };
}

/** Applies the plan's cuts to the ledger inside the caller's transaction; returns the paise released. */
export async function applyCuts(trx: Db, collegeId: number, cuts: LeavingCut[]) {
  let released = 0;
  for (const c of cuts)
    released += (await releaseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef: c.sourceRef, keepPaise: c.keepPaise }))
      .releasedPaise;
  return released;
}

/** The vacate dialog's figures before the incharge confirms. */
export async function vacatePreview(db: Database, collegeId: number, id: number, q: { date: string; damages: number }) {
  const a = await repo.allotment(db, collegeId, id);
  if (!a) throw notFound(HOSTEL_MSG.allotmentNotFound);
  if (a.status !== 'ACTIVE') throw conflict(a.status === 'CANCELLED' ? HOSTEL_MSG.cancelled : HOSTEL_MSG.notActive);
  return (await leavingPlan(db, collegeId, a, q.date, q.damages)).figures;
}

/**
 * Undoes an allotment made by mistake: nothing it charged stands (room fee, room-change
 * differences and deposit released whole; money paid becomes excess credit for the accounts
 * office), the bed is freed, the letter no longer verifies and the application waits again.
 */
export async function cancelAllotment(db: Database, user: RequestUser, id: number, input: TAllotmentCancel) {
  const collegeId = user.collegeId;
  const reason = input.reason.trim();
  const a = await repo.allotment(db, collegeId, id);
  if (!a) throw notFound(HOSTEL_MSG.allotmentNotFound);
  if (a.status !== 'ACTIVE') throw conflict(a.status === 'CANCELLED' ? HOSTEL_MSG.cancelled : HOSTEL_MSG.notActive);
  const on = todayLocal();
  const { waived, released } = await db.transaction().execute(async (trx) => {
    await repo.lockAllotment(trx, collegeId, id);
    const row = await repo.allotmentRow(trx, collegeId, id);
    if (!row || !(await repo.cancelAllotment(trx, collegeId, id, { on, reason }))) {
      const now = await repo.allotment(trx, collegeId, id);
      throw conflict(now?.status === 'CANCELLED' ? HOSTEL_MSG.cancelled : HOSTEL_MSG.notActive);
    }
    let waived = 0;
    let released = 0;
    for (const c of await repo.chargesOfAllotment(trx, collegeId, id)) {
      if (c.kind === 'DAMAGE') continue;
      const r = await releaseCharge(trx, {
        collegeId,
        source: LEDGER_SOURCE,
        sourceRef: ledgerLineOf(c).sourceRef,
        keepPaise: 0,
      });
      waived += r.waivedPaise;
      released += r.releasedPaise;
    }
    // An allotment from a date still to come closes on that date, never before it opened.
    await repo.closeHistory(trx, id, on < a.fromDate ? a.fromDate : on);
    if (row.letter_code) await revokeDocument(trx, collegeId, row.letter_code, 'Allotment cancelled');
    if (row.application_id)
      await repo.reopenApplication(trx, collegeId, row.application_id, `Allotment ${a.allotmentNo} cancelled: ${reason}`);
    const pending = await repo.pendingTransferOf(trx, collegeId, id);
    if (pending) await repo.decideTransferRequest(trx, collegeId, pending.id, 'REJECTED', 'Allotment cancelled', nowIso());
    await audit(trx, {
      collegeId,
      actor: actorOf(user),
      action: 'hostel.allotment.cancel',
      entity: 'hostel_allotment',
      entityId: id,
      before: { status: 'ACTIVE', bed: `${a.building} ${a.roomNo}-${a.bedLabel}`, rollNo: a.rollNo },
      after: { status: 'CANCELLED', reason, waivedPaise: waived, releasedPaise: released },
    });
    return { waived, released };
  });
  return {
    message:
      `Allotment ${a.allotmentNo} of ${a.name} cancelled; ${a.building} ${a.roomNo}-${a.bedLabel} is free` +
      (released > 0
        ? `. ${rupees(released)} paid is now credit: the accounts office will refund it or set it against other dues`
        : ''),
    waivedPaise: waived,
    releasedPaise: released,
  };
}
