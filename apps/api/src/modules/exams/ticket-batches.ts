import { EXAM_MSG, type TTicketBatch } from '@erp/shared';
import { nowIso, type Database } from '../../db/index.js';
import { enqueue, type JobHandler } from '../../lib/jobs.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, readUpload, storeUpload } from '../../lib/uploads.js';
import * as repo from './exams.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';
import { hallTicketsPdf, type HallTicketInput } from './hall-ticket-pdf.js';

/**
 * Hall tickets of a branch (or the whole exam) as one PDF to print: made by the job queue, off the
 * request, with how many pages are done kept on the batch so the screen can show progress.
 */
export const BATCH_JOB = 'hall-ticket-batch';
const PROGRESS_EVERY = 20;

type Exam = NonNullable<Awaited<ReturnType<typeof repo.examById>>>;
type College = NonNullable<Awaited<ReturnType<typeof repo.collegeOf>>>;

/** What one student's hall ticket prints, read from the ticket's owners. */
export async function ticketInput(
  db: Database,
  storage: FileStorage,
  college: Pick<College, 'id' | 'name' | 'address'>,
  exam: Exam,
  studentId: number,
  docCode: string,
  baseUrl: string,
): Promise<HallTicketInput> {
  const [holder, papers] = await Promise.all([
    repo.ticketHolder(db, college.id, studentId),
    repo.papersOfStudent(db, college.id, exam.id, studentId),
  ]);
  if (!holder) throw notFound(EXAM_MSG.noTicket);
  const photo = holder.photo_path ? await readUpload(storage, holder.photo_path) : null;
  return {
    collegeName: college.name,
    collegeAddress: college.address,
    examName: exam.name,
    holder: {
      rollNo: holder.roll_no,
      name: holder.full_name,
      branch: holder.branch,
      semester: holder.semester,
      batch: holder.batch,
    },
    photo,
    papers,
    verifyUrl: `${baseUrl}/verify-document/${docCode}`,
    code: docCode,
  };
}

const toBatch = (b: NonNullable<Awaited<ReturnType<typeof repo.batchById>>>): TTicketBatch => ({
  id: b.id,
  branch: b.branch,
  status: b.status as TTicketBatch['status'],
  done: b.done,
  total: b.total,
  error: b.error,
  createdAt: b.created_at,
  finishedAt: b.finished_at,
});

export async function requestBatch(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  branch: string,
  baseUrl: string,
): Promise<TTicketBatch> {
  const exam = await examOrThrow(db, collegeId, examId);
  if (['draft', 'registration'].includes(exam.status)) throw conflict(EXAM_MSG.ticketsNotYet);
  const tickets = await repo.issuedTickets(db, collegeId, examId, branch);
  if (tickets.length === 0)
    throw badRequest(branch ? `No hall ticket has been issued in ${branch}` : 'No hall ticket has been issued yet');
  const id = await db.transaction().execute(async (trx) => {
    const batchId = await repo.insertBatch(trx, {
      college_id: collegeId,
      exam_id: examId,
      branch,
      status: 'queued',
      total: tickets.length,
      requested_by_name: actor.username,
      created_at: nowIso(),
    });
    await enqueue(trx, { kind: BATCH_JOB, payload: { batchId, baseUrl }, collegeId, maxAttempts: 2 });
    return batchId;
  });
  return toBatch((await repo.batchById(db, collegeId, id))!);
}

export async function getBatch(db: Database, collegeId: number, examId: number, batchId: number): Promise<TTicketBatch> {
  const b = await repo.batchById(db, collegeId, batchId);
  if (!b || b.exam_id !== examId) throw notFound('That print batch does not exist');
  return toBatch(b);
}

export async function batchFile(db: Database, storage: FileStorage, collegeId: number, examId: number, batchId: number) {
  const b = await repo.batchById(db, collegeId, batchId);
  if (!b || b.exam_id !== examId) throw notFound('That print batch does not exist');
  if (b.status !== 'ready') throw conflict(`The hall tickets are still being made (${b.done} of ${b.total})`);
  const file = await openUpload(storage, b.file_path);
  if (!file) throw notFound('The file of this batch is gone; make it again');
  return { file, name: `hall-tickets-${b.exam_id}${b.branch ? `-${b.branch}` : ''}.pdf` };
}

/** The job: every issued ticket of the batch, a page each, into one stored PDF. */
export function batchJob(db: Database, storage: FileStorage): JobHandler {
  return async (payload) => {
    const { batchId, baseUrl } = payload as { batchId: number; baseUrl: string };
    const batch = await repo.batchById(db, null, batchId);
    if (!batch) return;
    const [exam, college] = await Promise.all([
      repo.examById(db, batch.college_id, batch.exam_id),
      repo.collegeOf(db, batch.college_id),
    ]);
    if (!exam || !college) return;
    try {
      await repo.setBatch(db, batchId, { status: 'running', done: 0 });
      const tickets = await repo.issuedTickets(db, college.id, exam.id, batch.branch);
      async function* inputs() {
        for (const t of tickets) yield ticketInput(db, storage, college!, exam!, t.student_id, t.doc_code, baseUrl);
      }
      const pdf = await hallTicketsPdf({ title: `Hall tickets: ${exam.name}`, author: college.name }, inputs(), async (done) => {
        if (done % PROGRESS_EVERY === 0) await repo.setBatch(db, batchId, { done });
      });
      const path = await storeUpload(storage, college.code, 'hall-tickets', `exam-${exam.id}-batch-${batchId}.pdf`, pdf);
      await repo.setBatch(db, batchId, {
        status: 'ready',
        done: tickets.length,
        total: tickets.length,
        file_path: path,
        finished_at: nowIso(),
      });
    } catch (e) {
      await repo.setBatch(db, batchId, {
        status: 'failed',
        error: (e instanceof Error ? e.message : String(e)).slice(0, 300),
        finished_at: nowIso(),
      });
      throw e;
    }
  };
}
