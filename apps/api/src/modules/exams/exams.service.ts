import {
  EXAM_MSG,
  EXAM_STATUSES,
  type TExam,
  type TExamStatus,
  type TExamSummary,
  type TMasterKind,
  type TSubject,
  type ZExamInput,
  type ZExamUpdate,
} from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { list as masterList, subjectsOf, type Staff } from '../masters/index.js';
import * as repo from './exams.repo.js';

/** An exam: its regulation and semesters, its papers (the semesters' subjects) and its state. */

export interface Actor {
  id: number;
  username: string;
}

const wholeCollege = (collegeId: number) => ({ collegeId, collegeWide: true }) as Staff;

async function masterRows<T>(
  db: Database,
  collegeId: number,
  kind: TMasterKind,
  filters: Record<string, unknown> = {},
): Promise<T[]> {
  const res = await masterList(db, wholeCollege(collegeId), kind, {
    q: '',
    includeRetired: 'true',
    page: 1,
    pageSize: 100000,
    ...filters,
  } as never);
  return res.items as T[];
}

export async function examOrThrow(db: Database, collegeId: number, id: number) {
  const exam = await repo.examById(db, collegeId, id);
  if (!exam) throw notFound(EXAM_MSG.notFound);
  return exam;
}

/** The regulation's subjects in these semesters: the papers an exam of them sets. */
async function subjectsExamined(
  db: Database,
  collegeId: number,
  regulationId: number,
  semesterIds: number[],
): Promise<TSubject[]> {
  const all = await subjectsOf(db, collegeId, regulationId);
  const wanted = new Set(semesterIds);
  return all.filter((s) => s.semesterId != null && wanted.has(s.semesterId));
}

async function checkMasters(db: Database, collegeId: number, regulationId: number, semesterIds: number[]) {
  const regulations = await masterRows<{ id: number; courseId: number | null }>(db, collegeId, 'regulations');
  const regulation = regulations.find((r) => r.id === regulationId);
  if (!regulation) throw badRequest(EXAM_MSG.regulation);
  const semesters = await masterRows<{ id: number; courseId: number }>(db, collegeId, 'semesters');
  for (const id of semesterIds) {
    const sem = semesters.find((s) => s.id === id);
    if (!sem || (regulation.courseId != null && sem.courseId !== regulation.courseId))
      throw badRequest('Choose semesters of the regulation’s course');
  }
}

export async function createExam(db: Database, collegeId: number, actor: Actor, input: z.output<typeof ZExamInput>) {
  await checkMasters(db, collegeId, input.regulationId, input.semesterIds);
  const subjects = await subjectsExamined(db, collegeId, input.regulationId, input.semesterIds);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertExam(trx, {
      college_id: collegeId,
      name: input.name,
      kind: input.kind,
      regulation_id: input.regulationId,
      status: 'draft',
      registration_closes: input.registrationCloses,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      fee_per_paper_paise: input.feePerPaperPaise,
      fee_cap_paise: input.feeCapPaise,
      dues_limit_paise: input.duesLimitPaise,
      condonation_fee_paise: input.condonationFeePaise,
      created_by_name: actor.username,
      created_at: at,
      updated_at: at,
    });
    await repo.replaceSemesters(trx, collegeId, id, [...new Set(input.semesterIds)]);
    await repo.replaceLateFees(trx, collegeId, id, dedupeSlabs(input.lateFees));
    // A supplementary exam sets only the papers students register for (their backlogs).
    if (input.kind === 'regular')
      await repo.addPapers(
        trx,
        collegeId,
        id,
        subjects.map((s) => s.id),
      );
    return { message: 'Exam created', id };
  });
}

function dedupeSlabs(slabs: Array<{ fromDate: string; feePaise: number }>) {
  const byDate = new Map(slabs.map((s) => [s.fromDate, s.feePaise]));
  return [...byDate].map(([fromDate, feePaise]) => ({ fromDate, feePaise })).sort((a, b) => a.fromDate.localeCompare(b.fromDate));
}

export async function listExams(db: Database, collegeId: number, q: { q?: string; status?: string }): Promise<TExamSummary[]> {
  const [rows, regulations] = await Promise.all([
    repo.exams(db, collegeId, q),
    masterRows<{ id: number; code: string }>(db, collegeId, 'regulations'),
  ]);
  const codeOf = new Map(regulations.map((r) => [r.id, r.code]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind as TExamSummary['kind'],
    status: r.status as TExamStatus,
    regulation: codeOf.get(r.regulation_id) ?? '',
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    registrationCloses: r.registration_closes,
    registrations: Number(r.registrations ?? 0),
    hallTickets: Number(r.hall_tickets ?? 0),
  }));
}

