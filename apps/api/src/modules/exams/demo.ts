import type { Database } from '../../db/index.js';
import { planSession } from './seating.js';
import { createExam, updateExam } from './exams.service.js';
import { register, setStatus } from './registrations.js';
import { issueHallTickets } from './hall-tickets.js';
import { planInvigilation } from './invigilation.js';
import { numberScripts } from './scripts.js';
import { proposeTimetable } from './timetable.js';
import { createRoom } from './rooms.js';
import * as examsRepo from './exams.repo.js';
import { seedGradingDemo } from './grading/demo.js';

/**
 * The exam cell's demo, made through the exam cell's own calls after the colleges are seeded:
 * SVEC's "B.Tech IV Year I Semester Regular Examinations, November 2026" with every final-year
 * student registered and verified, a timetable, hall tickets issued to those who pass the gates
 * (22A91A0501, short of attendance in the condonable band, waits for the principal), ten rooms,
 * the seating of every session, the invigilation roster and numbered answer scripts; and a
 * supplementary exam open for registration, with its fee per paper and late fee.
 * The regular exam's fee was collected with the semester fee, so it posts nothing to the ledger.
 */
export async function seedExamDemo(db: Database, baseUrl = 'http://localhost:8080') {
  const college = await db.selectFrom('colleges').select(['id']).where('code', '=', 'SVEC').executeTakeFirst();
  if (!college) return;
  const collegeId = college.id;
  if (await db.selectFrom('exams').select('id').where('college_id', '=', collegeId).limit(1).executeTakeFirst()) return;
  const cell = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('college_id', '=', collegeId)
    .where('username', '=', 'examcell')
    .executeTakeFirst();
  const regulation = await db
    .selectFrom('regulations')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('code', '=', 'R22')
    .executeTakeFirst();
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('name', '=', 'B.Tech')
    .executeTakeFirst();
  if (!cell || !regulation || !course) return;
  const semester = (name: string) =>
    db.selectFrom('semesters').select('id').where('course_id', '=', course.id).where('name', '=', name).executeTakeFirstOrThrow();
  const user = { id: cell.id, username: cell.username, roles: ['ROLE_EXAMINATION'], collegeId, mustChangePassword: false };

  for (const block of ['A', 'B'])
    for (let n = 1; n <= 5; n++)
      await createRoom(db, user, { name: `${block}${block === 'A' ? 1 : 2}0${n}`, block: `${block} Block`, rows: 6, cols: 8 });

  const { id: examId } = await createExam(db, collegeId, user, {
    name: 'B.Tech IV Year I Semester Regular Examinations, November 2026',
    kind: 'regular',
    regulationId: regulation.id,
    semesterIds: [(await semester('IV-I')).id],
    registrationCloses: '2026-11-27',
    startsOn: '2026-12-07',
    endsOn: '2026-12-14',
    feePerPaperPaise: 0,
    feeCapPaise: 0,
    lateFees: [],
    duesLimitPaise: 20_000_000,
    condonationFeePaise: 50_000,
  });
  await updateExam(db, collegeId, examId, { status: 'registration' });
  await register(db, collegeId, user, examId, { everyone: true }, null);
  const regs = await examsRepo.registrationsOfExam(db, collegeId, examId);
  await setStatus(
    db,
    collegeId,
    user,
    examId,
    regs.map((r) => r.id),
    'verified',
  );
  await proposeTimetable(db, user, examId, { sessions: ['FN'], skipDates: [] });
  await updateExam(db, collegeId, examId, { status: 'hall_tickets' });
  await issueHallTickets(db, collegeId, user, examId, {}, baseUrl);
  const sessions = await db
    .selectFrom('exam_papers')
    .select(['date', 'session'])
    .where('exam_id', '=', examId)
    .where('date', 'is not', null)
    .distinct()
    .execute();
  for (const s of sessions) await planSession(db, user, examId, { date: s.date!, session: s.session as 'FN' | 'AN' });
  await planInvigilation(db, collegeId, examId, 30);
  await numberScripts(db, collegeId, user, examId);

  await createExam(db, collegeId, user, {
    name: 'B.Tech II Year I Semester Supplementary Examinations, December 2026',
    kind: 'supplementary',
    regulationId: regulation.id,
    semesterIds: [(await semester('II-I')).id],
    registrationCloses: '2026-12-18',
    startsOn: '2026-12-28',
    endsOn: '2027-01-02',
    feePerPaperPaise: 30_000,
    feeCapPaise: 120_000,
    lateFees: [{ fromDate: '2026-12-12', feePaise: 10_000 }],
    duesLimitPaise: 20_000_000,
    condonationFeePaise: 0,
  }).then(({ id }) => updateExam(db, collegeId, id, { status: 'registration' }));
  await seedGradingDemo(db, baseUrl);
}
