import { FINE_PAYMENT_MODE_LABELS, LIBRARY_MSG, LIBRARY_STAFF, type TFine, type TFinePayment } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { nextCounter } from '../../lib/counters.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { pdfBuffer, rupeeText } from '../../lib/pdf.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { chargesByRefs, postCharge, reverseCharge, settleFromSource, type ChargeState } from '../accounts/index.js';
import * as circulationRepo from './circulation.repo.js';
import * as finesRepo from './fines.repo.js';
import * as patronsRepo from './patrons.repo.js';
import { patronOfUser } from './patrons.js';
import { fineView, rupees } from './views.js';

/** Fines: paid at the desk (numbered receipt with a verification QR) or waived by the incharge with a reason. */

/** The source name of library fines in the accounts ledger. */
export const LEDGER_SOURCE = 'library';
const fineRef = (id: number) => `fine-${id}`;

/** A student's fine becomes a due in the accounts ledger, in the transaction that raises it (staff fines stay the library's). */
export async function postFine(
  trx: Db,
  collegeId: number,
  f: { id: number; studentId: number | null; amount: number; date: string },
) {
  if (!f.studentId || f.amount <= 0) return;
  await postCharge(trx, {
    collegeId,
    studentId: f.studentId,
    head: 'LIBRARY_FINE',
    headName: 'Library Fine',
    amountPaise: f.amount,
    source: LEDGER_SOURCE,
    sourceRef: fineRef(f.id),
    dueDate: f.date,
  });
}

const receiptLabel = (collegeCode: string, n: number) => `${collegeCode}/LIB/${String(n).padStart(6, '0')}`;
const inr = rupeeText;

async function oneFine(db: Db, collegeId: number, id: number): Promise<TFine> {
  const f = await finesRepo.fineById(db, collegeId, id);
  if (!f) throw notFound(LIBRARY_MSG.fineNotFound);
  const names = await patronsRepo.patronNames(db, collegeId, [f.patron_code]);
  return fineView(f, names.get(f.patron_code) ?? '');
}

/** The status of a fine from what was paid and waived on it. */
export function fineStatus(amount: number, paid: number, waived: number): string {
  if (paid + waived >= amount) return waived > 0 ? 'waived' : 'paid';
  return paid + waived > 0 ? 'part_paid' : 'unpaid';
}

const fineIdOf = (ref: string) => (/^fine-(\d+)$/.exec(ref) ? Number(ref.slice(5)) : null);

/**
 * The accounts ledger tells the library when a fine's charge changed (a receipt at the accounts
 * counter, a concession, a cancelled receipt, the library desk's own payment): the fine follows,
 * in the same transaction (registered in modules/wiring.ts). What is neither paid nor still owed
 * counts as waived.
 */
export async function syncFines(trx: Db, charges: ChargeState[]) {
  for (const c of charges) {
    const id = fineIdOf(c.sourceRef);
    if (id === null) continue;
    const [f] = await finesRepo.finesByIds(trx, c.collegeId, [id]);
    if (!f) continue;
    const paid = Math.min(c.paidPaise, f.amount);
    const waived = Math.max(0, f.amount - paid - Math.max(0, c.balancePaise));
    const status = fineStatus(f.amount, paid, waived);
    const settled = status === 'paid' || status === 'waived';
    await finesRepo.updateFine(trx, c.collegeId, id, {
      paid_amount: paid,
      waived_amount: waived,
      status,
      paid_at: settled ? (f.paid_at ?? nowIso()) : null,
    });
  }
}

/** A student's fine as the ledger holds it; a fine an older version never posted is posted now. */
async function ledgerCharge(trx: Db, collegeId: number, row: finesRepo.FineRow) {
  const ref = fineRef(row.id);
  let charge = (await chargesByRefs(trx, collegeId, LEDGER_SOURCE, [ref])).get(ref);
  if (!charge) {
    await postFine(trx, collegeId, {
      id: row.id,
      studentId: row.student_id,
      amount: row.amount,
      date: row.created_at.slice(0, 10),
    });
    charge = (await chargesByRefs(trx, collegeId, LEDGER_SOURCE, [ref])).get(ref)!;
  }
  return charge;
}

const OPEN = ['unpaid', 'part_paid'];

/**
 * The desk collects what is still owed on a fine (all of it, or the rest after a part paid at the
 * accounts counter): a numbered library receipt, and for a student the payment goes to the
 * ledger as a library-desk receipt against that one charge, whose change marks the fine paid.
 */
