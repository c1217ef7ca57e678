import {
  EXAM_CELL_ROLES,
  formatRupees,
  RESULT_MSG,
  type TRevalRequest,
  type ZRevalListQuery,
  type ZRevalRequestInput,
} from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import { pagedRows } from '../../../lib/capped.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { RequestUser } from '../../../plugins/types.js';
import { chargesByRefs, postCharge } from '../../accounts/index.js';
import { categoryOf } from '../../admissions/index.js';
import { resultsRevised, reviseProcessed } from '../../results/index.js';
import { examOrThrow } from '../exams.service.js';
import * as examsRepo from '../exams.repo.js';
import { FEE_SOURCE, today } from '../registrations.js';
import { revaluedMarks } from './compute.js';
import * as repo from './grading.repo.js';
import { activeGrace, outcomesOfStudent } from './process.js';
import { rulesOrThrow } from './rules.js';

/**
 * Recounting, photocopies and revaluation: asked for within the exam's window, each with its fee
 * as a ledger charge (reduced for the categories the exam names), decided once the fee is paid.
 * A revaluation's second marks stand by the regulation's rule; the student's results of the exam
 * are worked out again (grace too), the published result and memo follow, and each change is kept.
 */

const PAGE_SIZE = 100;
const feeRef = (id: number) => `reval:${id}`;
const isCell = (u: RequestUser) => u.roles.some((r) => (EXAM_CELL_ROLES as string[]).includes(r));
const rupees = (paise: number) => formatRupees(paise).replace(/\.00$/, '');
const KIND_WORDS = { recount: 'Recounting', photocopy: 'A photocopy of the script', revaluation: 'Revaluation' } as const;

export async function requestReval(
  db: Database,
  collegeId: number,
  user: RequestUser,
  input: z.output<typeof ZRevalRequestInput>,
) {
  let student;
  if (isCell(user)) {
    if (!input.rollNo) throw badRequest('Enter the roll number of the student asking');
    student = await repo.studentByRoll(db, collegeId, input.rollNo);
    if (!student) throw notFound(`No student has roll number ${input.rollNo}`);
  } else {
    const self = await examsRepo.studentOfUser(db, collegeId, user.id);
    if (!self) throw forbidden('This login is not linked to a student record');
    if (input.rollNo && input.rollNo !== self.roll_no) throw forbidden('You may ask only for your own scripts');
    student = await repo.studentByRoll(db, collegeId, self.roll_no);
  }
  const exam = await examOrThrow(db, collegeId, input.examId);
  if (!exam.published_at) throw conflict(RESULT_MSG.notPublished);
  if (!exam.reval_closes) throw conflict(RESULT_MSG.noWindow);
  if (today() > exam.reval_closes) throw conflict(RESULT_MSG.windowClosed);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  if (input.kind === 'revaluation' && exam.kind === 'supplementary' && !rules.supplyRevaluation)
    throw conflict(RESULT_MSG.supplyNoReval);
  const result = await repo.outcomeOf(db, collegeId, exam.id, student!.id, input.paperId);
  if (!result || result.external_marks === null || result.status === 'Withheld') throw conflict(RESULT_MSG.notWrote);
  if (await repo.requestExists(db, collegeId, exam.id, student!.id, input.paperId, input.kind))
    throw conflict(RESULT_MSG.already);

  const base = { recount: exam.recount_fee_paise, photocopy: exam.photocopy_fee_paise, revaluation: exam.reval_fee_paise }[
    input.kind
  ];
  const reducedFor = exam.reduced_categories.split(',').filter(Boolean);
  const data = await repo.admissionData(db, collegeId, student!.admission_id);
  const reduced = exam.reduced_percent > 0 && !!data && reducedFor.includes(categoryOf(data.data_json));
  const fee = reduced ? Math.round((base * (100 - exam.reduced_percent)) / 100) : base;

  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertRequest(trx, {
      college_id: collegeId,
      exam_id: exam.id,
      student_id: student!.id,
      paper_id: input.paperId,
      kind: input.kind,
      fee_paise: fee,
      status: 'requested',
      old_marks: result.external_marks!,
      old_grade: result.grade,
      requested_by_name: user.username,
      created_at: nowIso(),
    });
    if (fee > 0)
      await postCharge(trx, {
        collegeId,
        studentId: student!.id,
        head: 'REVALUATION_FEE',
        headName: 'Recounting and revaluation fee',
        amountPaise: fee,
        source: FEE_SOURCE,
        sourceRef: feeRef(id),
        dueDate: exam.reval_closes!,
      });
    return id;
  });
  const feeText = fee > 0 ? `; the fee of ${rupees(fee)}${reduced ? ' (reduced)' : ''} is added to your dues` : '';
  return { message: `${KIND_WORDS[input.kind]} asked for${feeText}`, id, feePaise: fee };
}

