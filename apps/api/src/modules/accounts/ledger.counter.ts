import { ACCOUNTS_MSG, accountsFy, type TReceipt, type ZCollect } from '@erp/shared';
import type { z } from 'zod';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { notifyCharges } from './ledger.charges.js';
import {
  insertActiveReceipt,
  officeDate,
  receiptCounter,
  receiptLabel,
  splitInOrder,
  type Actor,
  type Allocation,
} from './ledger.receipts.js';
import * as repo from './ledger.repo.js';
import { refundHeldOnReceipt } from './refunds.repo.js';
import { studentOrThrow } from './ledger.views.js';

/** The fee counter: numbered receipts (collected and allocated to the student's lines) and their cancellation. */

/**
 * Counter collection: in one transaction, checks the amount against what the student owes,
 * adds it to the lines (each update only while the line still owes that much), takes the next
 * receipt number of the college's financial year and writes the receipt with its allocations.
 */
export async function collect(
  db: Database,
  collegeId: number,
  actor: Actor,
  body: z.output<typeof ZCollect>,
  college: { code: string },
  issue?: Issuer,
): Promise<TReceipt> {
  return db.transaction().execute(async (trx) => {
    const student = await studentOrThrow(trx, collegeId, body.rollNo);
    const open = (await repo.linesOf(trx, collegeId, student.id)).filter((l) => l.payer === 'student' && Number(l.balance) > 0);
    const due = open.reduce((s, l) => s + Number(l.balance), 0);
    if (due === 0) throw badRequest(ACCOUNTS_MSG.nothingDue);
    if (body.amount > due) throw badRequest(ACCOUNTS_MSG.amountTooLarge, { duePaise: due });
    let allocations: Allocation[];
    if (body.allocation?.length) {
      const byId = new Map(open.map((l) => [l.id, l]));
      allocations = body.allocation.map((a) => {
        const line = byId.get(a.lineId);
        if (!line || Number(line.balance) < a.amountPaise) throw badRequest(ACCOUNTS_MSG.allocationLine);
        return { lineId: line.id, headId: line.head_id, amount: a.amountPaise };
      });
      if (allocations.reduce((s, a) => s + a.amount, 0) !== body.amount) throw badRequest(ACCOUNTS_MSG.allocationMismatch);
    } else {
      allocations = splitInOrder(open, body.amount).allocations;
    }
    const r = {
      studentId: student.id,
      mode: body.mode,
      reference: body.reference ?? '',
      bank: body.bank ?? '',
      instrumentDate: body.instrumentDate ?? '',
      amount: body.amount,
      allocations,
    };
    const w = await writeReceipt(
      trx,
      collegeId,
      actor,
      r,
      issue && ((n) => issue(trx, { ...n, rollNo: student.roll_no, name: student.full_name, ...r })),
    );
    const lineOf = new Map(open.map((l) => [l.id, l]));
    // The receipt as written, without reading it back.
    return {
      id: w.id,
      kind: 'receipt',
      receiptNo: w.receiptNo,
      label: receiptLabel(college.code, 'C', w.fy, w.receiptNo),
      fy: w.fy,
      date: w.date,
      rollNo: student.roll_no,
      studentName: student.full_name,
      mode: r.mode,
      reference: r.reference,
      bank: r.bank,
      instrumentDate: r.instrumentDate,
      amountPaise: r.amount,
      status: 'active',
      cancelReason: '',
      clerk: actor.username,
      reversesId: null,
      allocations: allocations.map((a) => ({
        lineId: a.lineId,
        headName: lineOf.get(a.lineId)!.head_name,
        fy: lineOf.get(a.lineId)!.fy,
        amountPaise: a.amount,
      })),
      excessPaise: r.amount - allocations.reduce((s, a) => s + a.amount, 0),
      pdfUrl: `/api/accounts/receipts/${w.id}/pdf`,
    };
  });
}

/** Registers the receipt as an issued document before it is written; returns the verification code. */
export type Issuer = (
  trx: Db,
  r: {
    fy: string;
    receiptNo: number;
    date: string;
    rollNo: string;
    name: string;
    mode: string;
    reference: string;
    amount: number;
  },
) => Promise<string>;

