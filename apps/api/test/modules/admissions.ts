import crypto from 'node:crypto';
import fs from 'node:fs';

/** A real 60×80 JPEG (made by Chromium) for photo uploads in tests. */
export const PHOTO_JPG = fs.readFileSync(new URL('../fixtures/photo.jpg', import.meta.url));

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]) {
  const boundary = `----erpTest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let aadharSeq = 0;
/** A distinct valid Aadhaar number per call (per test file run). */
export const nextAadhar = () => `7${String(process.pid % 1000).padStart(3, '0')}${String(++aadharSeq).padStart(8, '0')}`;

/** A complete, valid save payload for the default college (SVEC). */
export function goodPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    dateOfAdmission: '2026-07-15',
    name: 'Ravi Teja Kumar',
    admissionType: 'Direct',
    courseAppliedFor: 'B.Tech',
    branch: 'CSE',
    batch: '2025-2029',
    gender: 'MALE',
    aadharNo: nextAadhar(),
    emailId: 'ravi.teja@example.com',
    studentContactNo: '9876543210',
    fatherContactNo: '8765432109',
    fathersName: 'Srinivas Rao',
    mothersName: 'Lakshmi Devi',
    bloodGroup: 'B+',
    entranceType: 'EAPCET',
    rank: '1520',
    dateOfBirth: '2008-03-21',
    nationality: 'Indian',
    religion: 'Hindu',
    category: 'OC',
    subCaste: 'Kamma',
    lateral: 'No',
    scholarShip: 'Yes',
    agent: 'Direct',
    feeCommitment: 95000,
    studentPaidamount: 45000,
    ...overrides,
  };
}

export function saveRequest(payload: unknown, photo?: { data: Buffer; filename: string; type?: string }) {
  const parts: Part[] = [{ name: 'applicationFormData', value: JSON.stringify(payload) }];
  if (photo) parts.push({ name: 'imageUpload', value: photo.data, filename: photo.filename, type: photo.type ?? 'image/jpeg' });
  return multipart(parts);
}

/** Text of a PDF (pdf-parse v1; its index file runs a self-test, so the library file is imported). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const mod = (await import('pdf-parse/lib/pdf-parse.js' as string)) as { default: (b: Buffer) => Promise<{ text: string }> };
  return (await mod.default(pdf)).text;
}