export async function revalList(db: Database, collegeId: number, user: RequestUser, q: z.output<typeof ZRevalListQuery>) {
  const cell = isCell(user);
  let studentIds: number[] | undefined;
  const evaluator = !cell && !user.roles.includes('ROLE_STUDENT');
  if (!cell && !evaluator) {
    const self = await examsRepo.studentOfUser(db, collegeId, user.id);
    if (!self) throw forbidden('This login is not linked to a student record');
    studentIds = [self.id];
  }
  const query = repo.requestList(db, collegeId, {
    ...q,
    kind: evaluator ? 'revaluation' : q.kind,
    studentIds,
    q: evaluator ? undefined : q.q,
  });
  const page = await pagedRows(query, q.page, PAGE_SIZE);
  const charges = await chargesByRefs(
    db,
    collegeId,
    FEE_SOURCE,
    page.items.map((r) => feeRef(r.id)),
  );
  return {
    items: page.items.map((r): TRevalRequest => ({
      id: r.id,
      examId: r.exam_id,
      exam: r.exam,
      rollNo: evaluator ? '' : r.roll_no,
      name: evaluator ? '' : r.full_name,
      dummyNo: cell || evaluator ? (r.dummy_no ?? '') : '',
      paperId: r.paper_id,
      courseCode: r.code,
      course: r.subject,
      kind: r.kind as TRevalRequest['kind'],
      feePaise: r.fee_paise,
      feeDuePaise: charges.get(feeRef(r.id))?.balancePaise ?? 0,
      status: r.status as TRevalRequest['status'],
      oldMarks: r.old_marks,
      secondMarks: r.second_marks,
      newMarks: r.new_marks,
      oldGrade: r.old_grade,
      newGrade: r.new_grade,
      requestedAt: r.created_at,
      decidedAt: r.decided_at,
      decidedBy: r.decided_by_name,
    })),
    total: page.total,
    limit: PAGE_SIZE,
    page: q.page,
  };
}