export async function getExam(db: Database, collegeId: number, id: number): Promise<TExam> {
  const exam = await examOrThrow(db, collegeId, id);
  const [semRows, slabs, papers, regs, tickets, subjects, semesters, regulations] = await Promise.all([
    repo.semestersOf(db, collegeId, id),
    repo.lateFeesOf(db, collegeId, id),
    repo.papersOf(db, collegeId, id),
    repo.registrationsOfExam(db, collegeId, id),
    repo.hallTicketsOf(db, collegeId, id),
    subjectsOf(db, collegeId, exam.regulation_id),
    masterRows<{ id: number; name: string }>(db, collegeId, 'semesters'),
    masterRows<{ id: number; code: string }>(db, collegeId, 'regulations'),
  ]);
  const subjectOf = new Map(subjects.map((s) => [s.id, s]));
  const semName = new Map(semesters.map((s) => [s.id, s.name]));
  const live = regs.filter((r) => r.status !== 'cancelled');
  return {
    id: exam.id,
    name: exam.name,
    kind: exam.kind as TExam['kind'],
    status: exam.status as TExamStatus,
    regulationId: exam.regulation_id,
    regulation: regulations.find((r) => r.id === exam.regulation_id)?.code ?? '',
    startsOn: exam.starts_on,
    endsOn: exam.ends_on,
    registrationCloses: exam.registration_closes,
    semesters: semRows.map((s) => ({ id: s.semester_id, name: semName.get(s.semester_id) ?? '' })),
    feePerPaperPaise: exam.fee_per_paper_paise,
    feeCapPaise: exam.fee_cap_paise,
    lateFees: slabs.map((s) => ({ fromDate: s.from_date, feePaise: s.fee_paise })),
    duesLimitPaise: exam.dues_limit_paise,
    condonationFeePaise: exam.condonation_fee_paise,
    decodedAt: exam.decoded_at,
    processedAt: exam.processed_at,
    publishedAt: exam.published_at,
    revaluation: {
      closes: exam.reval_closes,
      recountFeePaise: exam.recount_fee_paise,
      photocopyFeePaise: exam.photocopy_fee_paise,
      revalFeePaise: exam.reval_fee_paise,
      reducedCategories: exam.reduced_categories.split(',').filter(Boolean),
      reducedPercent: exam.reduced_percent,
    },
    registrations: live.length,
    verified: live.filter((r) => r.status === 'verified').length,
    hallTickets: tickets.length,
    papers: papers
      .map((p) => {
        const s = subjectOf.get(p.subject_id);
        return {
          id: p.id,
          subjectId: p.subject_id,
          code: s?.code ?? '',
          name: s?.name ?? '',
          semester: s?.semesterName ?? '',
          branch: s?.branchName ?? 'All branches',
          date: p.date,
          session: p.session,
          registered: Number(p.registered ?? 0),
        };
      })
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** The next state, one step forward; registration may go back to draft while nobody has registered. */
function checkStep(from: TExamStatus, to: TExamStatus, registrations: number) {
  // an exam is published by publishing its results (POST /api/exams/:id/publish), never by a step
  if (to === 'published' && from !== to) throw conflict('An exam is published by publishing its results from the Marks tab');
  const i = EXAM_STATUSES.indexOf(from);
  const forward = EXAM_STATUSES[i + 1] === to;
  const back = from === 'registration' && to === 'draft' && registrations === 0;
  if (!forward && !back && from !== to) throw conflict(EXAM_MSG.step(from, to));
}

export async function updateExam(
  db: Database,
  collegeId: number,
  id: number,
  input: z.output<typeof ZExamUpdate>,
): Promise<TExam> {
  await db.transaction().execute(async (trx) => {
    const exam = await repo.examForUpdate(trx, collegeId, id);
    if (!exam) throw notFound(EXAM_MSG.notFound);
    const status = exam.status as TExamStatus;
    const regs = (await repo.registrationsOfExam(trx, collegeId, id)).filter((r) => r.status !== 'cancelled').length;
    const structural =
      input.regulationId !== undefined ||
      input.semesterIds !== undefined ||
      input.kind !== undefined ||
      input.feePerPaperPaise !== undefined ||
      input.feeCapPaise !== undefined ||
      input.lateFees !== undefined;
    if (structural && status !== 'draft') throw conflict(EXAM_MSG.editAfterDraft);
    const dates = {
      startsOn: input.startsOn ?? exam.starts_on,
      endsOn: input.endsOn ?? exam.ends_on,
      registrationCloses: input.registrationCloses ?? exam.registration_closes,
    };
    if (dates.startsOn > dates.endsOn) throw badRequest(EXAM_MSG.startsAfterEnd);
    if (dates.registrationCloses > dates.startsOn) throw badRequest(EXAM_MSG.closesAfterStart);
    if (input.status) checkStep(status, input.status, regs);

    const regulationId = input.regulationId ?? exam.regulation_id;
    if (input.regulationId !== undefined || input.semesterIds !== undefined || input.kind !== undefined) {
      const semesterIds = input.semesterIds ?? (await repo.semestersOf(trx, collegeId, id)).map((s) => s.semester_id);
      await checkMasters(trx, collegeId, regulationId, semesterIds);
      await repo.replaceSemesters(trx, collegeId, id, [...new Set(semesterIds)]);
      const kind = input.kind ?? exam.kind;
      const subjects = kind === 'regular' ? await subjectsExamined(trx, collegeId, regulationId, semesterIds) : [];
      await repo.dropPapersExcept(
        trx,
        collegeId,
        id,
        subjects.map((s) => s.id),
      );
      await repo.addPapers(
        trx,
        collegeId,
        id,
        subjects.map((s) => s.id),
      );
    }
    if (input.lateFees !== undefined) await repo.replaceLateFees(trx, collegeId, id, dedupeSlabs(input.lateFees));
    await repo.updateExam(trx, collegeId, id, {
      name: input.name,
      kind: input.kind,
      regulation_id: input.regulationId,
      status: input.status,
      registration_closes: input.registrationCloses,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      fee_per_paper_paise: input.feePerPaperPaise,
      fee_cap_paise: input.feeCapPaise,
      dues_limit_paise: input.duesLimitPaise,
      condonation_fee_paise: input.condonationFeePaise,
      updated_at: nowIso(),
    });
  });
  return getExam(db, collegeId, id);
}
