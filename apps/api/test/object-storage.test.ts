import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/lib/jobs.js';
import { fileStorage } from '../src/lib/storage/index.js';
import { newStudent } from './builders.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startFakeS3, type FakeS3 } from './lib/s3rver.js';
import { PHOTO_JPG, multipart, nextAadhar } from './modules/admissions.js';
import { newRegulation } from './modules/academic.js';
import { multipartFiles, newUser } from './modules/grievances.js';

/**
 * The portal with STORAGE_URL pointing at an S3 server (s3rver, in this process): uploads land in
 * the bucket and come back byte for byte through the API with the same access checks, generated
 * files too, and nothing is written to UPLOAD_DIR.
 */
let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Bytes that start like a PDF and run past any single network chunk. */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(size)]);
const filesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

describe('uploads in object storage', () => {
  let applicationId: number;
  let files: Array<{ id: number; kind: string; path: string }>;
  const document = bigPdf(1_500_000);

  it('stores an applicant’s photo and document in the bucket under the keys the rows hold, none in UPLOAD_DIR', async () => {
    const body = multipart([
      {
        name: 'application',
        value: JSON.stringify({
          admissionType: 'Direct',
          courseAppliedFor: 'B.Tech',
          batch: '2025-2029',
          branch: 'CSE',
          name: 'Sravani Object Store',
          gender: 'FEMALE',
          dateOfBirth: '2008-05-14',
          aadharNo: nextAadhar(),
          emailId: 'sravani@example.com',
          studentContactNo: '9876501234',
          fathersName: 'Ramana',
          nationality: 'Indian',
        }),
      },
      { name: 'photo', value: PHOTO_JPG, filename: 'me.jpg' },
      { name: 'documents', value: document, filename: 'memo.pdf' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/public/applications', ...body, remoteAddress: '10.9.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db
      .selectFrom('online_applications')
      .select('id')
      .where('application_no', '=', res.json().number)
      .executeTakeFirstOrThrow();
    applicationId = row.id;
    files = await t.db
      .selectFrom('online_application_files')
      .select(['id', 'kind', 'path'])
      .where('application_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(files.map((f) => f.kind)).toEqual(['photo', 'document']);
    expect(files[0]!.path).toMatch(/^SVEC\/applications\/[0-9a-f-]+-photo-0\.jpg$/);
    const keys = await s3.keys();
    expect(keys).toContain(files[0]!.path);
    expect(keys).toContain(files[1]!.path);
    expect((await s3.get(files[0]!.path))!.equals(PHOTO_JPG)).toBe(true);
    expect((await s3.get(files[1]!.path))!.equals(document)).toBe(true);
    expect(filesIn(t.config.UPLOAD_DIR)).toEqual([]);
  });

  it('streams them back byte for byte to the admissions office only, and only at its own college', async () => {
    const url = (f: { id: number }) => `/api/admissions/online-applications/${applicationId}/files/${f.id}`;
    const photo = await t.as('admissions', { method: 'GET', url: url(files[0]!) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(PHOTO_JPG)).toBe(true);
    const pdf = await t.as('admissions', { method: 'GET', url: url(files[1]!) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pdf.rawPayload.length).toBe(document.length);
    expect(pdf.rawPayload.equals(document)).toBe(true);

    const student = await newStudent(t.db, 1, { login: true });
    expect((await t.as(student.username!, { method: 'GET', url: url(files[0]!) })).statusCode).toBe(403);
    // Another college's admissions office, at its own host: no such application there.
    const srk = await t.as('srkadmissions', { method: 'GET', url: url(files[0]!) }, 'srk.localhost');
    expect(srk.statusCode).toBe(404);
    expect(srk.json().message).toBe('The file is not available');
  });

  it('accepting the application moves the photo to the admission’s key inside the bucket, leaving no temporary object', async () => {
    const res = await t.as('admissions', { method: 'POST', url: `/api/admissions/online-applications/${applicationId}/accept` });
    expect(res.statusCode, res.body).toBe(200);
    const admission = await t.db
      .selectFrom('admissions')
      .select(['id', 'admission_no', 'photo_path'])
      .where('name', '=', 'Sravani Object Store')
      .executeTakeFirstOrThrow();
    expect(admission.photo_path).toBe(`SVEC/admissions/${admission.admission_no.replace(/\//g, '_')}.jpg`);
    expect((await s3.get(admission.photo_path!))!.equals(PHOTO_JPG)).toBe(true);
    expect((await s3.keys()).filter((k) => k.endsWith('.tmp'))).toEqual([]);
    expect(filesIn(t.config.UPLOAD_DIR)).toEqual([]);
    photoAdmissionId = admission.id;
  });
});

let photoAdmissionId: number;

describe('a grievance’s attachment in object storage', () => {
  it('is downloaded by the student who lodged it; another student and another college are refused', async () => {
    const student = await newUser(t, 'osst', ['ROLE_STUDENT']);
    const other = await newUser(t, 'osso', ['ROLE_STUDENT']);
    const evidence = bigPdf(700_000);
    const lodged = await t.as(student.username, {
      method: 'POST',
      url: '/api/grievances/lodge',
      ...multipartFiles([{ name: 'attachments', filename: 'evidence.pdf', data: evidence }], {
        grievance: JSON.stringify({
          category: 'academic',
          subject: 'Marks missing',
          description: 'My mid-term marks for Compiler Design are missing from the portal.',
        }),
      }),
    });
    expect(lodged.statusCode, lodged.body).toBe(200);
    const { id, attachments } = lodged.json();
    const row = await t.db
      .selectFrom('grievance_attachments')
      .select('path')
      .where('id', '=', attachments[0].id)
      .executeTakeFirstOrThrow();
    expect((await s3.get(row.path))!.equals(evidence)).toBe(true);

    const url = `/api/grievances/${id}/attachments/${attachments[0].id}`;
    const own = await t.as(student.username, { method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(evidence)).toBe(true);
    const others = await t.as(other.username, { method: 'GET', url });
    expect(others.statusCode).toBe(404);
    expect(others.rawPayload.equals(evidence)).toBe(false);
    const srk = await t.as('srkadmin', { method: 'GET', url }, 'srk.localhost');
    expect(srk.statusCode).toBe(404);

    // Gone from the bucket (a restore from an older backup, say): the module's 404, not a 500.
    await s3.remove(row.path);
    const gone = await t.as(student.username, { method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Attachment not found');
    expect(filesIn(t.config.UPLOAD_DIR)).toEqual([]);
  });
});

describe('a generated file in object storage', () => {
  it('makes the hall-ticket batch PDF into the bucket, with the admission photo read from it, and streams it back', async () => {
    const regulation = await newRegulation(t);
    const student = await newStudent(t.db, 1, { full_name: 'Ticket Holder', branch: 'CSE' });
    await t.db.updateTable('students').set({ admission_id: photoAdmissionId }).where('id', '=', student.id).execute();
    const stamp = new Date().toISOString();
    const { id: examId } = await t.db
      .insertInto('exams')
      .values({
        college_id: 1,
        name: 'Object storage examinations',
        kind: 'regular',
        regulation_id: regulation.id,
        status: 'hall_tickets',
        registration_closes: '2031-01-01',
        starts_on: '2031-02-01',
        ends_on: '2031-02-10',
        fee_per_paper_paise: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam_hall_tickets')
      .values({ college_id: 1, exam_id: examId, student_id: student.id, doc_code: `OS${crypto.randomUUID()}`, issued_at: stamp })
      .execute();

    const cell = 'examcell';
    const queued = await t.as(cell, {
      method: 'POST',
      url: `/api/exams/${examId}/hall-tickets/batches`,
      payload: { branch: 'CSE' },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    for (let ran = -1; ran !== 0;) ran = await runDueJobs(t.db, t.app.jobHandlers, 100);
    const batch = await t.db
      .selectFrom('exam_ticket_batches')
      .selectAll()
      .where('id', '=', queued.json().id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'ready', done: 1, total: 1 });
    expect(batch.file_path).toBe(`SVEC/hall-tickets/exam-${examId}-batch-${batch.id}.pdf`);
    const stored = (await s3.get(batch.file_path))!;
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    // the photo, read from the bucket, is drawn on the ticket
    expect(stored.includes('/Subtype /Image')).toBe(true);
    expect(stored.includes(PHOTO_JPG)).toBe(true);

    const pdf = await t.as(cell, { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${batch.id}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(stored)).toBe(true);
    expect(
      (await t.as('principal', { method: 'GET', url: `/api/exams/${examId}/hall-tickets/batches/${batch.id}.pdf` })).statusCode,
    ).toBe(403);
    expect(filesIn(t.config.UPLOAD_DIR)).toEqual([]);
  });
});

describe('the S3 storage itself', () => {
  it('keeps its keys under the folder STORAGE_URL names, lists them without it, tells and deletes them', async () => {
    const target = t.config.storage as Extract<TestApp['config']['storage'], { kind: 's3' }>;
    const storage = fileStorage({ UPLOAD_DIR: t.config.UPLOAD_DIR, storage: { ...target, prefix: 'erp/shared/' } });
    await storage.put('SVEC/bills/a.pdf', Buffer.from('%PDF-a'));
    await storage.put('SVEC/bills/b.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('b')]));
    expect((await s3.keys()).filter((k) => k.startsWith('erp/'))).toEqual([
      'erp/shared/SVEC/bills/a.pdf',
      'erp/shared/SVEC/bills/b.pdf',
    ]);
    const keys: string[] = [];
    for await (const k of storage.list()) keys.push(k);
    expect(keys).toEqual(['SVEC/bills/a.pdf', 'SVEC/bills/b.pdf']);
    expect((await storage.get('SVEC/bills/b.pdf'))!.toString()).toBe('%PDF-b');
    expect(await storage.exists('SVEC/bills/a.pdf')).toBe(true);
    await storage.move('SVEC/bills/a.pdf', 'SVEC/bills/moved a.pdf');
    expect(await storage.exists('SVEC/bills/a.pdf')).toBe(false);
    expect((await s3.get('erp/shared/SVEC/bills/moved a.pdf'))!.toString()).toBe('%PDF-a');
    await storage.delete('SVEC/bills/moved a.pdf');
    await storage.delete('SVEC/bills/never.pdf');
    expect(await storage.get('SVEC/bills/moved a.pdf')).toBeNull();
    expect(await storage.open('SVEC/bills/never.pdf')).toBeNull();
    await expect(storage.put('SVEC/../x', Buffer.from('x'))).rejects.toThrow('Not a storage key');
  });
});

describe('the bucket’s credentials', () => {
  // s3rver checks the key id only (it does not verify SigV4 signatures; MinIO and S3 do).
  it('are checked by the server: an unknown key stores nothing and says why', async () => {
    const target = t.config.storage as Extract<TestApp['config']['storage'], { kind: 's3' }>;
    const storage = fileStorage({
      UPLOAD_DIR: t.config.UPLOAD_DIR,
      storage: { ...target, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' } },
    });
    await expect(storage.put('SVEC/x/refused.txt', Buffer.from('no'))).rejects.toThrow(
      'The AWS Access Key Id you provided does not exist in our records.',
    );
    expect(await s3.get('SVEC/x/refused.txt')).toBeNull();
  });
});