export async function payFine(
  db: Db,
  user: RequestUser,
  college: RequestCollege,
  id: number,
  baseUrl: string,
  ip = '',
  payment: TFinePayment = { mode: 'cash', reference: '' },
) {
  const paidBy = { payment_mode: payment.mode, payment_reference: payment.reference };
  const modeLine = `${FINE_PAYMENT_MODE_LABELS[payment.mode]}${payment.reference ? ` ${payment.reference}` : ''}`;
  const collegeId = college.id;
  const fine = await oneFine(db, collegeId, id);
  if (!OPEN.includes(fine.status)) throw badRequest(LIBRARY_MSG.fineSettled);
  const row = (await finesRepo.fineById(db, collegeId, id))!;
  let taken = 0;
  await db.transaction().execute(async (trx) => {
    // A student's fine: the ledger's balance is what is owed, whoever took money on it before.
    const owed = row.student_id ? (await ledgerCharge(trx, collegeId, row)).balancePaise : fine.outstanding;
    if (owed <= 0) throw badRequest(LIBRARY_MSG.fineSettled);
    taken = owed;
    const receiptNo = await nextCounter(trx, collegeId, 'library_receipt');
    const doc = await issueDocument(
      trx,
      {
        collegeId,
        kind: 'library-receipt',
        title: `Library fine receipt ${receiptLabel(college.code, receiptNo)}`,
        holder: `${fine.patronName} (${fine.patron})`,
        fields: [
          { label: 'Receipt No', value: receiptLabel(college.code, receiptNo) },
          { label: 'Amount', value: inr(owed) },
          { label: 'Paid by', value: modeLine },
          { label: 'For', value: `${fine.kind === 'lost' ? 'Lost copy' : 'Overdue'} ${fine.accessionNo} ${fine.title}`.trim() },
        ],
      },
      baseUrl,
    );
    const paidAt = nowIso();
    if (row.student_id) {
      try {
        await settleFromSource(trx, {
          collegeId,
          actor: { id: user.id, username: user.username },
          studentId: row.student_id,
          source: LEDGER_SOURCE,
          sourceRef: fineRef(id),
          paymentRef: `${fineRef(id)}-r${receiptNo}`,
          amountPaise: owed,
          mode: payment.mode,
          reference: `Library desk ${receiptLabel(college.code, receiptNo)}${payment.reference ? ` ${payment.reference}` : ''}`,
        });
      } catch (e) {
        // Settled at the accounts counter (or another desk) a moment ago.
        if (e instanceof AppError && e.statusCode === 409) throw conflict(LIBRARY_MSG.fineChanged);
        throw e;
      }
      await finesRepo.updateFine(trx, collegeId, id, { receipt_no: receiptNo, document_code: doc.code, settled_by: user.id, ...paidBy });
    } else if (
      !(await finesRepo.settleFine(trx, collegeId, id, {
        status: 'paid',
        paid_amount: row.paid_amount + owed,
        receipt_no: receiptNo,
        document_code: doc.code,
        paid_at: paidAt,
        settled_by: user.id,
        ...paidBy,
      }))
    ) {
      throw conflict(LIBRARY_MSG.fineSettled);
    }
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'library.fine.pay',
      entity: 'library_fine',
      entityId: id,
      before: { status: fine.status, outstanding: owed },
      after: { status: 'paid', receiptNo, amount: owed, mode: payment.mode, reference: payment.reference },
    });
  });
  const after = await oneFine(db, collegeId, id);
  return { fine: after, message: `Fine paid (${rupees(taken)}): print the receipt` };
}

/** The incharge waives what is still owed on a fine, with a reason; what was paid stays paid. */
export async function waiveFine(db: Db, user: RequestUser, id: number, reason: string, ip = '') {
  const collegeId = user.collegeId;
  const fine = await oneFine(db, collegeId, id);
  if (!OPEN.includes(fine.status)) throw badRequest(LIBRARY_MSG.fineSettled);
  const row = (await finesRepo.fineById(db, collegeId, id))!;
  await db.transaction().execute(async (trx) => {
    if (row.student_id) {
      await ledgerCharge(trx, collegeId, row);
      // The ledger's waiver marks the fine (through the change hook) in this transaction.
      if ((await reverseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef: fineRef(id) })) === 0)
        throw conflict(LIBRARY_MSG.fineSettled);
      await finesRepo.updateFine(trx, collegeId, id, { waive_reason: reason, settled_by: user.id });
    } else if (
      !(await finesRepo.settleFine(trx, collegeId, id, {
        status: 'waived',
        waived_amount: row.amount - row.paid_amount,
        waive_reason: reason,
        paid_at: nowIso(),
        settled_by: user.id,
      }))
    ) {
      throw conflict(LIBRARY_MSG.fineSettled);
    }
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'library.fine.waive',
      entity: 'library_fine',
      entityId: id,
      before: { status: fine.status, amount: fine.amount, outstanding: fine.outstanding },
      after: { status: 'waived', reason },
    });
  });
  return { fine: await oneFine(db, collegeId, id), message: 'Fine waived' };
}

