import { HOSTEL_MSG, ZOutpassCreate, ZOutpassesQuery, type TMyHostel, type TOutpass } from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { mapCapped } from '../../lib/capped.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { allotmentDetail } from './hostel.allotments.js';
import * as repo from './hostel.repo.js';
import { isStaff, nowLocal, studentFor } from './hostel.service.js';

type Row = NonNullable<Awaited<ReturnType<typeof repo.outpass>>>;

/** Late: came back after the return time, or still out when it has passed. */
export const isLate = (o: { status: string; returnBy: string; inAt: string | null }, now: string) =>
  (o.status === 'RETURNED' && !!o.inAt && o.inAt > o.returnBy) || (o.status === 'OUT' && now > o.returnBy);

const toOutpass = (o: Row, now: string): TOutpass => ({ ...o, guardianMobile: o.guardianMobile ?? '', late: isLate(o, now) });

/** A student asks for an outing or home leave; the office can enter one for a resident. */
export async function createOutpass(db: Database, user: RequestUser, input: z.output<typeof ZOutpassCreate>) {
  const collegeId = user.collegeId;
  const student = await studentFor(db, user, { rollNo: input.rollNo });
  const a = await repo.activeAllotmentOf(db, collegeId, student.id);
  if (!a) throw badRequest(HOSTEL_MSG.noAllotment);
  if (await repo.openOutpassOf(db, collegeId, student.id)) throw conflict(HOSTEL_MSG.outpassOpen);
  const id = await repo.insertOutpass(db, {
    college_id: collegeId,
    student_id: student.id,
    allotment_id: a.id,
    kind: input.kind,
    purpose: input.purpose,
    destination: input.destination,
    leave_at: input.leaveAt,
    return_by: input.returnBy,
    // The warden entering it approves it as they write it.
    status: isStaff(user) ? 'APPROVED' : 'PENDING',
    decided_by: isStaff(user) ? user.id : null,
    created_by: user.id,
    created_at: nowIso(),
  });
  return toOutpass((await repo.outpass(db, collegeId, id))!, nowLocal());
}

export async function listOutpasses(db: Database, user: RequestUser, q: z.output<typeof ZOutpassesQuery>) {
  const now = nowLocal();
  const studentId = isStaff(user) ? undefined : (await studentFor(db, user, {})).id;
  const filters = { status: q.status, q: q.q, studentId, lateAt: q.late ? now : undefined };
  const page = await repo.outpassPage(db, user.collegeId, filters, q);
  return mapCapped(page, (o) => toOutpass(o, now));
}

const STEPS = {
  approve: { from: 'PENDING', to: 'APPROVED' },
  reject: { from: 'PENDING', to: 'REJECTED' },
  out: { from: 'APPROVED', to: 'OUT' },
  return: { from: 'OUT', to: 'RETURNED' },
} as const;

/** The warden approves or rejects; the gate records the student going out and coming back. */
export async function stepOutpass(
  db: Database,
  user: RequestUser,
  id: number,
  step: keyof typeof STEPS,
  input: { note: string; at?: string },
) {
  const collegeId = user.collegeId;
  const o = await repo.outpass(db, collegeId, id);
  if (!o) throw notFound(HOSTEL_MSG.outpassNotFound);
  const { from, to } = STEPS[step];
  if (o.status !== from) throw conflict(HOSTEL_MSG.outpassState(o.status));
  if (step === 'reject' && input.note.length < 3) throw badRequest('Give a reason for rejecting');
  const at = input.at ?? nowLocal();
  if (step === 'return' && o.outAt && at < o.outAt) throw badRequest('The return time is before the time the student went out');
  const set =
    step === 'approve' || step === 'reject'
      ? { status: to, decided_by: user.id, decision_note: input.note }
      : step === 'out'
        ? { status: to, out_at: at }
        : { status: to, in_at: at };
  if (!(await repo.stepOutpass(db, collegeId, id, from, set))) throw conflict(HOSTEL_MSG.outpassState('changed'));
  return toOutpass((await repo.outpass(db, collegeId, id))!, nowLocal());
}

/** The student's page: applications, their bed with its history and dues, requests, out-passes. */
export async function myHostel(db: Database, user: RequestUser): Promise<TMyHostel> {
  const collegeId = user.collegeId;
  const student = await studentFor(db, user, {});
  const latest = await repo.latestAllotmentOf(db, collegeId, student.id);
  const now = nowLocal();
  const [applications, transferRequests, outpasses] = await Promise.all([
    repo.applications(db, collegeId, { studentId: student.id }).then((l) => l.items),
    repo.transferRequests(db, collegeId, { studentId: student.id }).then((l) => l.items),
    repo.outpasses(db, collegeId, { studentId: student.id }).then((l) => l.items),
  ]);
  return {
    student: { rollNo: student.roll_no, name: student.full_name, gender: student.gender },
    applications: applications.map((a) => ({ ...a, prefersAc: a.prefersAc === 1 })),
    allotment: latest ? await allotmentDetail(db, user, latest.id) : null,
    transferRequests,
    outpasses: outpasses.map((o) => toOutpass(o, now)),
  };
}
