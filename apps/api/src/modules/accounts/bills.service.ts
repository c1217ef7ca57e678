import crypto from 'node:crypto';
import {
  ACCOUNTS_MSG,
  accountsFy,
  gstStateProblem,
  ROLES,
  type TBill,
  type TCapped,
  type TBillPayment,
  type TVendor,
  type ZBillInput,
  type ZBillPaymentInput,
  type ZDecision,
  type ZPayables,
  type ZVendorInput,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { mapCapped } from '../../lib/capped.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { staffNames } from '../../lib/people.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './bills.repo.js';
import { getSettings } from './concessions.service.js';
import { nextNumber } from './ledger.repo.js';
import { audit } from '../../lib/audit.js';
import { officeDate } from './ledger.receipts.js';
import { isUniqueViolation } from './util.js';
import { sniffFileType, MIME_BY_TYPE } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, storeUpload } from '../../lib/uploads.js';

export const voucherCounter = (fy: string) => `acc-voucher-${fy}`;
export const voucherLabel = (collegeCode: string, fy: string, no: number) =>
  `${collegeCode}/PV/${fy}/${String(no).padStart(5, '0')}`;

export async function listVendors(db: Database, collegeId: number): Promise<TVendor[]> {
  return (await repo.vendors(db, collegeId)).map((v) => ({
    id: v.id,
    name: v.name,
    gstin: v.gstin,
    pan: v.pan,
    bankAccount: v.bank_account,
    ifsc: v.ifsc,
    phone: v.phone,
    address: v.address,
    outstandingPaise: Number(v.outstanding ?? 0),
  }));
}

export async function addVendor(db: Database, collegeId: number, body: z.output<typeof ZVendorInput>): Promise<TVendor> {
  if (body.gstin && (await repo.vendorByGstin(db, collegeId, body.gstin))) throw conflict(ACCOUNTS_MSG.vendorExists);
  const { id } = await repo.insertVendor(db, {
    college_id: collegeId,
    name: body.name,
    gstin: body.gstin,
    pan: body.pan,
    bank_account: body.bankAccount,
    ifsc: body.ifsc,
    phone: body.phone,
    address: body.address,
    created_at: nowIso(),
  });
  return (await listVendors(db, collegeId)).find((v) => v.id === id)!;
}

type PaymentRow = Awaited<ReturnType<typeof repo.paymentsOf>>[number];
const toPayment = (code: string, p: PaymentRow): TBillPayment => ({
  id: p.id,
  voucherNo: p.voucher_no,
  label: voucherLabel(code, p.fy, p.voucher_no),
  date: p.entry_date,
  mode: p.mode,
  reference: p.reference,
  amountPaise: p.amount_paise,
  paidBy: p.paid_by,
  pdfUrl: `/api/accounts/bill-payments/${p.id}/pdf`,
});

export async function listBills(
  db: Database,
  college: { id: number; code: string },
  q: { status?: string; vendorId?: number; id?: number },
): Promise<TCapped<TBill>> {
  const page = await repo.bills(db, college.id, q);
  const rows = page.items;
  const payments = await repo.paymentsOf(
    db,
    college.id,
    rows.map((b) => b.id),
  );
  // people by name, not login id (the rows keep the ids)
  const names = await staffNames(db, college.id, [
    ...rows.flatMap((b) => [b.created_by_name, b.decided_by_name]),
    ...payments.map((p) => p.paid_by),
  ]);
  const name = (login: string) => names.get(login) ?? login;
  return mapCapped(page, (b) => ({
    id: b.id,
    vendorId: b.vendor_id,
    vendorName: b.vendor_name,
    billNo: b.bill_no,
    billDate: b.bill_date,
    description: b.description,
    amountPaise: b.amount_paise,
    gstPaise: b.gst_paise,
    cgstPaise: b.cgst_paise,
    sgstPaise: b.sgst_paise,
    igstPaise: b.igst_paise,
    tdsPaise: b.tds_paise,
    tdsSection: b.tds_section,
    tdsRatePercent: b.tds_rate_bp / 100,
    payablePaise: Number(b.payable),
    paidPaise: b.paid_paise,
    status: b.status,
    createdBy: name(b.created_by_name),
    decidedBy: name(b.decided_by_name),
    decidedAt: b.decided_at,
    decisionNote: b.decision_note,
    invoiceUrl: b.invoice_path ? `/api/accounts/bills/${b.id}/invoice` : '',
    payments: payments.filter((p) => p.bill_id === b.id).map((p) => ({ ...toPayment(college.code, p), paidBy: name(p.paid_by) })),
  }));
}

