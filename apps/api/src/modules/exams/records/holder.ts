import { nowIso, type Database } from '../../../db/index.js';
import { issueDocument } from '../../../lib/documents.js';
import type { FileStorage } from '../../../lib/storage/index.js';
import { readUpload } from '../../../lib/uploads.js';
import type { StudentRow } from './records.repo.js';
import type { Verification } from './records-pdf.js';

/** The student as the exam cell's records print them. */

/** The admission form's fields (date of birth, mother's name), {} when there is none or it is unreadable. */
export function admissionForm(student: Pick<StudentRow, 'data_json'>): Record<string, string> {
  if (!student.data_json) return {};
  try {
    const data = JSON.parse(student.data_json) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const programmeOf = (s: Pick<StudentRow, 'course' | 'branch'>) => [s.course, s.branch].filter(Boolean).join(' · ');

/** The admission photo, or null (a photo gone from storage must not stop the document). */
export async function photoOf(storage: FileStorage, student: Pick<StudentRow, 'photo_path'>): Promise<Buffer | null> {
  if (!student.photo_path) return null;
  return readUpload(storage, student.photo_path).catch(() => null);
}

/** Registers the printed record as an issued document; its QR leads to what was issued. */
export async function issueRecord(
  db: Database,
  collegeId: number,
  baseUrl: string,
  doc: { kind: string; title: string; student: Pick<StudentRow, 'full_name' | 'roll_no'>; fields: Array<[string, string]> },
): Promise<Verification> {
  const { code, verifyUrl } = await issueDocument(
    db,
    {
      collegeId,
      kind: doc.kind,
      title: doc.title,
      holder: `${doc.student.full_name} (${doc.student.roll_no})`,
      fields: doc.fields.map(([label, value]) => ({ label, value })),
    },
    baseUrl,
  );
  return { code, verifyUrl, issuedAt: nowIso() };
}
