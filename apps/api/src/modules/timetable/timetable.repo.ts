import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';

/** "CSE 2022-2026 A" */
export const sectionLabel = sql<string>`br.short_name || ' ' || b.name || ' ' || s.name`;

export async function subject(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('subjects')
    .select(['id', 'code', 'name', 'kind', 'retired'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function allocations(
  db: Db,
  collegeId: number,
  f: { sectionId?: number; academicYear?: string; facultyId?: number; department?: string },
) {
  let q = db
    .selectFrom('subject_allocations as a')
    .innerJoin('subjects as sub', 'sub.id', 'a.subject_id')
    .innerJoin('sections as s', 's.id', 'a.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .leftJoin('departments as d', 'd.id', 'br.department_id')
    .innerJoin('faculty as f', 'f.id', 'a.faculty_id')
    .select([
      'a.id',
      'a.subject_id as subjectId',
      'sub.code as subjectCode',
      'sub.name as subjectName',
      'a.section_id as sectionId',
      sectionLabel.as('sectionLabel'),
      'a.academic_year as academicYear',
      'a.faculty_id as facultyId',
      'f.full_name as facultyName',
    ])
    .where('a.college_id', '=', collegeId);
  if (f.sectionId) q = q.where('a.section_id', '=', f.sectionId);
  if (f.academicYear) q = q.where('a.academic_year', '=', f.academicYear);
  if (f.facultyId) q = q.where('a.faculty_id', '=', f.facultyId);
  if (f.department) q = q.where('d.name', '=', f.department);
  return q.orderBy('sectionLabel').orderBy('sub.code').execute();
}

export async function replaceAllocation(
  db: Db,
  collegeId: number,
  subjectId: number,
  sectionId: number,
  year: string,
  facultyIds: number[],
  now: string,
) {
  await db
    .deleteFrom('subject_allocations')
    .where('college_id', '=', collegeId)
    .where('subject_id', '=', subjectId)
    .where('section_id', '=', sectionId)
    .where('academic_year', '=', year)
    .execute();
  await db
    .insertInto('subject_allocations')
    .values(
      facultyIds.map((faculty_id) => ({
        college_id: collegeId,
        subject_id: subjectId,
        section_id: sectionId,
        academic_year: year,
        faculty_id,
        created_at: now,
      })),
    )
    .execute();
}

/** (subject, faculty) pairs allocated to a section in any year. */
export async function allocatedPairs(db: Db, collegeId: number, sectionId: number) {
  return db
    .selectFrom('subject_allocations')
    .select(['subject_id', 'faculty_id'])
    .where('college_id', '=', collegeId)
    .where('section_id', '=', sectionId)
    .execute();
}

function slotQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('timetable_slots as t')
    .innerJoin('subjects as sub', 'sub.id', 't.subject_id')
    .innerJoin('sections as s', 's.id', 't.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .innerJoin('faculty as f', 'f.id', 't.faculty_id')
    .select([
      't.day',
      't.period',
      't.section_id as sectionId',
      sectionLabel.as('sectionLabel'),
      't.subject_id as subjectId',
      'sub.code as subjectCode',
      'sub.name as subjectName',
      'sub.kind',
      't.faculty_id as facultyId',
      'f.full_name as facultyName',
    ])
    .where('t.college_id', '=', collegeId);
}

export async function sectionSlots(db: Db, collegeId: number, sectionId: number) {
  return slotQuery(db, collegeId).where('t.section_id', '=', sectionId).orderBy('t.day').orderBy('t.period').execute();
}

// A faculty member's classes on a weekday, asked on every attendance sheet: prepared (db/prepared.ts).
const facultyDayQuery = prepared((db, a: { collegeId: number; facultyId: number; day: number }) =>
  slotQuery(db, a.collegeId)
    .where('t.faculty_id', '=', a.facultyId)
    .where('t.day', '=', a.day)
    .orderBy('t.day')
    .orderBy('t.period'),
);

// The one class a faculty member holds in a period of a weekday (the unique faculty slot): a sheet
// being saved needs only that one, not the day's list with its labels.
const facultySlotQuery = prepared((db, a: { collegeId: number; facultyId: number; day: number; period: number }) =>
  db
    .selectFrom('timetable_slots as t')
    .innerJoin('subjects as sub', 'sub.id', 't.subject_id')
    .select(['t.section_id as sectionId', 't.subject_id as subjectId', 'sub.code as subjectCode'])
    .where('t.college_id', '=', a.collegeId)
    .where('t.faculty_id', '=', a.facultyId)
    .where('t.day', '=', a.day)
    .where('t.period', '=', a.period),
);

export async function facultySlot(db: Db, collegeId: number, facultyId: number, day: number, period: number) {
  return facultySlotQuery.first(db, { collegeId, facultyId, day, period });
}

export async function facultySlots(db: Db, collegeId: number, facultyId: number, day?: number) {
  if (day) return facultyDayQuery.all(db, { collegeId, facultyId, day });
  return slotQuery(db, collegeId).where('t.faculty_id', '=', facultyId).orderBy('t.day').orderBy('t.period').execute();
}

/** Every class of the college's timetable, with its teacher's department (leadership's missing-sheets figure). */
export async function collegeSlots(db: Db, collegeId: number) {
  return slotQuery(db, collegeId).select('f.department as facultyDepartment').where('s.retired', '=', 0).orderBy('t.day').orderBy('t.period').execute();
}

/** Slots other sections hold for these faculty (the clash check before the unique index). */
export async function busySlots(db: Db, collegeId: number, facultyIds: number[], exceptSectionId: number) {
  if (facultyIds.length === 0) return [];
  return slotQuery(db, collegeId).where('t.faculty_id', 'in', facultyIds).where('t.section_id', '!=', exceptSectionId).execute();
}

export async function replaceSlots(
  db: Db,
  collegeId: number,
  sectionId: number,
  slots: Array<{ day: number; period: number; subject_id: number; faculty_id: number }>,
) {
  await db.deleteFrom('timetable_slots').where('college_id', '=', collegeId).where('section_id', '=', sectionId).execute();
  if (slots.length)
    await db
      .insertInto('timetable_slots')
      .values(slots.map((s) => ({ ...s, college_id: collegeId, section_id: sectionId })))
      .execute();
}

/** Every (faculty, period) taught on a weekday across the college. */
export async function daySlots(db: Db, collegeId: number, day: number) {
  return db
    .selectFrom('timetable_slots')
    .select(['faculty_id', 'period'])
    .where('college_id', '=', collegeId)
    .where('day', '=', day)
    .execute();
}
