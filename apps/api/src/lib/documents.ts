import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.js';
import { nowIso } from '../db/index.js';
import { drawQr } from './qr.js';

export interface DocumentToIssue {
  collegeId: number;
  /** e.g. 'hostel-allotment', 'bus-pass', 'library-receipt' */
  kind: string;
  /** what the verifier reads first, e.g. 'Hostel allotment letter 2026-27' */
  title: string;
  /** whom it was issued to, e.g. 'Ravi Kumar (22A91A0501)' */
  holder: string;
  /** the key facts as printed, in print order */
  fields: Array<{ label: string; value: string }>;
}

/** The base of links printed in documents: PUBLIC_URL when set, else the request's own origin. */
export function publicBaseUrl(req: FastifyRequest): string {
  return (req.server.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

/**
 * Registers an issued document under a random, unguessable code; the QR on the printed page leads
 * to /verify-document/<code>, where anyone can check what was issued and whether it was revoked.
 */
export async function issueDocument(
  db: Database,
  doc: DocumentToIssue,
  baseUrl: string,
): Promise<{ code: string; verifyUrl: string }> {
  const code = crypto.randomBytes(12).toString('base64url');
  await db
    .insertInto('issued_documents')
    .values({
      code,
      college_id: doc.collegeId,
      kind: doc.kind,
      title: doc.title,
      holder: doc.holder,
      fields_json: JSON.stringify(doc.fields),
      issued_at: nowIso(),
    })
    .execute();
  return { code, verifyUrl: `${baseUrl}/verify-document/${code}` };
}

/** Withdraws a document (a cancelled pass, a vacated room): its QR then says so. */
export async function revokeDocument(db: Database, collegeId: number, code: string, reason: string): Promise<void> {
  await db
    .updateTable('issued_documents')
    .set({ revoked_at: nowIso(), revoked_reason: reason })
    .where('college_id', '=', collegeId)
    .where('code', '=', code)
    .execute();
}

/** The QR (about 90 pt) and, beside it, how to verify and the code, drawn at (x, y) on a pdfkit page. */
export function drawVerification(
  pdf: PDFKit.PDFDocument,
  v: { verifyUrl: string; code: string },
  x: number,
  y: number,
  size = 90,
) {
  drawQr(pdf, v.verifyUrl, x, y, size);
  const tx = x + size + 10;
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('#000000')
    .text('Scan to verify this document', tx, y + 8, { width: 220 });
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text('Verification code', tx, y + 26, { width: 220 });
  pdf
    .font('Courier-Bold')
    .fontSize(9)
    .text(v.code, tx, y + 38, { width: 220 });
  pdf
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#444444')
    .text(v.verifyUrl, tx, y + 54, { width: 220, link: v.verifyUrl });
  pdf.fillColor('#000000');
}
