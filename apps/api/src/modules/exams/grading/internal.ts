import { RESULT_MSG, type TInternalSections, type TInternalSheet, type ZInternalSave, type ZModeration } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { examOrThrow } from '../exams.service.js';
import * as repo from './grading.repo.js';
import { mayEnter, mayLock, mayRead, pairKey, type Marker } from './markers.js';
import { marksChanged } from './steps.js';
import { rulesOrThrow } from './rules.js';

/**
 * Internal marks (CIE): the teacher enters a section's marks of a paper (prefilled from the OBE
 * assessments), the HoD locks them, and the moderation board may then add or take away marks
 * for the whole section with a reason, the original kept.
 */

const ENTRY_STATES = ['in_progress', 'marks_entry'];

async function entryExam(db: Database, collegeId: number, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!ENTRY_STATES.includes(exam.status) || exam.published_at) throw conflict(RESULT_MSG.notMarksEntry);
  return exam;
}

async function sectionRows(db: Database, collegeId: number, examId: number, paperId: number, sectionId: number) {
  const rows = (await repo.scriptRows(db, collegeId, examId)).filter(
    (r) => r.paper_id === paperId && Number(r.section_id) === sectionId,
  );
  if (rows.length === 0) throw notFound('No student of this section writes this paper');
  return rows;
}

export async function internalSections(db: Database, collegeId: number, m: Marker, examId: number): Promise<TInternalSections> {
  await examOrThrow(db, collegeId, examId);
  const [groups, locks] = await Promise.all([repo.paperSections(db, collegeId, examId), repo.locksOf(db, collegeId, examId)]);
  const teachers = await repo.teachers(db, collegeId, [...new Set(groups.map((g) => g.subject_id))]);
  const teacherOf = new Map(teachers.map((t) => [pairKey(t.subject_id, t.section_id), t.full_name]));
  const locked = new Set(locks.map((l) => `${l.paper_id}:${l.section_id}`));
  return {
    items: groups
      .filter((g) => mayRead(m, g.subject_id, Number(g.section_id)))
      .map((g) => ({
        paperId: g.paper_id,
        sectionId: Number(g.section_id),
        paper: `${g.code} ${g.subject}`,
        section: g.section || 'No section',
        faculty: teacherOf.get(pairKey(g.subject_id, Number(g.section_id))) ?? '',
        students: Number(g.students),
        entered: Number(g.entered),
        locked: locked.has(`${g.paper_id}:${g.section_id}`),
        moderated: Number(g.moderated) > 0,
        mayEnter: mayEnter(m, g.subject_id, Number(g.section_id)),
        mayLock: mayLock(m, g.subject_id, Number(g.section_id)),
      })),
  };
}

export async function internalSheet(
  db: Database,
  collegeId: number,
  m: Marker,
  examId: number,
  paperId: number,
  sectionId: number,
): Promise<TInternalSheet> {
  const exam = await examOrThrow(db, collegeId, examId);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const rows = await sectionRows(db, collegeId, examId, paperId, sectionId);
  const subjectId = rows[0].subject_id;
  if (!mayRead(m, subjectId, sectionId)) throw forbidden(RESULT_MSG.notYourSection);
  const ids = rows.map((r) => r.student_id);
  const [marks, locks, totals, maximum, section] = await Promise.all([
    repo.internalOf(db, collegeId, examId, paperId, ids),
    repo.locksOf(db, collegeId, examId),
    repo.assessmentTotals(db, collegeId, subjectId, sectionId),
    repo.assessmentMaximum(db, collegeId, subjectId, sectionId),
    repo.sectionName(db, collegeId, sectionId),
  ]);
  const byStudent = new Map(marks.map((x) => [x.student_id, x]));
  const obtained = new Map(totals.map((t) => [Number(t.student_id), Number(t.obtained)]));
  const lock = locks.find((l) => l.paper_id === paperId && l.section_id === sectionId);
  return {
    paperId,
    sectionId,
    paper: `${rows[0].code} ${rows[0].subject}`,
    section: section || 'No section',
    cieMax: rules.cieMax,
    locked: !!lock,
    lockedBy: lock?.locked_by_name ?? '',
    rows: rows.map((r) => {
      const saved = byStudent.get(r.student_id);
      const got = obtained.get(r.student_id);
      return {
        rollNo: r.roll_no,
        name: r.full_name,
        marks: saved?.marks ?? null,
        originalMarks: saved?.original_marks ?? null,
        // scaled to the internal maximum, rounded up as boards round a student's favour
        fromAssessments:
          maximum > 0 && got !== undefined ? Math.min(rules.cieMax, Math.ceil((got * rules.cieMax) / maximum - 1e-9)) : null,
      };
    }),
    moderationReason: marks.find((x) => x.moderation_reason)?.moderation_reason ?? '',
  };
}

