import PDFDocument from 'pdfkit';
import { LIBRARY_MSG, LIBRARY_STAFF, type TFine } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { pdfBuffer, rupeeText } from '../../lib/pdf.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { postCharge, reverseCharge, settleFromSource } from '../accounts/ledger.service.js';
import * as repo from './library.repo.js';
import type { Db } from './library.repo.js';
import { patronOfUser } from './patrons.js';
import { fineView } from './views.js';

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
  const f = await repo.fineById(db, collegeId, id);
  if (!f) throw notFound(LIBRARY_MSG.fineNotFound);
  const names = await repo.patronNames(db, collegeId, [f.patron_code]);
  return fineView(f, names.get(f.patron_code) ?? '');
}

export async function payFine(db: Db, user: RequestUser, college: RequestCollege, id: number, baseUrl: string, ip = '') {
  const collegeId = college.id;
  const fine = await oneFine(db, collegeId, id);
  if (fine.status !== 'unpaid') throw badRequest(LIBRARY_MSG.fineSettled);
  const row = (await repo.fineById(db, collegeId, id))!;
  await db.transaction().execute(async (trx) => {
    const receiptNo = await repo.nextCounter(trx, collegeId, 'library_receipt');
    const doc = await issueDocument(
      trx,
      {
        collegeId,
        kind: 'library-receipt',
        title: `Library fine receipt ${receiptLabel(college.code, receiptNo)}`,
        holder: `${fine.patronName} (${fine.patron})`,
        fields: [
          { label: 'Receipt No', value: receiptLabel(college.code, receiptNo) },
          { label: 'Amount', value: inr(fine.amount) },
          { label: 'For', value: `${fine.kind === 'lost' ? 'Lost copy' : 'Overdue'} ${fine.accessionNo} ${fine.title}`.trim() },
        ],
      },
      baseUrl,
    );
    const paidAt = nowIso();
    if (
      !(await repo.settleFine(trx, collegeId, id, {
        status: 'paid',
        receipt_no: receiptNo,
        document_code: doc.code,
        paid_at: paidAt,
        settled_by: user.id,
      }))
    ) {
      throw badRequest(LIBRARY_MSG.fineSettled);
    }
    if (row.student_id)
      await settleFromSource(trx, {
        collegeId,
        actor: { id: user.id, username: user.username },
        studentId: row.student_id,
        source: LEDGER_SOURCE,
        sourceRef: fineRef(id),
        paymentRef: fineRef(id),
        amountPaise: fine.amount,
        mode: 'cash',
        reference: `Library desk ${receiptLabel(college.code, receiptNo)}`,
      });
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'library.fine.pay',
      entity: 'library_fine',
      entityId: id,
      before: { status: 'unpaid' },
      after: { status: 'paid', receiptNo, amount: fine.amount },
    });
  });
  return { fine: await oneFine(db, collegeId, id), message: 'Fine paid: print the receipt' };
}

export async function waiveFine(db: Db, user: RequestUser, id: number, reason: string, ip = '') {
  const collegeId = user.collegeId;
  const fine = await oneFine(db, collegeId, id);
  if (fine.status !== 'unpaid') throw badRequest(LIBRARY_MSG.fineSettled);
  await db.transaction().execute(async (trx) => {
    if (
      !(await repo.settleFine(trx, collegeId, id, {
        status: 'waived',
        waive_reason: reason,
        paid_at: nowIso(),
        settled_by: user.id,
      }))
    ) {
      throw badRequest(LIBRARY_MSG.fineSettled);
    }
    await reverseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef: fineRef(id) });
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'library.fine.waive',
      entity: 'library_fine',
      entityId: id,
      before: { status: 'unpaid', amount: fine.amount },
      after: { status: 'waived', reason },
    });
  });
  return { fine: await oneFine(db, collegeId, id), message: 'Fine waived' };
}

/** What a student owes the library (unpaid fines, paise): for the accounts and no-dues features. */
export async function libraryDues(db: Database, collegeId: number, studentId: number): Promise<number> {
  return repo.unpaidTotal(db, collegeId, { studentId });
}

export async function receiptPdf(
  db: Db,
  college: RequestCollege,
  user: RequestUser,
  id: number,
  baseUrl: string,
): Promise<Buffer> {
  const f = await repo.fineById(db, college.id, id);
  if (!f || f.status !== 'paid' || !f.receipt_no) throw notFound('No receipt: this fine is not paid');
  if (!user.roles.some((r) => (LIBRARY_STAFF as string[]).includes(r))) {
    const me = await patronOfUser(db, user);
    if (!me || me.code !== f.patron_code) throw forbidden(LIBRARY_MSG.notYours);
  }
  const names = await repo.patronNames(db, college.id, [f.patron_code]);
  const doc = new PDFDocument({
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
    ['Amount', inr(f.amount)],
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
