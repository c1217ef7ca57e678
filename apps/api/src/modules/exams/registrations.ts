import {
  EXAM_MSG,
  type TRegisterResult,
  type TRegistrationList,
  type ZRegisterRequest,
  type ZRegistrationListQuery,
} from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../db/index.js';
import { clock, indianDate } from '../../lib/clock.js';
import { pagedRows } from '../../lib/capped.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { chargesByRefs, postCharge, reverseCharge } from '../accounts/index.js';
import { studentsInSemesters, subjectsOf, subjectsOfSections } from '../masters/index.js';
import { openFailedCoursesOf } from '../results/index.js';
import * as repo from './exams.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';

/**
 * Registration: a student writes their semester's subjects (a regular exam) and the backlogs
 * they choose (any exam); the fee, per paper with the cap and the late fee slab of the day, is
 * a charge in the student ledger (source 'exam', reference reg:<id>), paid at the counter or online.
 */

export const FEE_SOURCE = 'exam';
export const feeRef = (registrationId: number) => `reg:${registrationId}`;
const PAGE_SIZE = 50;

export const today = () => indianDate(clock.now());

type Exam = NonNullable<Awaited<ReturnType<typeof repo.examById>>>;
interface Candidate {
  id: number;
  roll_no: string;
  status: string;
  branch_id: number | null;
  semester_id: number | null;
  section_id: number | null;
}

/** The fee for a number of papers on a day: per paper, capped, plus the latest late fee slab begun. */
export function examFee(
  exam: Pick<Exam, 'fee_per_paper_paise' | 'fee_cap_paise'>,
  slabs: Array<{ from_date: string; fee_paise: number }>,
  papers: number,
  on: string,
) {
  const base = papers * exam.fee_per_paper_paise;
  const fee = exam.fee_cap_paise > 0 ? Math.min(base, exam.fee_cap_paise) : base;
  const slab = slabs.filter((s) => s.from_date <= on).at(-1);
  return { fee, late: slab?.fee_paise ?? 0 };
}

async function candidatesFor(db: Database, exam: Exam, rollNo: string | undefined): Promise<Candidate[]> {
  const semesterIds = (await repo.semestersOf(db, exam.college_id, exam.id)).map((s) => s.semester_id);
  const inSemesters = await studentsInSemesters(db, exam.college_id, exam.regulation_id, semesterIds, rollNo);
  if (!rollNo || inSemesters.length) return inSemesters;
  // A student of another semester may still write backlogs in this exam.
  const [found] = await repo.studentsByRoll(db, exam.college_id, [rollNo]);
  if (!found) throw badRequest(EXAM_MSG.noStudent(rollNo));
  return [{ id: found.id, roll_no: found.roll_no, status: found.status, branch_id: null, semester_id: null, section_id: null }];
}

