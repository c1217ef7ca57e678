import type { TMyExams } from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import { attendanceStandings } from '../attendance/index.js';
import { studentsInSemesters, subjectsOf } from '../masters/index.js';
import { subjectOf } from '../portal/index.js';
import { openFailedCourses } from '../results/index.js';
import { gatesOf } from './eligibility.js';
import * as repo from './exams.repo.js';
import { today } from './registrations.js';

/** The student's (or a parent's child's) exams: those open to register for, and those registered with papers, gates, room and seat. */
export async function myExams(db: Database, user: RequestUser, studentId?: number): Promise<TMyExams> {
  const collegeId = user.collegeId;
  const { student } = await subjectOf(db, user, studentId);
  const [open, mine, failed] = await Promise.all([
    repo.exams(db, collegeId, { status: 'registration' }),
    repo.registrationsOfStudent(db, collegeId, student.id),
    openFailedCourses(db, collegeId, student.roll_no),
  ]);
  const on = today();
  const registeredIn = new Set(mine.filter((r) => r.status !== 'cancelled').map((r) => r.exam_id));
  const failedCodes = new Set(failed.map((f) => f.course_code));

  const openToMe: TMyExams['open'] = [];
  for (const e of open) {
    if (registeredIn.has(e.id) || e.registration_closes < on) continue;
    const semesterIds = (await repo.semestersOf(db, collegeId, e.id)).map((s) => s.semester_id);
    const [inSemesters, subjects] = await Promise.all([
      studentsInSemesters(db, collegeId, e.regulation_id, semesterIds, student.roll_no),
      subjectsOf(db, collegeId, e.regulation_id),
    ]);
    const backlogs = subjects.filter((s) => failedCodes.has(s.code)).map((s) => s.code);
    if ((e.kind === 'regular' && inSemesters.length) || backlogs.length)
      openToMe.push({ examId: e.id, name: e.name, registrationCloses: e.registration_closes, backlogs });
  }

  const registered: TMyExams['registered'] = [];
  const live = mine.filter((m) => m.status !== 'cancelled');
  // the college's standings once, not once per exam
  const standings = live.length ? await attendanceStandings(db, collegeId) : undefined;
  for (const r of live) {
    const exam = (await repo.examById(db, collegeId, r.exam_id))!;
    const [[gate], papers] = await Promise.all([
      gatesOf(
        db,
        exam,
        [
          {
            id: r.id,
            student_id: student.id,
            roll_no: student.roll_no,
            full_name: student.full_name,
            branch: '',
            status: r.status,
          },
        ],
        standings,
      ),
      repo.papersOfStudent(db, collegeId, r.exam_id, student.id),
    ]);
    registered.push({
      examId: r.exam_id,
      name: r.name,
      status: r.exam_status as TMyExams['registered'][number]['status'],
      registration: r.status as 'registered' | 'verified',
      feePaise: r.fee_paise + r.late_fee_paise,
      feeDuePaise: gate.examFeeDuePaise,
      eligible: gate.eligible,
      reasons: gate.reasons,
      hallTicket: gate.hallTicket,
      papers: papers.map((p) => ({
        code: p.code,
        name: p.name,
        kind: p.kind as 'regular' | 'backlog',
        date: p.date,
        session: p.session,
        room: p.room,
        seatNo: p.seat_no,
      })),
    });
  }
  return { student: { id: student.id, rollNo: student.roll_no, name: student.full_name }, open: openToMe, registered };
}
