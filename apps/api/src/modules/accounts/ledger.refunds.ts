import {
  ACCOUNTS_MSG,
  accountsFy,
  REFUND_MSG,
  type TRefund,
  type TRefundPage,
  type TRefundStatus,
  type ZDecision,
  type ZRefundInput,
  type ZRefundPay,
  type ZRefundQuery,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { staffNames } from '../../lib/people.js';
import type { RequestUser } from '../../plugins/types.js';
import { officeDate } from './ledger.receipts.js';
import * as ledgerRepo from './ledger.repo.js';
import { numberOf } from './ledger.views.js';
import * as repo from './refunds.repo.js';

/**
 * Refunds of excess credits. An accountant proposes one (its amount leaves the credit's open amount
 * in the same transaction, so an adjustment or a second refund cannot spend it again); the accounts
 * officer approves or rejects it (never their own proposal; a rejection gives the amount back); an
 * approved refund is paid as a refund voucher numbered per college and financial year, money out
 * of the day book on its date.
 */

type College = { id: number; code: string };

export const refundCounter = (fy: string) => `acc-refund-${fy}`;
export const refundVoucherLabel = (collegeCode: string, fy: string, no: number | null) =>
  no === null ? '' : `${collegeCode}/RV/${fy}/${String(no).padStart(5, '0')}`;

const toRefund = (code: string, f: repo.RefundRow): TRefund => ({
  id: f.id,
  excessId: f.excess_id,
  receiptLabel: numberOf(code, {
    series: f.receipt_series,
    fy: f.receipt_fy,
    receipt_no: f.receipt_no,
    reference: f.receipt_reference,
  }),
  rollNo: f.roll_no,
  studentName: f.full_name,
  amountPaise: f.amount_paise,
  reason: f.reason,
  status: f.status as TRefundStatus,
  proposedBy: f.proposed_by_name,
  proposedAt: f.proposed_at,
  decidedBy: f.decided_by_name,
  decidedAt: f.decided_at,
  decisionNote: f.decision_note,
  paidBy: f.paid_by_name,
  paidOn: f.paid_on,
  mode: f.mode,
  reference: f.reference,
  voucherNo: f.voucher_no,
  voucherLabel: refundVoucherLabel(code, f.fy, f.voucher_no),
  pdfUrl: f.status === 'paid' ? `/api/accounts/refunds/${f.id}/pdf` : '',
});

/** People by name, not login id (the rows keep the ids). */
async function named(db: Db, collegeId: number, list: TRefund[]): Promise<TRefund[]> {
  const names = await staffNames(
    db,
    collegeId,
    list.flatMap((r) => [r.proposedBy, r.decidedBy, r.paidBy]),
  );
  const name = (login: string) => names.get(login) ?? login;
  return list.map((r) => ({ ...r, proposedBy: name(r.proposedBy), decidedBy: name(r.decidedBy), paidBy: name(r.paidBy) }));
}

export async function refundRow(db: Db, collegeId: number, id: number) {
  const f = await repo.refundById(db, collegeId, id);
  if (!f) throw notFound(REFUND_MSG.notFound);
  return f;
}

export async function refund(db: Db, college: College, id: number): Promise<TRefund> {
  return (await named(db, college.id, [toRefund(college.code, await refundRow(db, college.id, id))]))[0]!;
}

export async function list(db: Database, college: College, q: z.output<typeof ZRefundQuery>): Promise<TRefundPage> {
  const r = await repo.refunds(db, college.id, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return {
    items: await named(
      db,
      college.id,
      r.items.map((f) => toRefund(college.code, f)),
    ),
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** An accountant proposes refunding part or all of what is open on an excess credit. */
export async function propose(
  db: Database,
  college: College,
  user: RequestUser,
  body: z.output<typeof ZRefundInput>,
): Promise<TRefund> {
  const id = await db.transaction().execute(async (trx) => {
    const x = await ledgerRepo.excessById(trx, college.id, body.excessId);
    if (!x) throw notFound(ACCOUNTS_MSG.excessNotFound);
    if (x.status !== 'open' || x.amount_paise <= 0) throw conflict(ACCOUNTS_MSG.excessNotOpen);
    if (body.amountPaise > x.amount_paise) throw badRequest(REFUND_MSG.tooLarge, { openPaise: x.amount_paise });
    // Taken off the credit while it still holds that much: an adjustment or refund racing this one loses.
    if (!(await repo.reserveExcess(trx, college.id, x.id, body.amountPaise))) throw conflict(ACCOUNTS_MSG.excessNotOpen);
    const { id } = await repo.insertRefund(trx, {
      college_id: college.id,
      student_id: x.student_id,
      excess_id: x.id,
      amount_paise: body.amountPaise,
      reason: body.reason,
      status: 'proposed',
      proposed_by: user.id,
      proposed_by_name: user.username,
      proposed_at: nowIso(),
    });
    await audit(trx, {
      collegeId: college.id,
      actor: user,
      action: 'refund.propose',
      entity: 'acc_refund',
      entityId: id,
      before: { excessId: x.id, openPaise: x.amount_paise },
      after: { amountPaise: body.amountPaise, reason: body.reason, openPaise: x.amount_paise - body.amountPaise },
    });
    return id;
  });
  return refund(db, college, id);
}

/**
 * The accounts officer approves or rejects a proposed refund (the route admits only the officer);
 * nobody approves their own. A rejection gives the amount back to the credit in the same transaction.
 */
export async function decide(
  db: Database,
  college: College,
  user: RequestUser,
  id: number,
  body: z.output<typeof ZDecision>,
): Promise<TRefund> {
  const f = await refundRow(db, college.id, id);
  if (f.status !== 'proposed') throw conflict(REFUND_MSG.decided);
  if (f.proposed_by === user.id && body.decision === 'approve') throw forbidden(ACCOUNTS_MSG.ownProposal);
  const status = body.decision === 'approve' ? 'approved' : 'rejected';
  await db.transaction().execute(async (trx) => {
    const moved = await repo.transition(trx, id, 'proposed', {
      status,
      decided_by_name: user.username,
      decided_at: nowIso(),
      decision_note: body.note,
    });
    if (!moved) throw conflict(REFUND_MSG.decided);
    if (status === 'rejected') await repo.releaseExcess(trx, college.id, f.excess_id, f.amount_paise);
    await audit(trx, {
      collegeId: college.id,
      actor: user,
      action: 'refund.decide',
      entity: 'acc_refund',
      entityId: id,
      before: { status: 'proposed', amountPaise: f.amount_paise },
      after: { status, note: body.note },
    });
  });
  return refund(db, college, id);
}

/** Issues the voucher as a document inside the payment's transaction; returns its verification code. */
export type RefundIssuer = (
  trx: Db,
  r: { label: string; paidOn: string; amountPaise: number; mode: string; reference: string },
) => Promise<string>;

/**
 * Pays an approved refund: in one transaction, marks it paid (only while still approved: of two
 * clerks paying at once one wins), takes the next refund voucher number of the payment date's
 * financial year and issues the voucher.
 */
export async function pay(
  db: Database,
  college: College,
  user: RequestUser,
  id: number,
  body: z.output<typeof ZRefundPay>,
  issue?: RefundIssuer,
): Promise<TRefund> {
  const f = await refundRow(db, college.id, id);
  if (f.status === 'paid') throw conflict(REFUND_MSG.paid);
  if (f.status !== 'approved') throw conflict(REFUND_MSG.notApproved);
  if (body.date > officeDate()) throw badRequest(REFUND_MSG.dateInFuture);
  if (body.date < officeDate(Date.parse(f.proposed_at))) throw badRequest(REFUND_MSG.dateBeforeProposal);
  const fy = accountsFy(body.date);
  await db.transaction().execute(async (trx) => {
    const paid = { mode: body.mode, reference: body.mode === 'cash' ? '' : body.reference, paid_on: body.date };
    if (
      !(await repo.transition(trx, id, 'approved', {
        status: 'paid',
        ...paid,
        fy,
        paid_by_name: user.username,
        paid_at: nowIso(),
      }))
    )
      throw conflict(REFUND_MSG.paid);
    const voucherNo = await ledgerRepo.nextNumber(trx, college.id, refundCounter(fy));
    const label = refundVoucherLabel(college.code, fy, voucherNo);
    const docCode = issue
      ? await issue(trx, { label, paidOn: body.date, amountPaise: f.amount_paise, mode: body.mode, reference: paid.reference })
      : '';
    await repo.setVoucher(trx, id, voucherNo, docCode);
    await audit(trx, {
      collegeId: college.id,
      actor: user,
      action: 'refund.pay',
      entity: 'acc_refund',
      entityId: id,
      before: { status: 'approved' },
      after: { status: 'paid', voucher: label, amountPaise: f.amount_paise, ...paid },
    });
  });
  return refund(db, college, id);
}