/** Applies the allocations and writes a numbered counter receipt; the caller holds the transaction. */
export async function writeReceipt(
  trx: Db,
  collegeId: number,
  actor: Actor,
  r: {
    studentId: number;
    mode: string;
    reference: string;
    bank: string;
    instrumentDate: string;
    amount: number;
    allocations: Allocation[];
  },
  issue?: (n: { fy: string; receiptNo: number; date: string }) => Promise<string>,
): Promise<{ id: number; fy: string; receiptNo: number; date: string }> {
  for (const a of r.allocations) {
    if (!(await repo.addPaid(trx, a.lineId, a.amount))) throw conflict(ACCOUNTS_MSG.allocationLine);
  }
  const date = officeDate();
  const fy = accountsFy(date);
  const receiptNo = await repo.nextNumber(trx, collegeId, receiptCounter(fy));
  const docCode = issue ? await issue({ fy, receiptNo, date }) : '';
  const id = await insertActiveReceipt(
    trx,
    {
      collegeId,
      series: 'C',
      date,
      receiptNo,
      studentId: r.studentId,
      mode: r.mode,
      reference: r.reference,
      bank: r.bank,
      instrumentDate: r.instrumentDate,
      amountPaise: r.amount,
      clerkId: actor.id,
      clerk: actor.username,
      source: 'counter',
      sourceRef: null,
      docCode,
    },
    r.allocations,
  );
  await notifyCharges(
    trx,
    collegeId,
    r.allocations.map((a) => a.lineId),
  );
  await audit(trx as Database, {
    collegeId,
    actor,
    action: 'receipt.create',
    entity: 'acc_receipt',
    entityId: id,
    after: { fy, receiptNo, studentId: r.studentId, mode: r.mode, amountPaise: r.amount, allocations: r.allocations },
  });
  return { id, fy, receiptNo, date };
}

/**
 * Cancels a counter receipt: the receipt keeps its number and is marked cancelled with the
 * reason; a reversal entry (negative, no number) dated today takes its amounts back off the lines.
 */
export async function cancelReceipt(
  db: Database,
  collegeId: number,
  actor: Actor,
  id: number,
  reason: string,
  onCancel?: (trx: Db, docCode: string) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const receipt = await repo.receiptById(trx, collegeId, id);
    if (!receipt || receipt.kind !== 'receipt') throw notFound(ACCOUNTS_MSG.receiptNotFound);
    if (receipt.series !== 'C') throw badRequest(ACCOUNTS_MSG.onlineNotCancellable);
    // Money already refunded (or on its way) from this receipt's excess cannot be taken back by cancelling it.
    if (await refundHeldOnReceipt(trx, collegeId, id)) throw conflict(ACCOUNTS_MSG.refundHeld);
    if (!(await repo.markCancelled(trx, collegeId, id, reason, actor.username, nowIso())))
      throw conflict(ACCOUNTS_MSG.alreadyCancelled);
    const allocations = await repo.allocationsOf(trx, collegeId, [id]);
    const date = officeDate();
    const reversal = await repo.insertReceipt(trx, {
      college_id: collegeId,
      kind: 'reversal',
      series: 'C',
      fy: accountsFy(date),
      receipt_no: null,
      reverses_id: id,
      student_id: receipt.student_id,
      entry_date: date,
      mode: receipt.mode,
      reference: receipt.reference,
      bank: receipt.bank,
      instrument_date: receipt.instrument_date,
      amount_paise: -receipt.amount_paise,
      status: 'reversal',
      cancel_reason: reason,
      cancelled_by: actor.username,
      cancelled_at: nowIso(),
      clerk_id: actor.id,
      clerk: actor.username,
      source: 'counter',
      source_ref: null,
      created_at: nowIso(),
    });
    for (const a of allocations) await repo.subtractPaid(trx, a.line_id, a.amount_paise);
    await repo.cancelExcessCredit(trx, collegeId, id);
    await notifyCharges(
      trx,
      collegeId,
      allocations.map((a) => a.line_id),
    );
    await repo.insertAllocations(
      trx,
      allocations.map((a) => ({
        college_id: collegeId,
        receipt_id: reversal.id,
        line_id: a.line_id,
        head_id: a.head_id,
        amount_paise: -a.amount_paise,
      })),
    );
    await audit(trx as Database, {
      collegeId,
      actor,
      action: 'receipt.cancel',
      entity: 'acc_receipt',
      entityId: id,
      before: { status: 'active', amountPaise: receipt.amount_paise },
      after: { status: 'cancelled', reason, reversalId: reversal.id },
    });
    if (onCancel && receipt.doc_code) await onCancel(trx, receipt.doc_code);
    return id;
  });
}
