import type { FastifyRequest } from 'fastify';
import type { TBillPayment, TReceipt, TRefund, ZBillPaymentInput, ZCollect, ZRefundPay } from '@erp/shared';
import { groupIndian, MODE_LABELS, REFUND_MSG } from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { drawVerification, issueDocument, publicBaseUrl, revokeDocument } from '../../lib/documents.js';
import { staffName } from '../../lib/people.js';
import { badRequest } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as bills from './bills.service.js';
import { setPaymentDocCode } from './bills.repo.js';
import * as counter from './ledger.counter.js';
import { receiptLabel } from './ledger.receipts.js';
import * as refunds from './ledger.refunds.js';
import * as views from './ledger.views.js';
import { receiptPdf, refundVoucherPdf, statementPdf, voucherPdf, type Verify } from './pdfs.js';

type College = { id: number; code: string; name: string };
const rs = (paise: number) => `₹${groupIndian(paise)}`;
const modeLabel = (m: string) => MODE_LABELS[m as keyof typeof MODE_LABELS] ?? m;

/**
 * Counter collection, with the receipt registered as an issued document (its QR leads to the
 * public verification page) in the same transaction.
 */
export async function collectAndIssue(
  req: FastifyRequest,
  db: Database,
  user: RequestUser,
  body: z.output<typeof ZCollect>,
): Promise<TReceipt> {
  const base = publicBaseUrl(req);
  const college = req.college;
  return counter.collect(db, college.id, user, body, college, async (trx, r) => {
    const label = receiptLabel(college.code, 'C', r.fy, r.receiptNo);
    const { code } = await issueDocument(
      trx as Database,
      {
        collegeId: college.id,
        kind: 'fee-receipt',
        title: `Fee receipt ${label}`,
        holder: `${r.name} (${r.rollNo})`,
        fields: [
          { label: 'Receipt No', value: label },
          { label: 'Date', value: r.date },
          { label: 'Amount', value: rs(r.amount) },
          { label: 'Mode', value: `${modeLabel(r.mode)}${r.reference ? ` ${r.reference}` : ''}` },
        ],
      },
      base,
    );
    return code;
  });
}

/** Cancels the receipt and withdraws its issued document, so its QR says it was cancelled. */
export async function cancelAndRevoke(
  db: Database,
  college: College,
  user: RequestUser,
  id: number,
  reason: string,
): Promise<TReceipt> {
  await counter.cancelReceipt(db, college.id, user, id, reason, (trx, code) =>
    revokeDocument(trx as Database, college.id, code, `Receipt cancelled: ${reason}`),
  );
  return views.receipt(db, college, id);
}

export async function receiptDocument(req: FastifyRequest, db: Database, college: College, id: number) {
  const { receipt } = await views.receiptRow(db, college.id, id);
  const r = await views.receipt(db, college, id);
  // the clerk by name and designation, not by login id; a gateway payment has no clerk
  const receivedBy = r.mode === 'online' ? 'Online payment' : await staffName(db, college.id, r.clerk);
  const buffer = await receiptPdf(
    {
      collegeName: college.name,
      receipt: { ...r, clerk: receivedBy },
      course: receipt.course,
      batch: receipt.batch,
      branch: receipt.branch,
    },
    verifier(req, receipt.doc_code),
  );
  return { buffer, name: r.label.replace(/\//g, '-') };
}

/** Pays a bill; the voucher is registered as an issued document in the payment's transaction. */
export async function payAndIssue(
  req: FastifyRequest,
  db: Database,
  user: RequestUser,
  billId: number,
  body: z.output<typeof ZBillPaymentInput>,
): Promise<TBillPayment> {
  const base = publicBaseUrl(req);
  const college = req.college;
  return bills.payBill(db, college, user, billId, body, async (trx, paymentId) => {
    const p = await bills.paymentRow(trx as Database, college.id, paymentId);
    const label = bills.voucherLabel(college.code, p.fy, p.voucher_no);
    const { code } = await issueDocument(
      trx as Database,
      {
        collegeId: college.id,
        kind: 'payment-voucher',
        title: `Payment voucher ${label}`,
        holder: p.vendor_name,
        fields: [
          { label: 'Voucher No', value: label },
          { label: 'Date', value: p.entry_date },
          { label: 'Bill', value: p.bill_no },
          { label: 'Amount', value: rs(p.amount_paise) },
        ],
      },
      base,
    );
    await setPaymentDocCode(trx, paymentId, code);
  });
}

export async function voucherDocument(req: FastifyRequest, db: Database, college: College, id: number) {
  const p = await bills.paymentRow(db, college.id, id);
  const label = bills.voucherLabel(college.code, p.fy, p.voucher_no);
  const buffer = await voucherPdf(
    {
      collegeName: college.name,
      label,
      date: p.entry_date,
      vendorName: p.vendor_name,
      gstin: p.gstin,
      pan: p.pan,
      bankAccount: p.bank_account,
      ifsc: p.ifsc,
      billNo: p.bill_no,
      billDate: p.bill_date,
      description: p.description,
      billAmountPaise: p.bill_amount,
      gstPaise: p.gst_paise,
      tdsPaise: p.tds_paise,
      mode: p.mode,
      reference: p.reference,
      amountPaise: p.amount_paise,
      paidBy: await staffName(db, college.id, p.paid_by),
    },
    verifier(req, p.doc_code),
  );
  return { buffer, name: label.replace(/\//g, '-') };
}

/** Pays an approved refund; its voucher is registered as an issued document in the payment's transaction. */
export async function payRefundAndIssue(
  req: FastifyRequest,
  db: Database,
  user: RequestUser,
  id: number,
  body: z.output<typeof ZRefundPay>,
): Promise<TRefund> {
  const base = publicBaseUrl(req);
  const college = req.college;
  const f = await refunds.refundRow(db, college.id, id);
  return refunds.pay(db, college, user, id, body, async (trx, r) => {
    const { code } = await issueDocument(
      trx as Database,
      {
        collegeId: college.id,
        kind: 'refund-voucher',
        title: `Refund voucher ${r.label}`,
        holder: `${f.full_name} (${f.roll_no})`,
        fields: [
          { label: 'Voucher No', value: r.label },
          { label: 'Date', value: r.paidOn },
          { label: 'Amount', value: rs(r.amountPaise) },
          { label: 'Mode', value: `${modeLabel(r.mode)}${r.reference ? ` ${r.reference}` : ''}` },
        ],
      },
      base,
    );
    return code;
  });
}

export async function refundVoucherDocument(req: FastifyRequest, db: Database, college: College, id: number) {
  const f = await refunds.refundRow(db, college.id, id);
  const r = await refunds.refund(db, college, id);
  if (r.status !== 'paid') throw badRequest(REFUND_MSG.notPaid);
  const buffer = await refundVoucherPdf(
    { collegeName: college.name, refund: r, course: f.course, branch: f.branch, batch: f.batch },
    verifier(req, f.doc_code),
  );
  return { buffer, name: r.voucherLabel.replace(/\//g, '-') };
}

export async function statement(db: Database, college: College, rollNo: string) {
  return statementPdf(college.name, await views.ledger(db, college, rollNo));
}

function verifier(req: FastifyRequest, code: string): Verify {
  if (!code) return null;
  const verifyUrl = `${publicBaseUrl(req)}/verify-document/${code}`;
  return (doc, x, y) => drawVerification(doc, { verifyUrl, code }, x, y, 80);
}