export async function saveInternal(
  db: Database,
  collegeId: number,
  m: Marker,
  examId: number,
  input: z.output<typeof ZInternalSave>,
) {
  const exam = await entryExam(db, collegeId, examId);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const rows = await sectionRows(db, collegeId, examId, input.paperId, input.sectionId);
  if (!mayEnter(m, rows[0].subject_id, input.sectionId)) throw forbidden(RESULT_MSG.notYourSection);
  const locks = await repo.locksOf(db, collegeId, examId);
  if (locks.some((l) => l.paper_id === input.paperId && l.section_id === input.sectionId)) throw conflict(RESULT_MSG.locked);
  const byRoll = new Map(rows.map((r) => [r.roll_no, r]));
  const errors: string[] = [];
  for (const e of input.marks) {
    if (!byRoll.has(e.rollNo)) errors.push(RESULT_MSG.notInSection(e.rollNo));
    else if (e.marks > rules.cieMax) errors.push(RESULT_MSG.overMax(e.rollNo, rules.cieMax));
  }
  if (errors.length) throw badRequest(errors[0], { errors });
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const e of input.marks)
      await repo.upsertInternal(trx, {
        college_id: collegeId,
        exam_id: examId,
        paper_id: input.paperId,
        student_id: byRoll.get(e.rollNo)!.student_id,
        section_id: input.sectionId,
        marks: e.marks,
        entered_by_name: m.username,
        updated_at: at,
      });
    await marksChanged(trx, collegeId, examId);
  });
  return { message: `Internal marks of ${input.marks.length} students saved`, count: input.marks.length };
}

export async function lockInternal(
  db: Database,
  collegeId: number,
  m: Marker,
  examId: number,
  paperId: number,
  sectionId: number,
) {
  await entryExam(db, collegeId, examId);
  const rows = await sectionRows(db, collegeId, examId, paperId, sectionId);
  if (!mayLock(m, rows[0].subject_id, sectionId))
    throw forbidden('Only the HoD of the department or the exam cell locks internal marks');
  const marks = await repo.internalOf(
    db,
    collegeId,
    examId,
    paperId,
    rows.map((r) => r.student_id),
  );
  const missing = rows.length - marks.length;
  if (missing > 0) throw conflict(`${missing} students of this section have no internal marks yet`);
  const locks = await repo.locksOf(db, collegeId, examId);
  if (locks.some((l) => l.paper_id === paperId && l.section_id === sectionId)) return { message: 'Already locked', count: 0 };
  await db.transaction().execute(async (trx) => {
    await repo.insertLock(trx, {
      college_id: collegeId,
      exam_id: examId,
      paper_id: paperId,
      section_id: sectionId,
      locked_by_name: m.username,
      locked_at: nowIso(),
    });
    await audit(trx, {
      collegeId,
      actor: { id: m.id, username: m.username },
      action: 'internal_marks.lock',
      entity: 'exam',
      entityId: examId,
      after: { paperId, sectionId, students: rows.length },
    });
  });
  return { message: `Internal marks of ${rows.length} students locked`, count: rows.length };
}

/** The moderation board's change to a locked section: every mark moved by `add`, kept within 0 and the maximum. */
export async function moderate(db: Database, collegeId: number, m: Marker, examId: number, input: z.output<typeof ZModeration>) {
  const exam = await entryExam(db, collegeId, examId);
  if (!m.cell) throw forbidden('Moderation is the exam cell’s board’s');
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const rows = await sectionRows(db, collegeId, examId, input.paperId, input.sectionId);
  const locks = await repo.locksOf(db, collegeId, examId);
  if (!locks.some((l) => l.paper_id === input.paperId && l.section_id === input.sectionId)) throw conflict(RESULT_MSG.notLocked);
  const marks = await repo.internalOf(
    db,
    collegeId,
    examId,
    input.paperId,
    rows.map((r) => r.student_id),
  );
  await db.transaction().execute(async (trx) => {
    for (const x of marks) {
      const original = x.original_marks ?? x.marks;
      await repo.updateInternal(trx, collegeId, x.id, {
        original_marks: original,
        marks: Math.max(0, Math.min(rules.cieMax, x.marks + input.add)),
        moderation_reason: input.reason,
        updated_at: nowIso(),
      });
    }
    await marksChanged(trx, collegeId, examId);
    await audit(trx, {
      collegeId,
      actor: { id: m.id, username: m.username },
      action: 'internal_marks.moderate',
      entity: 'exam',
      entityId: examId,
      after: { paperId: input.paperId, sectionId: input.sectionId, add: input.add, reason: input.reason, students: marks.length },
    });
  });
  return {
    message: `${marks.length} students' internal marks moderated by ${input.add > 0 ? '+' : ''}${input.add}`,
    count: marks.length,
  };
}