export async function decideReval(db: Database, collegeId: number, user: RequestUser, id: number, marks: number | undefined) {
  const req = (await repo.requestList(db, collegeId, { id }).execute())[0];
  if (!req) throw notFound('That request does not exist');
  if (!isCell(user) && req.kind !== 'revaluation') throw forbidden('Recounts and photocopies are decided by the exam cell');
  if (req.status !== 'requested') throw conflict(RESULT_MSG.decided);
  if (req.kind === 'revaluation' && (req.first_by_id === user.id || req.second_by_id === user.id))
    throw forbidden('A revaluation is made by an evaluator who did not mark the script');
  const due = (await chargesByRefs(db, collegeId, FEE_SOURCE, [feeRef(id)])).get(feeRef(id))?.balancePaise ?? 0;
  if (due > 0) throw conflict(RESULT_MSG.unpaid(rupees(due)));
  if (req.kind !== 'photocopy' && marks === undefined) throw badRequest(RESULT_MSG.marksNeeded);
  const exam = await examOrThrow(db, collegeId, req.exam_id);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  if (marks !== undefined && marks > rules.seeMax) throw badRequest(`Marks must be between 0 and ${rules.seeMax}`);
  const newMarks =
    req.kind === 'photocopy'
      ? req.old_marks
      : req.kind === 'recount'
        ? marks!
        : revaluedMarks(rules.revalRule, rules.revalThreshold, req.old_marks, marks!);

  const answer = await db.transaction().execute(async (trx) => {
    // the student's papers of this exam, worked out again with the new external marks
    const own = await repo.outcomeList(trx, collegeId, exam.id, { studentId: req.student_id }).execute();
    const raw = await Promise.all(own.map((o) => repo.outcomeOf(trx, collegeId, exam.id, req.student_id, o.paper_id)));
    const papers = raw.map((o) => ({
      paperId: o!.paper_id,
      credits: o!.credits,
      cie: o!.internal_marks ?? 0,
      see: o!.paper_id === req.paper_id ? newMarks : o!.external_marks,
      script: (o!.status === 'Absent' ? 'absent' : o!.status === 'Malpractice' ? 'malpractice' : 'written') as 'written',
    }));
    const withheld = raw.find((o) => o!.status === 'Withheld')?.withheld_reason ?? '';
    const made = outcomesOfStudent(
      rules,
      papers,
      activeGrace(await repo.graceRules(trx, collegeId)),
      exam.kind === 'supplementary',
      withheld,
    );
    let newGrade = req.old_grade;
    for (const [i, o] of raw.entries()) {
      const m = made[i];
      const see = papers[i].see;
      if (o!.paper_id === req.paper_id) newGrade = m.grade;
      const same = o!.external_marks === see && o!.grade === m.grade && o!.grace_marks === m.grace && o!.status === m.status;
      if (same) continue;
      await repo.updateOutcome(trx, collegeId, o!.id, {
        external_marks: see,
        grace_marks: m.grace,
        grace_rule_id: m.graceRuleId,
        total_marks: (o!.internal_marks ?? 0) + (see ?? 0),
        percent: m.percent,
        grade: m.grade,
        grade_points: m.gradePoints,
        status: m.status,
      });
      await repo.insertChange(trx, {
        college_id: collegeId,
        exam_id: exam.id,
        student_id: req.student_id,
        paper_id: o!.paper_id,
        cause: req.kind === 'recount' ? 'recount' : 'revaluation',
        from_marks: o!.external_marks ?? 0,
        to_marks: see ?? 0,
        from_grade: o!.grade,
        to_grade: m.grade,
        by_name: user.username,
        at: nowIso(),
      });
      if (exam.exam_title_id)
        await reviseProcessed(
          trx,
          collegeId,
          exam.exam_title_id,
          { rollNo: req.roll_no, courseCode: own[i].code },
          {
            marks: m.status === 'Absent' || m.status === 'Withheld' ? null : Math.min(100, m.percent),
            grade: m.grade,
            gradePoints: m.gradePoints,
            status: m.status,
          },
        );
    }
    await repo.decideRequest(trx, collegeId, id, {
      status: 'decided',
      second_marks: req.kind === 'revaluation' ? marks! : null,
      new_marks: newMarks,
      new_grade: newGrade,
      decided_by_name: user.username,
      decided_at: nowIso(),
    });
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: `revaluation.decide`,
      entity: 'revaluation_request',
      entityId: id,
      before: { marks: req.old_marks, grade: req.old_grade },
      after: { kind: req.kind, second: marks ?? null, marks: newMarks, grade: newGrade },
    });
    return { newGrade };
  });
  resultsRevised(collegeId);
  const changed = newMarks !== req.old_marks;
  return {
    message:
      req.kind === 'photocopy'
        ? 'Photocopy issued; the marks stand'
        : changed
          ? `Marks changed from ${req.old_marks} to ${newMarks} (grade ${req.old_grade} → ${answer.newGrade})`
          : `The marks stand at ${req.old_marks}`,
    oldMarks: req.old_marks,
    newMarks,
    oldGrade: req.old_grade,
    newGrade: answer.newGrade,
    changed,
  };
}
