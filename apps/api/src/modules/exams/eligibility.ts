import {
  EXAM_MSG,
  formatRupees,
  type TEligibility,
  type TEligibilityRow,
  type ZCondonationRequest,
  type ZEligibilityQuery,
} from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../db/index.js';
import { badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { chargesByRefs, duesOfStudents, postCharge } from '../accounts/index.js';
import { attendanceStandings } from '../attendance/index.js';
import * as repo from './exams.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';
import { FEE_SOURCE, feeRef, today } from './registrations.js';

/**
 * The gates a hall ticket passes, each read from its owner: the registration verified and its fee
 * paid (the ledger), attendance eligible by the regulation's rule (the attendance service) or
 * condoned by the principal with the condonation fee paid, and other dues within the exam's limit.
 */

const PAGE_SIZE = 50;
/** ₹ with lakh grouping, whole rupees without '.00', as a message reads it. */
const rupees = (paise: number) => formatRupees(paise).replace(/\.00$/, '');
export const condoneRef = (condonationId: number) => `condone:${condonationId}`;

type Exam = NonNullable<Awaited<ReturnType<typeof repo.examById>>>;
interface Registration {
  id: number;
  student_id: number;
  roll_no: string;
  full_name: string;
  branch: string;
  status: string;
}

type Standings = Awaited<ReturnType<typeof attendanceStandings>>;

/** Each registration's gates, in the order given; the college's attendance standings may be passed when already read. */
export async function gatesOf(db: Database, exam: Exam, regs: Registration[], known?: Standings): Promise<TEligibilityRow[]> {
  const collegeId = exam.college_id;
  const ids = regs.map((r) => r.student_id);
  const [standings, condonations, tickets, dues, fees] = await Promise.all([
    known ?? attendanceStandings(db, collegeId),
    repo.condonationsOf(db, collegeId, exam.id),
    repo.hallTicketsOf(db, collegeId, exam.id),
    duesOfStudents(db, collegeId, ids, FEE_SOURCE),
    chargesByRefs(
      db,
      collegeId,
      FEE_SOURCE,
      regs.map((r) => feeRef(r.id)),
    ),
  ]);
  const condonedOf = new Map(condonations.map((c) => [c.student_id, c]));
  const condoneFees = await chargesByRefs(
    db,
    collegeId,
    FEE_SOURCE,
    condonations.map((c) => condoneRef(c.id)),
  );
  const ticketed = new Set(tickets.map((t) => t.student_id));
  return regs.map((r) => {
    const attendance = standings.get(r.student_id) ?? { percent: 100, standing: 'eligible' };
    const condonation = condonedOf.get(r.student_id);
    const condonationDue = condonation ? (condoneFees.get(condoneRef(condonation.id))?.balancePaise ?? 0) : 0;
    const feeDue = fees.get(feeRef(r.id))?.balancePaise ?? 0;
    const otherDues = dues.get(r.student_id) ?? 0;
    const reasons: string[] = [];
    if (r.status === 'registered') reasons.push('Registration not yet verified by the exam cell');
    if (r.status === 'cancelled') reasons.push('Registration cancelled');
    if (feeDue > 0) reasons.push(`Exam fee of ${rupees(feeDue)} unpaid`);
    if (attendance.standing === 'detained') reasons.push(`Detained for attendance (${attendance.percent}%)`);
    if (attendance.standing === 'condonable' && !condonation)
      reasons.push(`Short of attendance (${attendance.percent}%): needs the principal's condonation`);
    if (condonation && condonationDue > 0) reasons.push(`Condonation fee of ${rupees(condonationDue)} unpaid`);
    if (otherDues > exam.dues_limit_paise)
      reasons.push(`Owes ${rupees(otherDues)} in other dues (the limit is ${rupees(exam.dues_limit_paise)})`);
    return {
      registrationId: r.id,
      rollNo: r.roll_no,
      name: r.full_name,
      branch: r.branch,
      attendancePercent: attendance.percent,
      attendanceStanding: attendance.standing,
      condoned: Boolean(condonation),
      condonationDuePaise: condonationDue,
      examFeeDuePaise: feeDue,
      otherDuesPaise: otherDues,
      eligible: reasons.length === 0,
      reasons,
      hallTicket: ticketed.has(r.student_id),
    };
  });
}

/** The registrations with their gates, filtered to eligible or withheld, a page at a time. */
export async function eligibility(
  db: Database,
  collegeId: number,
  examId: number,
  q: z.output<typeof ZEligibilityQuery>,
): Promise<TEligibility> {
  const exam = await examOrThrow(db, collegeId, examId);
  const regs = (await repo.registrationList(db, collegeId, examId, { q: q.q }).execute()).filter((r) => r.status !== 'cancelled');
  const rows = await gatesOf(db, exam, regs);
  const eligible = rows.filter((r) => r.eligible).length;
  const chosen = q.gate ? rows.filter((r) => r.eligible === (q.gate === 'eligible')) : rows;
  return {
    items: chosen.slice((q.page - 1) * PAGE_SIZE, q.page * PAGE_SIZE),
    total: chosen.length,
    limit: PAGE_SIZE,
    page: q.page,
    counts: { registered: rows.length, eligible, withheld: rows.length - eligible },
    duesLimitPaise: exam.dues_limit_paise,
  };
}

/**
 * The principal condones a registered student's shortage of attendance in the condonable band
 * (never below the detention limit), with a reason; the condonation fee becomes a ledger charge.
 */
export async function condone(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  input: z.output<typeof ZCondonationRequest>,
) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['registration', 'hall_tickets'].includes(exam.status))
    throw conflict('Condonations are decided while registration is open or hall tickets are being issued');
  const [student] = await repo.studentsByRoll(db, collegeId, [input.rollNo]);
  if (!student) throw badRequest(EXAM_MSG.noStudent(input.rollNo));
  const reg = await repo.registrationOf(db, collegeId, examId, student.id);
  if (!reg || reg.status === 'cancelled') throw badRequest(EXAM_MSG.notRegistered(input.rollNo));
  const attendance = (await attendanceStandings(db, collegeId)).get(student.id);
  if (!attendance || attendance.standing !== 'condonable') throw conflict(EXAM_MSG.condoneBand(input.rollNo));
  return db.transaction().execute(async (trx) => {
    // the unique (exam, student) pair says a second condonation, even one racing this
    const id = await repo
      .insertCondonation(trx, {
        college_id: collegeId,
        exam_id: examId,
        student_id: student.id,
        reason: input.reason,
        percent_x100: Math.round(attendance.percent * 100),
        fee_paise: exam.condonation_fee_paise,
        condoned_by_name: actor.username,
        created_at: nowIso(),
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? conflict(EXAM_MSG.alreadyCondoned(input.rollNo)) : e;
      });
    if (exam.condonation_fee_paise > 0)
      await postCharge(trx, {
        collegeId,
        studentId: student.id,
        head: 'CONDONATION_FEE',
        headName: 'Condonation fee',
        amountPaise: exam.condonation_fee_paise,
        source: FEE_SOURCE,
        sourceRef: condoneRef(id),
        dueDate: today(),
      });
    const fee = exam.condonation_fee_paise;
    return {
      message: fee > 0 ? `${input.rollNo} condoned; the condonation fee of ${rupees(fee)} is due` : `${input.rollNo} condoned`,
      id,
      feePaise: fee,
    };
  });
}