/**
 * Posts the students' fines an older version kept only in the library (one transaction per
 * college, the caller's): each unposted fine becomes its ledger charge once; a fine already paid
 * or waived is paid or waived on it the same way. Posting again finds every charge and posts nothing.
 */
export async function ledgerBackfill(trx: Db, collegeId: number) {
  let posted = 0;
  for (const f of await finesRepo.studentFines(trx, collegeId)) {
    const { created } = await postCharge(trx, {
      collegeId,
      studentId: f.student_id!,
      head: 'LIBRARY_FINE',
      headName: 'Library Fine',
      amountPaise: f.amount,
      source: LEDGER_SOURCE,
      sourceRef: fineRef(f.id),
      dueDate: f.created_at.slice(0, 10),
    });
    if (!created) continue;
    posted++;
    const paid = f.status === 'paid' ? f.amount - f.waived_amount : f.paid_amount;
    if (paid > 0)
      await settleFromSource(trx, {
        collegeId,
        actor: { id: null, username: 'ledger backfill' },
        studentId: f.student_id!,
        source: LEDGER_SOURCE,
        sourceRef: fineRef(f.id),
        paymentRef: fineRef(f.id),
        amountPaise: paid,
        mode: 'cash',
        reference: `Library desk ${f.receipt_no ? `receipt ${f.receipt_no}` : 'payment'} (before the ledger)`,
        date: (f.paid_at ?? f.created_at).slice(0, 10),
      });
    const waived = f.status === 'waived' ? f.amount - paid : f.waived_amount;
    if (waived > 0) await reverseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef: fineRef(f.id), amountPaise: waived });
  }
  return posted;
}

/** What a student owes the library (unpaid fines, paise): for the accounts and no-dues features. */
export async function libraryDues(db: Database, collegeId: number, studentId: number): Promise<number> {
  return finesRepo.unpaidTotal(db, collegeId, { studentId });
}

/** What stands between a student and the library's clearance: unpaid fines (paise) and books still out. */
export async function libraryClearance(db: Database, collegeId: number, studentId: number) {
  const [finesPaise, booksOut] = await Promise.all([
    libraryDues(db, collegeId, studentId),
    circulationRepo.openLoanCountOfStudent(db, collegeId, studentId),
  ]);
  return { finesPaise, booksOut };
}

export async function receiptPdf(
  db: Db,
  college: RequestCollege,
  user: RequestUser,
  id: number,
  baseUrl: string,
): Promise<Buffer> {
  const f = await finesRepo.fineById(db, college.id, id);
  if (!f || f.status !== 'paid' || !f.receipt_no) throw notFound('No receipt: this fine is not paid');
  if (!user.roles.some((r) => (LIBRARY_STAFF as string[]).includes(r))) {
    const me = await patronOfUser(db, user);
    if (!me || me.code !== f.patron_code) throw forbidden(LIBRARY_MSG.notYours);
  }
  const names = await patronsRepo.patronNames(db, college.id, [f.patron_code]);
  const doc = await newPdf({
    size: 'A5',
    margin: 40,
    compress: false,
    info: { Title: `Library receipt ${receiptLabel(college.code, f.receipt_no)}` },
  });
  const done = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(college.name, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).text('Library Fine Receipt', { align: 'center' });
  doc.moveDown(1).fontSize(10);
  const rows: Array<[string, string]> = [
    ['Receipt No', receiptLabel(college.code, f.receipt_no)],
    ['Date', (f.paid_at ?? '').slice(0, 10).split('-').reverse().join('-')],
    ['Patron', `${names.get(f.patron_code) ?? ''} (${f.patron_code})`],
    ['For', f.kind === 'lost' ? 'Lost copy (price + processing charge)' : `Overdue by ${f.overdue_days} working day(s)`],
    ['Copy', `${f.accession_no ?? ''} ${f.title ?? ''}`.trim()],
    ['Fine', inr(f.amount)],
    ['Paid', inr(f.paid_amount)],
    ...(f.payment_mode
      ? [['Paid by', `${FINE_PAYMENT_MODE_LABELS[f.payment_mode as TFinePayment['mode']] ?? f.payment_mode} ${f.payment_reference}`.trim()] as [string, string]]
      : []),
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 40, y, { width: 110 });
    doc.font('Helvetica').text(value, 150, y, { width: 230 });
    doc.moveDown(0.4);
  }
  if (f.document_code)
    drawVerification(doc, { code: f.document_code, verifyUrl: `${baseUrl}/verify-document/${f.document_code}` }, 40, doc.y + 20);
  doc.end();
  return done;
}