export async function register(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  req: z.output<typeof ZRegisterRequest>,
  self: { studentId: number; rollNo: string } | null,
): Promise<TRegisterResult> {
  const exam = await examOrThrow(db, collegeId, examId);
  if (exam.status !== 'registration') throw conflict(EXAM_MSG.notOpen);
  const on = today();
  if (self && on > exam.registration_closes) throw conflict(EXAM_MSG.closed);
  if (self && req.rollNo && req.rollNo !== self.rollNo) throw badRequest(EXAM_MSG.notYours);
  const rollNo = self ? self.rollNo : req.rollNo;
  if (!rollNo && !req.everyone) throw badRequest('Enter the roll number, or register everyone');
  const single = Boolean(rollNo);

  const candidates = await candidatesFor(db, exam, rollNo);
  if (single && candidates.length === 0) throw badRequest(EXAM_MSG.notOfExam(rollNo!));
  const [subjects, allotted, failed, slabs, existing] = await Promise.all([
    subjectsOf(db, collegeId, exam.regulation_id),
    subjectsOfSections(db, collegeId, [...new Set(candidates.map((c) => c.section_id).filter((s): s is number => s != null))]),
    openFailedCoursesOf(
      db,
      collegeId,
      candidates.map((c) => c.roll_no),
    ),
    repo.lateFeesOf(db, collegeId, examId),
    repo.registrationsOfExam(db, collegeId, examId),
  ]);
  const allottedTo = new Map<number, Set<number>>();
  for (const a of allotted) allottedTo.set(a.section_id, (allottedTo.get(a.section_id) ?? new Set()).add(a.subject_id));
  const subjectByCode = new Map(subjects.map((s) => [s.code, s]));
  const registered = new Map(existing.map((r) => [r.student_id, r]));

  const result: TRegisterResult = { message: '', registered: 0, already: 0, skipped: [] };
  const plans: Array<{ student: Candidate; regular: number[]; backlog: number[]; replaces: number | null }> = [];
  for (const student of candidates) {
    const before = registered.get(student.id);
    if (before && before.status !== 'cancelled') {
      if (single) throw conflict(EXAM_MSG.alreadyRegistered(student.roll_no));
      result.already++;
      continue;
    }
    if (student.status !== 'active') {
      if (single) throw badRequest(`${student.roll_no} is ${student.status}, not studying: no registration`);
      result.skipped.push({ rollNo: student.roll_no, reason: `status ${student.status}` });
      continue;
    }
    const open = new Set((failed.get(student.roll_no) ?? []).map((f) => f.course_code));
    const regular =
      exam.kind === 'regular' && student.semester_id != null
        ? subjects
            .filter((s) => s.semesterId === student.semester_id && (s.branchId == null || s.branchId === student.branch_id))
            .filter((s) => {
              const mine = student.section_id != null ? allottedTo.get(student.section_id) : undefined;
              return s.kind !== 'elective' || !mine || mine.has(s.id);
            })
            .map((s) => s.id)
        : [];
    const backlog: number[] = [];
    for (const code of single ? (req.backlogs ?? []) : []) {
      const subject = subjectByCode.get(code.toUpperCase()) ?? subjectByCode.get(code);
      if (!subject || !open.has(subject.code)) throw badRequest(EXAM_MSG.notBacklog(code));
      if (!regular.includes(subject.id) && !backlog.includes(subject.id)) backlog.push(subject.id);
    }
    if (regular.length + backlog.length === 0) {
      if (single) throw badRequest(EXAM_MSG.nothingToWrite);
      result.skipped.push({ rollNo: student.roll_no, reason: EXAM_MSG.nothingToWrite });
      continue;
    }
    plans.push({ student, regular, backlog, replaces: before?.id ?? null });
  }

  await db.transaction().execute(async (trx) => {
    await repo.addPapers(
      trx,
      collegeId,
      examId,
      plans.flatMap((p) => p.backlog),
    );
    const paperOf = new Map((await repo.papersOf(trx, collegeId, examId)).map((p) => [p.subject_id, p.id]));
    const at = nowIso();
    for (const plan of plans) {
      if (plan.replaces) await repo.deleteRegistration(trx, collegeId, plan.replaces);
      const { fee, late } = examFee(exam, slabs, plan.regular.length + plan.backlog.length, on);
      const id = await repo.insertRegistration(trx, {
        college_id: collegeId,
        exam_id: examId,
        student_id: plan.student.id,
        status: 'registered',
        fee_paise: fee,
        late_fee_paise: late,
        registered_on: on,
        registered_by_name: actor.username,
        created_at: at,
      });
      await repo.insertRegistrationPapers(trx, [
        ...plan.regular.map((s) => paperRow(collegeId, examId, id, plan.student.id, paperOf.get(s)!, 'regular')),
        ...plan.backlog.map((s) => paperRow(collegeId, examId, id, plan.student.id, paperOf.get(s)!, 'backlog')),
      ]);
      if (fee + late > 0)
        await postCharge(trx, {
          collegeId,
          studentId: plan.student.id,
          head: 'EXAM_FEE',
          headName: 'Examination fee',
          amountPaise: fee + late,
          source: FEE_SOURCE,
          sourceRef: feeRef(id),
          dueDate: exam.registration_closes >= on ? exam.registration_closes : on,
        });
      result.registered++;
    }
  });
  result.message = single
    ? `${candidates[0].roll_no} is registered`
    : `${result.registered} registered, ${result.already} already registered, ${result.skipped.length} not registered`;
  return result;
}

