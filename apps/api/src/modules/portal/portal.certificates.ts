import { CERTIFICATE_KINDS, PORTAL_MSG, type TCertificateRequest, type TCertificateRequestCreate } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { pdfBuffer } from '../../lib/pdf.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { studentDuesByHead } from '../accounts/index.js';
import { LEDGER_SOURCE as LIBRARY_SOURCE, libraryClearance } from '../library/index.js';
import * as repo from './portal.repo.js';
import { isParent, subjectOf } from './portal.service.js';

const dmy = (iso: string) => (iso ? iso.slice(0, 10).split('-').reverse().join('-') : '');
/** The standard PDF fonts have no rupee sign. */
const inr = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const labelOf = (kind: string) => CERTIFICATE_KINDS.find((k) => k.kind === kind)?.label ?? kind;

export const certificateView = (r: repo.CertificateRow): TCertificateRequest => ({
  id: r.id,
  studentId: r.student_id,
  rollNo: r.roll_no,
  name: r.full_name,
  kind: r.kind as TCertificateRequest['kind'],
  purpose: r.purpose,
  status: r.status as TCertificateRequest['status'],
  remarks: r.remarks,
  documentCode: r.document_code,
  requestedAt: r.created_at,
  decidedAt: r.decided_at,
});

export async function requestCertificate(db: Database, user: RequestUser, body: TCertificateRequestCreate): Promise<TCertificateRequest> {
  if (isParent(user)) throw forbidden('Only the student may ask for a certificate');
  const { student } = await subjectOf(db, user);
  const mine = await repo.certificatesOfStudent(db, user.collegeId, student.id);
  if (mine.some((c) => c.kind === body.kind && c.status === 'pending'))
    throw conflict(`Your ${labelOf(body.kind).toLowerCase()} request is already with the office`);
  const id = await repo.insertCertificate(db, {
    college_id: user.collegeId,
    student_id: student.id,
    requested_by: user.id,
    kind: body.kind,
    purpose: body.purpose,
    status: 'pending',
    created_at: nowIso(),
  });
  return certificateView((await repo.certificateById(db, user.collegeId, id))!);
}

export async function myCertificates(db: Database, user: RequestUser): Promise<TCertificateRequest[]> {
  if (isParent(user)) throw forbidden('Only the student sees this');
  const { student } = await subjectOf(db, user);
  return (await repo.certificatesOfStudent(db, user.collegeId, student.id)).map(certificateView);
}

export async function certificatePage(db: Database, collegeId: number, q: { status: string; q: string; page: number; pageSize: number }) {
  const { total, rows } = await repo.certificatePage(db, collegeId, q);
  return { items: rows.map(certificateView), total, page: q.page, pageSize: q.pageSize };
}

/**
 * What the student still owes, by whom: the no-dues clearance is refused while any is left. Every
 * fee head the accounts ledger holds open (tuition, hostel, transport and the rest: the ledger owns
 * what a student owes), the library's unpaid fines and the books still out.
 */
async function outstanding(db: Database, collegeId: number, student: { id: number }): Promise<string[]> {
  const [ledger, library] = await Promise.all([
    // the library's fines are in the ledger too: counted once, as the library holds them
    studentDuesByHead(db, collegeId, student.id, [LIBRARY_SOURCE]),
    libraryClearance(db, collegeId, student.id),
  ]);
  const owed: string[] = [];
  for (const { head, duePaise } of ledger) owed.push(`${head} ${inr(duePaise)}`);
  if (library.finesPaise > 0) owed.push(`library fines ${inr(library.finesPaise)}`);
  if (library.booksOut > 0) owed.push(`${library.booksOut} library book${library.booksOut === 1 ? '' : 's'} not returned`);
  return owed;
}

export async function approveCertificate(
  db: Database,
  staff: RequestUser,
  college: RequestCollege,
  id: number,
  remarks: string,
  baseUrl: string,
): Promise<TCertificateRequest> {
  const c = await repo.certificateById(db, college.id, id);
  if (!c) throw notFound(PORTAL_MSG.requestNotFound);
  if (c.status !== 'pending') throw conflict(PORTAL_MSG.alreadyDecided);
  const student = (await repo.studentById(db, college.id, c.student_id))!;
  if (c.kind === 'no_dues') {
    const owed = await outstanding(db, college.id, student);
    if (owed.length) throw badRequest(PORTAL_MSG.duesOutstanding(owed.join(', ')));
  }
  const today = nowIso();
  const fields = [
    { label: 'Certificate', value: labelOf(c.kind) },
    { label: 'Student', value: `${student.full_name} (${student.roll_no})` },
    { label: 'Programme', value: `${student.course} ${student.branch}, ${student.batch}` },
    { label: 'Semester', value: student.semester },
    { label: 'Purpose', value: c.purpose },
    { label: 'Issued on', value: dmy(today) },
  ];
  await db.transaction().execute(async (trx) => {
    const issued = await issueDocument(
      trx,
      { collegeId: college.id, kind: `certificate-${c.kind}`, title: `${labelOf(c.kind)} No. ${c.id}`, holder: `${student.full_name} (${student.roll_no})`, fields },
      baseUrl,
    );
    const ok = await repo.decideCertificate(trx, college.id, id, {
      status: 'approved',
      remarks,
      decided_by: staff.id,
      decided_at: today,
      document_code: issued.code,
      fields_json: JSON.stringify(fields),
    });
    if (!ok) throw conflict(PORTAL_MSG.alreadyDecided);
    await audit(trx, { collegeId: college.id, actor: staff, action: 'certificate.approve', entity: 'certificate_request', entityId: id, after: { code: issued.code } });
  });
  return certificateView((await repo.certificateById(db, college.id, id))!);
}