async function billOrThrow(db: Database, college: { id: number; code: string }, id: number) {
  // by its id, not looked for among the newest the list holds
  const b = (await listBills(db, college, { id })).items[0];
  if (!b) throw notFound(ACCOUNTS_MSG.billNotFound);
  return b;
}

export async function addBill(
  db: Database,
  college: { id: number; code: string },
  user: RequestUser,
  body: z.output<typeof ZBillInput>,
) {
  const vendor = await repo.vendorById(db, college.id, body.vendorId);
  if (!vendor) throw badRequest(ACCOUNTS_MSG.vendorNotFound);
  const stateProblem = gstStateProblem(vendor.gstin, (await getSettings(db, college.id)).gstStateCode ?? '', body);
  if (stateProblem) throw badRequest(stateProblem);
  try {
    const { id } = await repo.insertBill(db, {
      college_id: college.id,
      vendor_id: body.vendorId,
      bill_no: body.billNo,
      bill_date: body.billDate,
      description: body.description,
      amount_paise: body.amountPaise,
      gst_paise: body.cgstPaise + body.sgstPaise + body.igstPaise,
      cgst_paise: body.cgstPaise,
      sgst_paise: body.sgstPaise,
      igst_paise: body.igstPaise,
      tds_paise: body.tdsPaise,
      tds_section: body.tdsSection,
      tds_rate_bp: Math.round(body.tdsRatePercent * 100),
      status: 'submitted',
      created_by: user.id,
      created_by_name: user.username,
      decided_by_name: '',
      decision_note: '',
      created_at: nowIso(),
    });
    return billOrThrow(db, college, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ACCOUNTS_MSG.billExists);
    throw e;
  }
}

/** accountant → accounts officer → principal (above the college's limit); the one who entered a bill does not approve it. */
export async function decideBill(
  db: Database,
  college: { id: number; code: string },
  user: RequestUser,
  id: number,
  body: z.output<typeof ZDecision>,
): Promise<TBill> {
  const b = await repo.billById(db, college.id, id);
  if (!b) throw notFound(ACCOUNTS_MSG.billNotFound);
  if (b.status !== 'submitted' && b.status !== 'awaiting_principal') throw conflict(ACCOUNTS_MSG.billDecided);
  if (b.status === 'submitted' && !user.roles.includes(ROLES.ACCOUNTANTS_OFFICER)) throw forbidden(ACCOUNTS_MSG.notYourStage);
  if (b.status === 'awaiting_principal' && !user.roles.includes(ROLES.PRINCIPAL)) throw forbidden(ACCOUNTS_MSG.notYourStage);
  if (b.created_by === user.id && body.decision === 'approve') throw forbidden(ACCOUNTS_MSG.ownProposal);
  const limit = (await getSettings(db, college.id)).billPrincipalLimitPaise;
  const next =
    body.decision === 'reject'
      ? 'rejected'
      : b.status === 'submitted' && Number(b.payable) > limit
        ? 'awaiting_principal'
        : 'approved';
  await db.transaction().execute(async (trx) => {
    if (
      !(await repo.transition(trx, id, b.status, {
        status: next,
        decided_by_name: user.username,
        decision_note: body.note,
        decided_at: nowIso(),
      }))
    )
      throw conflict(ACCOUNTS_MSG.billDecided);
    await audit(trx, {
      collegeId: college.id,
      actor: user,
      action: 'bill.decide',
      entity: 'acc_bill',
      entityId: id,
      before: { status: b.status },
      after: { status: next, note: body.note },
    });
  });
  return billOrThrow(db, college, id);
}

const INVOICE_TYPES = new Set(['pdf', 'jpg', 'png']);

/**
 * Attaches (or replaces) the vendor's invoice of a bill not yet decided: a PDF, JPG or PNG told by
 * its first bytes, at most the configured upload size (the multipart reader refuses larger ones).
 */
export async function attachInvoice(
  db: Database,
  college: { id: number; code: string },
  user: RequestUser,
  id: number,
  files: UploadedFile[],
  storage: FileStorage,
): Promise<TBill> {
  const b = await repo.billById(db, college.id, id);
  if (!b) throw notFound(ACCOUNTS_MSG.billNotFound);
  if (b.status !== 'submitted') throw conflict(ACCOUNTS_MSG.billDecided);
  const file = files.find((f) => f.fieldname === 'invoice') ?? files[0];
  const type = file ? sniffFileType(file.buffer) : null;
  if (!file || !type || !INVOICE_TYPES.has(type)) throw badRequest(ACCOUNTS_MSG.invoiceType);
  const path = await storeUpload(storage, college.code, 'bills', `bill-${id}-${crypto.randomUUID()}.${type}`, file.buffer);
  await db.transaction().execute(async (trx) => {
    await repo.setInvoice(trx, college.id, id, path, type);
    await audit(trx, {
      collegeId: college.id,
      actor: user,
      action: 'bill.invoice',
      entity: 'acc_bill',
      entityId: id,
      before: { invoice: b.invoice_path },
      after: { invoice: path },
    });
  });
  return billOrThrow(db, college, id);
}