const paperRow = (
  collegeId: number,
  examId: number,
  registrationId: number,
  studentId: number,
  paperId: number,
  kind: string,
) => ({
  college_id: collegeId,
  registration_id: registrationId,
  exam_id: examId,
  student_id: studentId,
  paper_id: paperId,
  kind,
});

export async function registrationList(
  db: Database,
  collegeId: number,
  examId: number,
  q: z.output<typeof ZRegistrationListQuery>,
): Promise<TRegistrationList> {
  await examOrThrow(db, collegeId, examId);
  const page = await pagedRows(repo.registrationList(db, collegeId, examId, q), q.page, PAGE_SIZE);
  const charges = await chargesByRefs(
    db,
    collegeId,
    FEE_SOURCE,
    page.items.map((r) => feeRef(r.id)),
  );
  return {
    items: page.items.map((r) => ({
      id: r.id,
      rollNo: r.roll_no,
      name: r.full_name,
      branch: r.branch,
      semester: r.semester,
      status: r.status as 'registered' | 'verified' | 'cancelled',
      regularPapers: Number(r.regular_papers ?? 0),
      backlogPapers: Number(r.backlog_papers ?? 0),
      feePaise: r.fee_paise,
      lateFeePaise: r.late_fee_paise,
      feeDuePaise: charges.get(feeRef(r.id))?.balancePaise ?? 0,
      registeredOn: r.registered_on,
    })),
    total: page.total,
    limit: PAGE_SIZE,
    page: q.page,
  };
}

/** The exam cell verifies registrations whose fee is paid, or cancels unpaid ones (the charge is taken back). */
export async function setStatus(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  ids: number[],
  status: 'verified' | 'cancelled',
) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['registration', 'hall_tickets'].includes(exam.status))
    throw conflict('Registrations can change only while registration is open or hall tickets are being issued');
  return db.transaction().execute(async (trx) => {
    const rows = await repo.registrationsByIds(trx, collegeId, examId, [...new Set(ids)]);
    if (rows.length === 0) throw badRequest('None of those registrations belong to this exam');
    const charges = await chargesByRefs(
      trx,
      collegeId,
      FEE_SOURCE,
      rows.map((r) => feeRef(r.id)),
    );
    const skipped: Array<{ rollNo: string; reason: string }> = [];
    const change: number[] = [];
    for (const r of rows) {
      const charge = charges.get(feeRef(r.id));
      if (r.status === status) continue;
      if (r.status === 'cancelled') skipped.push({ rollNo: r.roll_no, reason: 'cancelled; register again instead' });
      else if (status === 'verified' && charge && charge.balancePaise > 0)
        skipped.push({ rollNo: r.roll_no, reason: EXAM_MSG.feeUnpaid(r.roll_no) });
      else if (status === 'cancelled' && charge && charge.paidPaise > 0)
        skipped.push({
          rollNo: r.roll_no,
          reason: `${r.roll_no} has paid toward the exam fee: the accounts office refunds it before a cancellation`,
        });
      else change.push(r.id);
    }
    if (change.length) {
      if (status === 'cancelled') {
        for (const id of change) await reverseCharge(trx, { collegeId, source: FEE_SOURCE, sourceRef: feeRef(id) });
        await repo.deleteRegistrationPapers(trx, collegeId, change);
        await repo.setRegistrationStatus(trx, collegeId, change, { status });
      } else {
        await repo.setRegistrationStatus(trx, collegeId, change, {
          status,
          verified_by_name: actor.username,
          verified_at: nowIso(),
        });
      }
    }
    const verb = status === 'verified' ? 'verified' : 'cancelled';
    return {
      message: `${change.length} ${verb}${skipped.length ? `, ${skipped.length} left as they were` : ''}`,
      changed: change.length,
      skipped,
    };
  });
}