export async function rejectCertificate(db: Database, staff: RequestUser, id: number, remarks: string): Promise<TCertificateRequest> {
  await db.transaction().execute(async (trx) => {
    const c = await repo.certificateById(trx, staff.collegeId, id);
    if (!c) throw notFound(PORTAL_MSG.requestNotFound);
    if (!(await repo.decideCertificate(trx, staff.collegeId, id, { status: 'rejected', remarks, decided_by: staff.id, decided_at: nowIso() })))
      throw conflict(PORTAL_MSG.alreadyDecided);
    await audit(trx, { collegeId: staff.collegeId, actor: staff, action: 'certificate.reject', entity: 'certificate_request', entityId: id, after: { remarks } });
  });
  return certificateView((await repo.certificateById(db, staff.collegeId, id))!);
}

/** The certificate PDF, for its student or the office; drawn from the facts fixed at approval. */
export async function certificatePdf(db: Database, user: RequestUser, college: RequestCollege, id: number, office: boolean, baseUrl: string) {
  const c = await repo.certificateById(db, college.id, id);
  if (!c) throw notFound(PORTAL_MSG.requestNotFound);
  if (!office) {
    const { student } = await subjectOf(db, user).catch(() => ({ student: null }));
    if (isParent(user) || !student || student.id !== c.student_id) throw notFound(PORTAL_MSG.requestNotFound);
  }
  if (c.status !== 'approved' || !c.document_code) throw badRequest(PORTAL_MSG.notApproved);
  const student = (await repo.studentById(db, college.id, c.student_id))!;
  const code = c.document_code;
  const verifyUrl = `${baseUrl}/verify-document/${code}`;

  const doc = await newPdf({ size: 'A4', margin: 60, compress: false, info: { Title: `${labelOf(c.kind)} ${student.roll_no}` } });
  const done = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(17).text(college.name, { align: 'center' });
  doc.moveDown(0.2).font('Helvetica').fontSize(10).text('Office of the Principal', { align: 'center' });
  doc.moveDown(0.4).moveTo(60, doc.y).lineTo(535, doc.y).stroke();
  doc
    .moveDown(1.2)
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(c.kind === 'bonafide' ? 'BONAFIDE CERTIFICATE' : 'NO-DUES CERTIFICATE', { align: 'center', underline: true });
  doc.moveDown(1).font('Helvetica').fontSize(10);
  doc.text(`No: ${college.code}/${c.kind === 'bonafide' ? 'BC' : 'ND'}/${c.id}`, 60, doc.y, { continued: true }).text(`Date: ${dmy(c.decided_at ?? '')}`, { align: 'right' });
  doc.moveDown(1.5).fontSize(12);
  const he = /^f/i.test(student.gender) ? 'She' : 'He';
  const body =
    c.kind === 'bonafide'
      ? `This is to certify that ${student.full_name} (Roll No. ${student.roll_no}), child of ${student.father_name || '—'}, is a bonafide student of ` +
        `this college, studying ${student.course} ${student.branch} (batch ${student.batch}), semester ${student.semester}, in the academic year in progress. ` +
        `${he} bears a good conduct.`
      : `This is to certify that ${student.full_name} (Roll No. ${student.roll_no}), ${student.course} ${student.branch} (batch ${student.batch}), ` +
        `has no dues outstanding to the college: tuition and examination fees, the hostel, transport and the library (fines and books) have been cleared as on ${dmy(c.decided_at ?? '')}.`;
  doc.text(body, { align: 'justify', lineGap: 4 });
  doc.moveDown(1).text(`This certificate is issued on request for the purpose of: ${c.purpose}.`, { lineGap: 4 });
  const y = Math.max(doc.y + 60, 520);
  doc.font('Helvetica-Bold').fontSize(11).text('Principal', 400, y, { width: 135, align: 'center' });
  doc.font('Helvetica').fontSize(9).text('(Seal and signature)', 400, y + 14, { width: 135, align: 'center' });
  drawVerification(doc, { verifyUrl, code }, 60, y + 60);
  doc.end();
  return { pdf: await done, name: `${c.kind}-${student.roll_no}` };
}
