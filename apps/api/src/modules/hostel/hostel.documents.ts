import { HOSTEL_MSG } from '@erp/shared';
import { newPdf, newWorkbook } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pdfBuffer, rupeeText } from '../../lib/pdf.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { allotmentDetail } from './hostel.allotments.js';
import * as repo from './hostel.repo.js';

const dmy = (iso: string) => (iso ? iso.slice(0, 10).split('-').reverse().join('-') : '');
/** ₹ with lakh grouping (lib/pdf embeds a font that has the sign). */
const inr = rupeeText;

/**
 * The allotment letter. The document is issued (and its verification code kept) on the first
 * print; a transfer or vacate revokes it, so the QR of an old letter says it no longer holds.
 */
export async function allotmentLetter(db: Database, college: RequestCollege, user: RequestUser, id: number, baseUrl: string) {
  const a = await allotmentDetail(db, user, id);
  if (a.status === 'CANCELLED') throw conflict(HOSTEL_MSG.letterCancelled);
  const building = await repo.building(db, college.id, a.buildingId);
  const room = await db
    .selectFrom('hostel_rooms')
    .select(['sharing', 'ac', 'yearly_fee'])
    .where('id', '=', (await repo.bed(db, college.id, a.bedId))!.room_id)
    .executeTakeFirstOrThrow();
  const stored = await db.selectFrom('hostel_allotments').select('letter_code').where('id', '=', id).executeTakeFirst();
  if (!stored) throw notFound(HOSTEL_MSG.allotmentNotFound);
  const place = `${a.building}, Room ${a.roomNo}, Bed ${a.bedLabel}`;
  const fields = [
    { label: 'Allotment No', value: a.allotmentNo },
    { label: 'Student', value: `${a.name} (${a.rollNo})` },
    { label: 'Academic year', value: a.academicYear },
    { label: 'Room', value: place },
    { label: 'From', value: dmy(a.fromDate) },
  ];
  let code = stored.letter_code;
  let verifyUrl = `${baseUrl}/verify-document/${code}`;
  if (!code || a.status !== 'ACTIVE') {
    const issued = await issueDocument(
      db,
      {
        collegeId: college.id,
        kind: 'hostel-allotment',
        title: `Hostel allotment letter ${a.academicYear}`,
        holder: `${a.name} (${a.rollNo})`,
        fields,
      },
      baseUrl,
    );
    code = issued.code;
    verifyUrl = issued.verifyUrl;
    if (a.status === 'ACTIVE')
      await db
        .updateTable('hostel_allotments')
        .set({ letter_code: code })
        .where('id', '=', id)
        .where('college_id', '=', college.id)
        .execute();
  }

  const doc = await newPdf({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Hostel allotment letter ${a.allotmentNo}` },
  });
  const done = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(16).text(college.name, { align: 'center' });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(11)
    .text(`Hostel Office · ${building?.name ?? a.building}`, { align: 'center' });
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).text('HOSTEL ALLOTMENT LETTER', { align: 'center', underline: true });
  doc.moveDown(1).font('Helvetica').fontSize(10);
  doc.text(`Allotment No: ${a.allotmentNo}`, 50, doc.y, { continued: true }).text(`Date: ${dmy(a.fromDate)}`, { align: 'right' });
  doc.moveDown(1);
  doc.fontSize(11).text(`Dear ${a.name},`);
  doc.moveDown(0.5);
  doc.text(
    `You have been allotted accommodation in the college hostel for the academic year ${a.academicYear} as below. Please report to the warden with this letter, two passport-size photographs and your college ID card.`,
    { align: 'justify' },
  );
  doc.moveDown(1);
  const rows: Array<[string, string]> = [
    ['Roll Number', a.rollNo],
    ['Name', a.name],
    ['Branch / Batch', `${a.branch} / ${a.batch}`],
    ['Hostel', a.building],
    ['Floor', a.floor === 0 ? 'Ground' : String(a.floor)],
    ['Room / Bed', `${a.roomNo} / ${a.bedLabel}`],
    ['Room type', `${room.sharing}-sharing, ${room.ac ? 'AC' : 'Non-AC'}`],
    ['Yearly hostel fee', inr(room.yearly_fee)],
    ['Dues as of today', inr(a.dues)],
    ['Parent / Guardian', `${a.guardianName}${a.guardianMobile ? `, ${a.guardianMobile}` : ''}`],
    ['Warden', `${building?.warden_name ?? ''}${building?.warden_phone ? `, ${building.warden_phone}` : ''}`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, 70, y, { width: 150 });
    doc.font('Helvetica').text(value, 230, y, { width: 300 });
    doc.moveDown(0.4);
  }
  doc.moveDown(1).font('Helvetica-Bold').fontSize(10).text('Hostel rules', 50);
  doc.font('Helvetica').fontSize(9);
  for (const rule of [
    'Residents must be in by 9:00 pm; outings and home leave need an out-pass approved by the warden.',
    'Damage to hostel property is charged at checkout; dues must be cleared before vacating.',
    'Ragging in any form is a punishable offence under UGC regulations.',
    'The room may not be sublet or exchanged without the warden’s written approval.',
  ]) {
    doc.text(`•  ${rule}`, 60, doc.y, { width: 470 });
  }
  const y = Math.max(doc.y + 30, 620);
  drawVerification(doc, { verifyUrl, code: code! }, 50, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Hostel Incharge', 400, y + 60, { width: 140, align: 'center' });
  doc.end();
  return { pdf: await done, name: `hostel-allotment-${a.rollNo}` };
}

/** Residents with room and parent contact numbers, one sheet. */
export async function residentsWorkbook(db: Database, collegeId: number, buildingId?: number): Promise<Buffer> {
  const rows = await repo.allResidents(db, collegeId, buildingId);
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Residents');
  ws.columns = [
    { header: 'Hostel', key: 'building', width: 22 },
    { header: 'Room', key: 'roomNo', width: 8 },
    { header: 'Bed', key: 'bedLabel', width: 6 },
    { header: 'Roll No', key: 'rollNo', width: 14 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Branch', key: 'branch', width: 8 },
    { header: 'Batch', key: 'batch', width: 11 },
    { header: 'Student mobile', key: 'mobile', width: 14 },
    { header: 'Parent / Guardian', key: 'guardianName', width: 24 },
    { header: 'Parent mobile', key: 'guardianMobile', width: 14 },
    { header: 'From', key: 'from', width: 12 },
    { header: 'Allotment No', key: 'allotmentNo', width: 16 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.addRows(rows.map((r) => ({ ...r, guardianName: r.guardianName || r.fatherName, from: dmy(r.fromDate) })));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
