import {
  academicYear,
  HOSTEL_MSG,
  ZAllotmentCreate,
  ZAllotmentsQuery,
  ZApplicationCreate,
  ZApplicationsQuery,
  ZHostelPayment,
  ZRoomTransfer,
  ZTransferRequestCreate,
  ZVacate,
  type TAllotment,
  type TAllotmentDetail,
  type THostelApplication,
  type TLeavingFigures,
  type TTransferRequest,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { mapCapped } from '../../lib/capped.js';
import { revokeDocument } from '../../lib/documents.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { accountsSettings, postedCharges, proposeWaiver } from '../accounts/index.js';
import { applyCuts, leavingPlan } from './hostel.leaving.js';
import * as repo from './hostel.repo.js';
import {
  actorOf,
  assertGender,
  chargeAndPost,
  depositRef,
  hostelDues,
  LEDGER_SOURCE,
  receiveAndPost,
  isStaff,
  isUniqueViolation,
  rupees,
  studentFor,
  todayLocal,
} from './hostel.service.js';

type AllotmentRow = NonNullable<Awaited<ReturnType<typeof repo.allotment>>>;

const toAllotment = (a: AllotmentRow): TAllotment => {
  const { overrideReason: _o, vacateNote: _v, ...rest } = a;
  return rest;
};

const toApplication = (a: NonNullable<Awaited<ReturnType<typeof repo.application>>>): THostelApplication => ({
  ...a,
  prefersAc: a.prefersAc === 1,
});

// Applications.

export async function createApplication(db: Database, user: RequestUser, input: z.output<typeof ZApplicationCreate>) {
  const student = await studentFor(db, user, { rollNo: input.rollNo });
  if (input.preferredBuildingId) {
    const b = await repo.building(db, user.collegeId, input.preferredBuildingId);
    if (!b) throw badRequest(HOSTEL_MSG.buildingNotFound);
    assertGender(b.kind, student.gender);
  }
  let id: number;
  try {
    id = await repo.insertApplication(db, {
      college_id: user.collegeId,
      student_id: student.id,
      academic_year: input.academicYear,
      preferred_building_id: input.preferredBuildingId ?? null,
      preferred_sharing: input.preferredSharing ?? null,
      prefers_ac: input.prefersAc ? 1 : 0,
      guardian_name: input.guardianName,
      guardian_mobile: input.guardianMobile,
      notes: input.notes,
      status: 'PENDING',
      created_by: user.id,
      created_at: nowIso(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(HOSTEL_MSG.applicationExists);
    throw e;
  }
  return toApplication((await repo.application(db, user.collegeId, id))!);
}

export async function listApplications(db: Database, user: RequestUser, q: z.output<typeof ZApplicationsQuery>) {
  const studentId = isStaff(user) ? undefined : (await studentFor(db, user, {})).id;
  return mapCapped(await repo.applications(db, user.collegeId, { ...q, studentId }), toApplication);
}

export async function rejectApplication(db: Database, user: RequestUser, id: number, note: string) {
  const app = await repo.application(db, user.collegeId, id);
  if (!app) throw notFound(HOSTEL_MSG.applicationNotFound);
  if (!(await repo.decideApplication(db, user.collegeId, id, 'REJECTED', note, nowIso())))
    throw conflict(HOSTEL_MSG.applicationClosed);
  return toApplication((await repo.application(db, user.collegeId, id))!);
}

// Allotment.

/**
 * Puts a student on a bed. Two clerks racing for one bed, or one student on two beds, are decided
 * by the unique indexes on the active bed and the active student: the loser's insert fails.
 */
export async function allot(db: Database, user: RequestUser, input: z.output<typeof ZAllotmentCreate>) {
  const collegeId = user.collegeId;
  const student = await studentFor(db, user, { studentId: input.studentId, rollNo: input.rollNo });
  const bed = await repo.bed(db, collegeId, input.bedId);
  if (!bed) throw notFound(HOSTEL_MSG.bedNotFound);
  assertGender(bed.kind, student.gender);
  if (bed.reserved) throw conflict(HOSTEL_MSG.bedReserved);

  let application: { id: number; guardian_name: string; guardian_mobile: string; academicYear?: string } | undefined;
  if (input.applicationId) {
    const named = await repo.application(db, collegeId, input.applicationId);
    if (!named) throw notFound(HOSTEL_MSG.applicationNotFound);
    if (named.studentId !== student.id) throw badRequest(HOSTEL_MSG.applicationOther);
    if (named.status !== 'PENDING') throw conflict(HOSTEL_MSG.applicationClosed);
    application = {
      id: named.id,
      guardian_name: named.guardianName,
      guardian_mobile: named.guardianMobile,
      academicYear: named.academicYear,
    };
  }
  const year = input.academicYear ?? application?.academicYear ?? academicYear();
  application ??= await repo.pendingApplication(db, collegeId, student.id, year);

  const fromDate = input.fromDate ?? todayLocal();
  const now = nowIso();
  const deposit = (await accountsSettings(db, collegeId)).hostelCautionDepositPaise ?? 0;
  const guardianName = input.guardianName || application?.guardian_name || student.father_name;
  const guardianMobile = input.guardianMobile || application?.guardian_mobile || '';
  let created: { id: number; allotmentNo: string; dues: number };
  try {
    created = await db.transaction().execute(async (trx) => {
      const n = await repo.nextAllotmentNo(trx, collegeId);
      const allotmentNo = `H/${year.slice(0, 4)}/${String(n).padStart(5, '0')}`;
      const newId = await repo.insertAllotment(trx, {
        college_id: collegeId,
        allotment_no: allotmentNo,
        student_id: student.id,
        academic_year: year,
        application_id: application?.id ?? null,
        building_id: bed.building_id,
        room_id: bed.room_id,
        bed_id: bed.id,
        active_bed_id: bed.id,
        active_student_id: student.id,
        status: 'ACTIVE',
        from_date: fromDate,
        guardian_name: guardianName,
        guardian_mobile: guardianMobile,
        created_by: user.id,
        created_at: now,
      });
      await repo.insertHistory(trx, {
        college_id: collegeId,
        allotment_id: newId,
        student_id: student.id,
        bed_id: bed.id,
        from_date: fromDate,
        reason: 'Allotted',
        created_by: user.id,
        created_at: now,
      });
      const charge = { college_id: collegeId, student_id: student.id, allotment_id: newId, created_by: user.id, created_at: now };
      await chargeAndPost(
        trx,
        [
          ...(bed.yearly_fee > 0
            ? [
                {
                  ...charge,
                  kind: 'FEE',
                  description: `Hostel fee ${year} (${bed.building_name} ${bed.room_no})`,
                  amount: bed.yearly_fee,
                },
              ]
            : []),
          // The college's caution deposit, given back at checkout less damages (see hostel.leaving).
          ...(deposit > 0
            ? [{ ...charge, kind: 'DEPOSIT', description: `Hostel caution deposit ${year}`, amount: deposit }]
            : []),
        ],
        fromDate,
      );
      if (application)
        await repo.decideApplication(
          trx,
          collegeId,
          application.id,
          'ALLOTTED',
          `${bed.building_name} ${bed.room_no}-${bed.label}`,
          now,
        );
      await audit(trx, {
        collegeId,
        actor: actorOf(user),
        action: 'hostel.allot',
        entity: 'hostel_allotment',
        entityId: newId,
        after: {
          rollNo: student.roll_no,
          bed: `${bed.building_name} ${bed.room_no}-${bed.label}`,
          fee: bed.yearly_fee,
          ...(deposit > 0 ? { deposit } : {}),
        },
      });
      return { id: newId, allotmentNo, dues: await hostelDues(trx, collegeId, student.id) };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    if (await repo.bedHolder(db, bed.id)) throw conflict(HOSTEL_MSG.bedTaken);
    throw conflict(HOSTEL_MSG.alreadyResident);
  }
  // The answer is built from what was written: no second read on the hot path.
  return {
    id: created.id,
    allotmentNo: created.allotmentNo,
    studentId: student.id,
    rollNo: student.roll_no,
    name: student.full_name,
    gender: student.gender,
    branch: student.branch,
    batch: student.batch,
    mobile: student.mobile,
    academicYear: year,
    buildingId: bed.building_id,
    building: bed.building_name,
    floor: bed.floor,
    roomNo: bed.room_no,
    bedId: bed.id,
    bedLabel: bed.label,
    status: 'ACTIVE',
    fromDate,
    vacatedOn: null,
    guardianName,
    guardianMobile,
    message:
      `${student.full_name} allotted ${bed.building_name} room ${bed.room_no}, bed ${bed.label}` +
      (deposit > 0 ? `; caution deposit ${rupees(deposit)} charged` : ''),
    dues: created.dues,
    depositPaise: deposit,
  };
}

async function activeAllotment(db: Database, collegeId: number, id: number) {
  const a = await repo.allotment(db, collegeId, id);
  if (!a) throw notFound(HOSTEL_MSG.allotmentNotFound);
  if (a.status !== 'ACTIVE') throw conflict(a.status === 'CANCELLED' ? HOSTEL_MSG.cancelled : HOSTEL_MSG.notActive);
  return a;
}

/** Moves a resident to another bed; the old bed is freed, the history keeps both. */
export async function transfer(db: Database, user: RequestUser, id: number, input: z.output<typeof ZRoomTransfer>) {
  const collegeId = user.collegeId;
  const a = await activeAllotment(db, collegeId, id);
  if (a.bedId === input.bedId) throw badRequest(HOSTEL_MSG.sameBed);
  const bed = await repo.bed(db, collegeId, input.bedId);
  if (!bed) throw notFound(HOSTEL_MSG.bedNotFound);
  assertGender(bed.kind, a.gender);
  if (bed.reserved) throw conflict(HOSTEL_MSG.bedReserved);
  if (input.requestId) {
    const r = await repo.transferRequestRow(db, collegeId, input.requestId);
    if (!r) throw notFound(HOSTEL_MSG.requestNotFound);
    if (r.allotment_id !== id) throw badRequest(HOSTEL_MSG.requestOther);
    if (r.status !== 'PENDING') throw conflict(HOSTEL_MSG.requestClosed);
  }
  const old = await repo.bed(db, collegeId, a.bedId);
  const date = input.date ?? todayLocal();
  const now = nowIso();
  const letter = await db.selectFrom('hostel_allotments').select('letter_code').where('id', '=', id).executeTakeFirst();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.moveAllotment(trx, collegeId, id, { bed_id: bed.id, room_id: bed.room_id, building_id: bed.building_id })))
        throw conflict(HOSTEL_MSG.notActive);
      await repo.closeHistory(trx, id, date);
      await repo.insertHistory(trx, {
        college_id: collegeId,
        allotment_id: id,
        student_id: a.studentId,
        bed_id: bed.id,
        from_date: date,
        reason: input.reason,
        created_by: user.id,
        created_at: now,
      });
      // A dearer room costs the difference for the year; a cheaper one is not refunded here.
      const difference = bed.yearly_fee - (old?.yearly_fee ?? 0);
      if (difference > 0) {
        await chargeAndPost(
          trx,
          [
            {
              college_id: collegeId,
              student_id: a.studentId,
              allotment_id: id,
              kind: 'FEE',
              description: `Room change to ${bed.building_name} ${bed.room_no}: fee difference`,
              amount: difference,
              created_by: user.id,
              created_at: now,
            },
          ],
          date,
        );
      }
      if (
        input.requestId &&
        !(await repo.decideTransferRequest(
          trx,
          collegeId,
          input.requestId,
          'APPROVED',
          `Moved to ${bed.building_name} ${bed.room_no}-${bed.label}`,
          now,
        ))
      ) {
        throw conflict(HOSTEL_MSG.requestClosed);
      }
      if (letter?.letter_code) {
        await revokeDocument(trx, collegeId, letter.letter_code, 'Room transferred');
        await trx.updateTable('hostel_allotments').set({ letter_code: null }).where('id', '=', id).execute();
      }
      await audit(trx, {
        collegeId,
        actor: actorOf(user),
        action: 'hostel.transfer',
        entity: 'hostel_allotment',
        entityId: id,
        before: { bed: `${a.building} ${a.roomNo}-${a.bedLabel}` },
        after: { bed: `${bed.building_name} ${bed.room_no}-${bed.label}`, reason: input.reason },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(HOSTEL_MSG.bedTaken);
    throw e;
  }
  return allotmentDetail(db, user, id);
}

/**
 * Checkout: the room fee is cut to what the college's leaving policy keeps, the caution deposit
 * is released (its paid part becomes credit the accounts office sets against damages and dues or
 * refunds), damages are charged, money collected at the counter is receipted, and the bed is
 * freed only when nothing is due after all that or the incharge overrides with a reason.
 * Refused means nothing saved.
 */
export async function vacate(db: Database, user: RequestUser, id: number, input: z.output<typeof ZVacate>) {
  const collegeId = user.collegeId;
  const a = await activeAllotment(db, collegeId, id);
  if (input.date < a.fromDate) throw badRequest(HOSTEL_MSG.vacateBeforeAllotment);
  const damages = input.damages.reduce((n, d) => n + d.amount, 0);
  const now = nowIso();
  const letter = await db.selectFrom('hostel_allotments').select('letter_code').where('id', '=', id).executeTakeFirst();
  // Dues are read under the allotment's lock: a payment or a second checkout cannot slip in between.
  const { dues, overridden, figures } = await db.transaction().execute(async (trx) => {
    await repo.lockAllotment(trx, collegeId, id);
    const { figures, cuts } = await leavingPlan(trx, collegeId, a, input.date, damages);
    // What the cut and the deposit give back counts against what is owed (damages included).
    const owed = figures.owedPaise;
    if (input.collected > owed) throw badRequest(owed > 0 ? HOSTEL_MSG.overpaid(rupees(owed)) : HOSTEL_MSG.nothingDue);
    const dues = owed - input.collected;
    const overridden = dues > 0;
    if (overridden && input.overrideReason.length < 3) throw conflict(HOSTEL_MSG.duesPending(rupees(dues)), { dues });
    await applyCuts(trx, collegeId, cuts);
    await chargeAndPost(
      trx,
      input.damages.map((d) => ({
        college_id: collegeId,
        student_id: a.studentId,
        allotment_id: id,
        kind: 'DAMAGE',
        description: d.description,
        amount: d.amount,
        created_by: user.id,
        created_at: now,
      })),
      input.date,
    );
    if (input.collected > 0) {
      await receiveAndPost(
        trx,
        {
          college_id: collegeId,
          student_id: a.studentId,
          allotment_id: id,
          kind: 'PAYMENT',
          mode: 'Cash',
          reference: 'Checkout',
          amount: input.collected,
          paid_on: input.date,
          created_by: user.id,
          created_at: now,
        },
        actorOf(user),
      );
    }
    if (
      !(await repo.vacateAllotment(trx, collegeId, id, {
        vacated_on: input.date,
        vacate_note: input.note,
        override_reason: overridden ? input.overrideReason : '',
      }))
    ) {
      throw conflict(HOSTEL_MSG.notActive);
    }
    await repo.closeHistory(trx, id, input.date);
    if (letter?.letter_code) await revokeDocument(trx, collegeId, letter.letter_code, 'Room vacated');
    await audit(trx, {
      collegeId,
      actor: actorOf(user),
      action: overridden ? 'hostel.vacate.override' : 'hostel.vacate',
      entity: 'hostel_allotment',
      entityId: id,
      before: { bed: `${a.building} ${a.roomNo}-${a.bedLabel}`, status: 'ACTIVE' },
      after: {
        status: 'VACATED',
        date: input.date,
        damages,
        collected: input.collected,
        dues,
        feeKept: figures.feeKeptPaise,
        released: figures.releasedPaise,
        depositBack: figures.depositBackPaise,
        overrideReason: overridden ? input.overrideReason : undefined,
      },
    });
    return { dues, overridden, figures };
  });
  return {
    message:
      (overridden
        ? `${a.name} vacated with ${rupees(dues)} due (override: ${input.overrideReason})`
        : `${a.name} vacated ${a.building} ${a.roomNo}-${a.bedLabel}`) + leavingWords(figures),
    dues: Math.max(dues, 0),
    overridden,
    ...figures,
  };
}

/** The checkout's money in words for the office: what the year keeps and what goes back. */
function leavingWords(f: TLeavingFigures) {
  const parts: string[] = [];
  if (f.feeKeptPaise < f.feePaise) parts.push(`room fee ${rupees(f.feeKeptPaise)} of ${rupees(f.feePaise)} kept`);
  if (f.depositPaidPaise > 0)
    parts.push(
      `caution deposit: ${rupees(f.depositBackPaise)} comes back` +
        (f.depositBackPaise < f.depositPaidPaise
          ? ` (${rupees(f.depositPaidPaise - f.depositBackPaise)} set against damages and dues)`
          : ''),
    );
  if (f.refundPaise > 0)
    parts.push(
      `${rupees(f.refundPaise)} is the student's credit: the accounts office will set it against other dues or refund it`,
    );
  return parts.length ? `; ${parts.join('; ')}` : '';
}

/**
 * A payment of hostel dues at the office, or a waiver the office asks for; never more than is due.
 * A waiver changes nothing yet: it goes to the accounts office as a concession, and the dues fall
 * only when the accounts officer (above the college's limit, the principal) approves it.
 */
export async function recordPayment(db: Database, user: RequestUser, id: number, input: z.output<typeof ZHostelPayment>) {
  const collegeId = user.collegeId;
  const a = await repo.allotment(db, collegeId, id);
  if (!a) throw notFound(HOSTEL_MSG.allotmentNotFound);
  const now = nowIso();
  if (input.kind === 'WAIVER') return proposeHostelWaiver(db, user, id, a.studentId, input);
  const dues = await db.transaction().execute(async (trx) => {
    await repo.lockAllotment(trx, collegeId, id);
    const owed = await hostelDues(trx, collegeId, a.studentId);
    if (owed <= 0) throw badRequest(HOSTEL_MSG.nothingDue);
    if (input.amount > owed) throw badRequest(HOSTEL_MSG.overpaid(rupees(owed)));
    await receiveAndPost(
      trx,
      {
        college_id: collegeId,
        student_id: a.studentId,
        allotment_id: id,
        kind: 'PAYMENT',
        mode: input.mode,
        reference: input.reference,
        amount: input.amount,
        paid_on: input.paidOn ?? todayLocal(),
        created_by: user.id,
        created_at: now,
      },
      actorOf(user),
    );
    await audit(trx, {
      collegeId,
      actor: actorOf(user),
      action: 'hostel.payment',
      entity: 'hostel_allotment',
      entityId: id,
      before: { dues: owed },
      after: { amount: input.amount, dues: owed - input.amount },
    });
    return owed - input.amount;
  });
  return { message: `${rupees(input.amount)} received; ${rupees(dues)} still due`, dues };
}

async function proposeHostelWaiver(
  db: Database,
  user: RequestUser,
  id: number,
  studentId: number,
  input: z.output<typeof ZHostelPayment>,
) {
  const collegeId = user.collegeId;
  const owed = await db.transaction().execute(async (trx) => {
    await repo.lockAllotment(trx, collegeId, id);
    const owed = await hostelDues(trx, collegeId, studentId);
    if (owed <= 0) throw badRequest(HOSTEL_MSG.nothingDue);
    if (input.amount > owed) throw badRequest(HOSTEL_MSG.overWaived(rupees(owed)));
    const concessions = await proposeWaiver(trx, {
      collegeId,
      proposer: actorOf(user),
      studentId,
      source: LEDGER_SOURCE,
      amountPaise: input.amount,
      note: `Hostel office waiver${input.reference ? `: ${input.reference}` : ''}`,
    });
    await audit(trx, {
      collegeId,
      actor: actorOf(user),
      action: 'hostel.waiver_proposed',
      entity: 'hostel_allotment',
      entityId: id,
      before: { dues: owed },
      after: { amount: input.amount, concessions },
    });
    return owed;
  });
  return { message: HOSTEL_MSG.waiverProposed(rupees(input.amount), rupees(owed)), dues: owed };
}

export async function listAllotments(db: Database, collegeId: number, q: z.output<typeof ZAllotmentsQuery>) {
  const { rows, total } = await repo.allotments(db, collegeId, q);
  return { rows: rows.map(toAllotment), total, page: q.page, pageSize: q.pageSize };
}

export async function allotmentDetail(db: Database, user: RequestUser, id: number): Promise<TAllotmentDetail> {
  const collegeId = user.collegeId;
  const a = await repo.allotment(db, collegeId, id);
  if (!a) throw notFound(HOSTEL_MSG.allotmentNotFound);
  if (!isStaff(user) && (await studentFor(db, user, {})).id !== a.studentId)
    throw forbidden('A student may only see their own allotment');
  const [history, charges, receipts, posted] = await Promise.all([
    repo.history(db, collegeId, [id]),
    repo.charges(db, collegeId, a.studentId),
    repo.receipts(db, collegeId, a.studentId),
    postedCharges(db, collegeId, a.studentId, LEDGER_SOURCE),
  ]);
  return {
    ...toAllotment(a),
    overrideReason: a.overrideReason,
    vacateNote: a.vacateNote,
    history,
    charges,
    receipts: receipts.map((r) => ({ ...r, description: r.description.trim() })),
    posted,
    dues: posted.reduce((n, l) => n + l.balancePaise, 0),
    depositPaise: posted.find((l) => l.sourceRef === depositRef(id))?.amountPaise ?? 0,
  };
}

// Transfer requests.

export async function requestTransfer(
  db: Database,
  user: RequestUser,
  input: z.output<typeof ZTransferRequestCreate>,
): Promise<TTransferRequest> {
  const student = await studentFor(db, user, {});
  const a = await repo.activeAllotmentOf(db, user.collegeId, student.id);
  if (!a) throw badRequest(HOSTEL_MSG.noAllotment);
  if (await repo.pendingTransferOf(db, user.collegeId, a.id)) throw conflict(HOSTEL_MSG.transferPending);
  if (input.preferredBuildingId) {
    const b = await repo.building(db, user.collegeId, input.preferredBuildingId);
    if (!b) throw badRequest(HOSTEL_MSG.buildingNotFound);
    assertGender(b.kind, student.gender);
  }
  const id = await repo.insertTransferRequest(db, {
    college_id: user.collegeId,
    allotment_id: a.id,
    student_id: student.id,
    reason: input.reason,
    preferred_building_id: input.preferredBuildingId ?? null,
    status: 'PENDING',
    created_at: nowIso(),
  });
  return (await repo.transferRequests(db, user.collegeId, { id })).items[0];
}

export async function listTransferRequests(db: Database, user: RequestUser, status?: string) {
  const studentId = isStaff(user) ? undefined : (await studentFor(db, user, {})).id;
  return repo.transferRequests(db, user.collegeId, { status, studentId });
}

export async function rejectTransferRequest(db: Database, user: RequestUser, id: number, note: string) {
  if (!(await repo.transferRequestRow(db, user.collegeId, id))) throw notFound(HOSTEL_MSG.requestNotFound);
  if (!(await repo.decideTransferRequest(db, user.collegeId, id, 'REJECTED', note, nowIso())))
    throw conflict(HOSTEL_MSG.requestClosed);
  return (await repo.transferRequests(db, user.collegeId, { id })).items[0];
}