/** The vendor's invoice of a bill, with its content type. */
export async function invoiceFile(db: Database, collegeId: number, id: number, storage: FileStorage) {
  const b = await repo.billById(db, collegeId, id);
  if (!b) throw notFound(ACCOUNTS_MSG.billNotFound);
  const file = b.invoice_path ? await openUpload(storage, b.invoice_path) : null;
  if (!file) throw notFound(ACCOUNTS_MSG.invoiceMissing);
  const type = (b.invoice_type || 'pdf') as keyof typeof MIME_BY_TYPE;
  return { file, mime: MIME_BY_TYPE[type], name: `bill-${b.bill_no.replace(/[^A-Za-z0-9._-]/g, '_')}.${type}` };
}

/** Pays an approved bill (in part or whole) with the next payment voucher number of the financial year. */
export async function payBill(
  db: Database,
  college: { id: number; code: string },
  user: RequestUser,
  id: number,
  body: z.output<typeof ZBillPaymentInput>,
  onPayment?: (trx: Db, paymentId: number) => Promise<void>,
): Promise<TBillPayment> {
  const b = await repo.billById(db, college.id, id);
  if (!b) throw notFound(ACCOUNTS_MSG.billNotFound);
  if (b.status !== 'approved') throw badRequest(ACCOUNTS_MSG.billNotApproved);
  const paymentId = await db.transaction().execute(async (trx) => {
    if (!(await repo.addPayment(trx, id, body.amountPaise))) {
      const now = await repo.billById(trx, college.id, id);
      throw badRequest(now?.status === 'approved' ? ACCOUNTS_MSG.billOverpaid : ACCOUNTS_MSG.billNotApproved);
    }
    const date = officeDate();
    const fy = accountsFy(date);
    const voucherNo = await nextNumber(trx, college.id, voucherCounter(fy));
    const { id: pid } = await repo.insertPayment(trx, {
      college_id: college.id,
      bill_id: id,
      fy,
      voucher_no: voucherNo,
      entry_date: date,
      mode: body.mode,
      reference: body.reference ?? '',
      amount_paise: body.amountPaise,
      paid_by: user.username,
      created_at: nowIso(),
    });
    await audit(trx as Database, {
      collegeId: college.id,
      actor: user,
      action: 'bill.pay',
      entity: 'acc_bill',
      entityId: id,
      after: { voucherNo, fy, mode: body.mode, amountPaise: body.amountPaise },
    });
    if (onPayment) await onPayment(trx, pid);
    return pid;
  });
  const p = (await repo.paymentsOf(db, college.id, [id])).find((x) => x.id === paymentId)!;
  return toPayment(college.code, p);
}

export async function paymentRow(db: Db, collegeId: number, id: number) {
  const p = await repo.paymentById(db, collegeId, id);
  if (!p) throw notFound('Payment voucher not found');
  return p;
}

/** Outstanding payables by vendor, in age buckets from the bill date. */
export async function payables(db: Database, collegeId: number): Promise<z.infer<typeof ZPayables>> {
  const today = new Date(`${officeDate()}T00:00:00Z`).getTime();
  const byVendor = new Map<number, z.infer<typeof ZPayables>[number]>();
  for (const b of await repo.openBills(db, collegeId)) {
    const bal = Number(b.balance);
    if (bal <= 0) continue;
    const v = byVendor.get(b.vendor_id) ?? {
      vendorId: b.vendor_id,
      vendorName: b.vendor_name,
      bills: 0,
      upTo30Paise: 0,
      days31to60Paise: 0,
      days61to90Paise: 0,
      over90Paise: 0,
      totalPaise: 0,
    };
    const age = Math.floor((today - new Date(`${b.bill_date}T00:00:00Z`).getTime()) / 86_400_000);
    if (age <= 30) v.upTo30Paise += bal;
    else if (age <= 60) v.days31to60Paise += bal;
    else if (age <= 90) v.days61to90Paise += bal;
    else v.over90Paise += bal;
    v.bills += 1;
    v.totalPaise += bal;
    byVendor.set(b.vendor_id, v);
  }
  return [...byVendor.values()].sort((a, b) => b.totalPaise - a.totalPaise);
}

/** Read-only input for IQAC's NAAC and NIRF figures: the bill payments (expenditure) with their descriptions. */
export async function naacInputs(db: Database, collegeId: number) {
  const rows = await repo.naacExpenditure(db, collegeId);
  return rows.map((r) => ({ ...r, amount_paise: Number(r.amount_paise) }));
}
