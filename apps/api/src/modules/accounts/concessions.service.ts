import {
  ACCOUNTS_MSG,
  ROLES,
  type TAccountsSettings,
  type TCapped,
  type TConcession,
  type TConcessionType,
  type ZConcessionInput,
  type ZConcessionTypeInput,
  type ZDecision,
  type ZReceivable,
  type ZReceivableUpdate,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { mapCapped } from '../../lib/capped.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { staffNames } from '../../lib/people.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './concessions.repo.js';
import * as ledgerRepo from './ledger.repo.js';
import { notifyCharges, postCharge } from './ledger.charges.js';
import { writeReceipt } from './ledger.counter.js';
import { splitInOrder } from './ledger.receipts.js';
import { studentOrThrow } from './ledger.views.js';
import { isUniqueViolation } from './util.js';

/** Defaults until the office sets its own: the principal approves above ₹50,000 (concessions) and ₹1,00,000 (bills). */
export const DEFAULT_SETTINGS: TAccountsSettings = {
  concessionPrincipalLimitPaise: 5_000_000,
  billPrincipalLimitPaise: 10_000_000,
  gstStateCode: '',
  leavingBasis: 'month',
  hostelCautionDepositPaise: 0,
};

export async function getSettings(db: Database, collegeId: number): Promise<TAccountsSettings> {
  const s = await repo.settings(db, collegeId);
  return s
    ? {
        concessionPrincipalLimitPaise: s.concession_principal_limit_paise,
        billPrincipalLimitPaise: s.bill_principal_limit_paise,
        gstStateCode: s.gst_state_code,
        leavingBasis: s.leaving_basis === 'semester' ? 'semester' : 'month',
        hostelCautionDepositPaise: s.hostel_caution_deposit_paise,
      }
    : DEFAULT_SETTINGS;
}

export async function saveSettings(
  db: Database,
  collegeId: number,
  body: TAccountsSettings,
  actor?: { id: number; username: string },
): Promise<TAccountsSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await getSettings(trx as Database, collegeId);
    await repo.saveSettings(trx, collegeId, {
      concession: body.concessionPrincipalLimitPaise,
      bill: body.billPrincipalLimitPaise,
      gstStateCode: body.gstStateCode,
      leavingBasis: body.leavingBasis,
      cautionDepositPaise: body.hostelCautionDepositPaise,
    });
    if (actor)
      await audit(trx, {
        collegeId,
        actor,
        action: 'settings.update',
        entity: 'acc_settings',
        entityId: collegeId,
        before,
        after: body,
      });
  });
  return getSettings(db, collegeId);
}

const toType = (t: { id: number; code: string; name: string; payer: string; category: string }): TConcessionType => ({
  id: t.id,
  code: t.code,
  name: t.name,
  payer: t.payer,
  category: t.category,
});

export async function listTypes(db: Database, collegeId: number) {
  return (await repo.types(db, collegeId)).map(toType);
}

export async function addType(db: Database, collegeId: number, body: z.output<typeof ZConcessionTypeInput>) {
  try {
    return toType(await repo.insertType(db, { college_id: collegeId, ...body }));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A concession type with this code already exists');
    throw e;
  }
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;
const toConcession = (c: Row): TConcession => ({
  id: c.id,
  rollNo: c.roll_no,
  studentName: c.full_name,
  typeId: c.type_id,
  typeName: c.type_name,
  payer: c.payer,
  fy: c.fy,
  headId: c.head_id,
  headName: c.head_name,
  basis: c.basis,
  value: c.value,
  amountPaise: c.amount_paise,
  status: c.status,
  note: c.note,
  proposedBy: c.proposed_by_name,
  decidedBy: c.decided_by_name,
  decidedAt: c.decided_at,
  decisionNote: c.decision_note,
  createdAt: c.created_at,
});

/** Who proposed and who decided, by name (the rows keep their login ids). */
async function named(db: Database, collegeId: number, list: TConcession[]): Promise<TConcession[]> {
  const names = await staffNames(
    db,
    collegeId,
    list.flatMap((c) => [c.proposedBy, c.decidedBy]),
  );
  return list.map((c) => ({
    ...c,
    proposedBy: names.get(c.proposedBy) ?? c.proposedBy,
    decidedBy: names.get(c.decidedBy) ?? c.decidedBy,
  }));
}
const namedOne = async (db: Database, collegeId: number, c: TConcession) => (await named(db, collegeId, [c]))[0]!;

export async function list(
  db: Database,
  collegeId: number,
  q: { status?: string; rollNo?: string },
): Promise<TCapped<TConcession>> {
  const page = await repo.list(db, collegeId, q);
  return { ...page, items: await named(db, collegeId, page.items.map(toConcession)) };
}

/** An accountant proposes a concession on a student's demand line for a head and year. */
export async function propose(db: Database, user: RequestUser, body: z.output<typeof ZConcessionInput>): Promise<TConcession> {
  const collegeId = user.collegeId;
  const student = await studentOrThrow(db, collegeId, body.rollNo);
  const type = await repo.typeById(db, collegeId, body.typeId);
  if (!type) throw badRequest(ACCOUNTS_MSG.concessionTypeNotFound);
  const line = await repo.demandLineFor(db, collegeId, student.id, body.fy, body.headId);
  if (!line) throw badRequest(ACCOUNTS_MSG.concessionNoDemand);
  const amount = body.basis === 'percent' ? Math.floor((line.amount_paise * body.value) / 100) : body.value;
  if (amount > Number(line.balance)) throw badRequest(ACCOUNTS_MSG.concessionTooLarge);
  const { id } = await repo.insertConcession(db, {
    college_id: collegeId,
    student_id: student.id,
    type_id: type.id,
    fy: body.fy,
    head_id: body.headId,
    basis: body.basis,
    value: body.value,
    amount_paise: amount,
    status: 'proposed',
    note: body.note ?? '',
    proposed_by: user.id,
    proposed_by_name: user.username,
    decided_by_name: '',
    decision_note: '',
    line_id: line.id,
    created_at: nowIso(),
    decided_at: '',
  });
  return namedOne(db, collegeId, toConcession((await repo.byId(db, collegeId, id))!));
}

/**
 * A waiver another office asks for on its own charges (the hostel's): proposed as concessions on
 * the student's open lines of that module, in the stated order, for the accounts officer (and
 * above the college's limit the principal) to approve like any other. Nothing is waived until
 * then. Inside the caller's transaction; returns the proposals' ids.
 */
export async function proposeWaiver(
  trx: Db,
  p: {
    collegeId: number;
    proposer: { id: number; username: string };
    studentId: number;
    /** the posting module, e.g. 'hostel' */
    source: string;
    amountPaise: number;
    note: string;
  },
): Promise<number[]> {
  const open = await ledgerRepo.openLinesOfSource(trx, p.collegeId, p.studentId, p.source);
  const { allocations, left } = splitInOrder(open, p.amountPaise);
  if (left > 0 || allocations.length === 0) throw badRequest(ACCOUNTS_MSG.concessionTooLarge);
  const label = p.source.charAt(0).toUpperCase() + p.source.slice(1);
  const type = await repo.waiverType(trx, p.collegeId, `${p.source.toUpperCase()}_WAIVER`.slice(0, 20), `${label} waiver`);
  const fyOf = new Map(open.map((l) => [l.id, l.fy]));
  const ids: number[] = [];
  for (const a of allocations) {
    const { id } = await repo.insertConcession(trx, {
      college_id: p.collegeId,
      student_id: p.studentId,
      type_id: type.id,
      fy: fyOf.get(a.lineId)!,
      head_id: a.headId,
      basis: 'amount',
      value: a.amount,
      amount_paise: a.amount,
      status: 'proposed',
      note: p.note.slice(0, 300),
      proposed_by: p.proposer.id,
      proposed_by_name: p.proposer.username,
      decided_by_name: '',
      decision_note: '',
      line_id: a.lineId,
      created_at: nowIso(),
      decided_at: '',
    });
    ids.push(id);
  }
  return ids;
}

/**
 * The accounts officer decides a proposed concession (not their own); above the college's limit an
 * approval goes on to the principal. The final approval applies it in the same transaction: a
 * waiver (institution) reduces what the student owes; a government or sponsor share moves off the
 * student's line into a receivable line of that payer, pending sanction.
 */
export async function decide(
  db: Database,
  user: RequestUser,
  id: number,
  body: z.output<typeof ZDecision>,
): Promise<TConcession> {
  const collegeId = user.collegeId;
  const c = await repo.byId(db, collegeId, id);
  if (!c) throw notFound(ACCOUNTS_MSG.concessionNotFound);
  if (c.status === 'approved' || c.status === 'rejected') throw conflict(ACCOUNTS_MSG.concessionDecided);
  const isOfficer = user.roles.includes(ROLES.ACCOUNTANTS_OFFICER);
  const isPrincipal = user.roles.includes(ROLES.PRINCIPAL);
  if (c.status === 'proposed' && !isOfficer) throw forbidden(ACCOUNTS_MSG.notYourStage);
  if (c.status === 'awaiting_principal' && !isPrincipal) throw forbidden(ACCOUNTS_MSG.notYourStage);
  if (c.proposed_by === user.id && body.decision === 'approve') throw forbidden(ACCOUNTS_MSG.ownProposal);
  const limit = (await getSettings(db, collegeId)).concessionPrincipalLimitPaise;
  const decided = { decided_by_name: user.username, decision_note: body.note, decided_at: nowIso() };

  await db.transaction().execute(async (trx) => {
    await audit(trx, {
      collegeId,
      actor: user,
      action: 'concession.decide',
      entity: 'acc_concession',
      entityId: id,
      before: { status: c.status, amountPaise: c.amount_paise },
      after: { decision: body.decision, note: body.note },
    });
    if (body.decision === 'reject') {
      if (!(await repo.transition(trx, id, c.status, { status: 'rejected', ...decided })))
        throw conflict(ACCOUNTS_MSG.concessionDecided);
      return;
    }
    if (c.status === 'proposed' && c.amount_paise > limit) {
      if (!(await repo.transition(trx, id, 'proposed', { status: 'awaiting_principal', ...decided })))
        throw conflict(ACCOUNTS_MSG.concessionDecided);
      return;
    }
    if (!(await repo.transition(trx, id, c.status, { status: 'approved', ...decided })))
      throw conflict(ACCOUNTS_MSG.concessionDecided);
    // The line it was proposed on (a module's waiver names one of several lines of a head and year).
    const line =
      c.line_id !== null
        ? await repo.studentLine(trx, collegeId, c.student_id, c.line_id)
        : await repo.demandLineFor(trx, collegeId, c.student_id, c.fy, c.head_id);
    if (!line) throw badRequest(ACCOUNTS_MSG.concessionNoDemand);
    if (c.payer === 'institution' || c.payer === 'student') {
      if (!(await repo.addWaived(trx, line.id, c.amount_paise))) throw badRequest(ACCOUNTS_MSG.concessionTooLarge);
    } else {
      if (!(await repo.shrinkLine(trx, line.id, c.amount_paise))) throw badRequest(ACCOUNTS_MSG.concessionTooLarge);
      const head = await ledgerRepo.lineById(trx, collegeId, line.id);
      await postCharge(trx, {
        collegeId,
        studentId: c.student_id,
        head: (await ledgerRepo.headCodeById(trx, collegeId, c.head_id))!,
        amountPaise: c.amount_paise,
        source: 'concession',
        sourceRef: String(c.id),
        dueDate: head?.due_date || `${c.fy.slice(0, 4)}-07-31`,
        payer: c.payer as 'state_reimbursement',
      });
    }
    await notifyCharges(trx, collegeId, [line.id]);
  });
  return namedOne(db, collegeId, toConcession((await repo.byId(db, collegeId, id))!));
}

export async function receivables(
  db: Database,
  collegeId: number,
  q: { payer?: string; status?: string },
): Promise<TCapped<z.infer<typeof ZReceivable>>> {
  return mapCapped(await repo.receivables(db, collegeId, q), (r) => ({
    lineId: r.id,
    rollNo: r.roll_no,
    studentName: r.full_name,
    fy: r.fy,
    headName: r.head_name,
    payer: r.payer,
    sanctionStatus: r.sanction_status,
    amountPaise: r.amount_paise,
    receivedPaise: r.paid_paise,
  }));
}

/**
 * Government/sponsor share: 'sanctioned' records the sanction; 'received' books the money as a
 * numbered receipt (bank transfer) against that line and marks it received.
 */
export async function updateReceivable(
  db: Database,
  user: RequestUser,
  lineId: number,
  body: z.output<typeof ZReceivableUpdate>,
): Promise<{ lineId: number; sanctionStatus: string; receiptId: number | null }> {
  const collegeId = user.collegeId;
  return db.transaction().execute(async (trx) => {
    const line = await ledgerRepo.lineById(trx, collegeId, lineId);
    if (!line || line.payer === 'student' || line.payer === 'institution') throw notFound(ACCOUNTS_MSG.lineNotFound);
    if (line.sanction_status === 'received') throw conflict('This share is already received');
    let receiptId: number | null = null;
    if (body.status === 'received') {
      if (!body.reference) throw badRequest(ACCOUNTS_MSG.referenceNeeded);
      const balance = Number(line.balance);
      if (balance > 0)
        receiptId = (
          await writeReceipt(trx, collegeId, user, {
            studentId: line.student_id,
            mode: 'bank_transfer',
            reference: body.reference,
            bank: '',
            instrumentDate: '',
            amount: balance,
            allocations: [{ lineId: line.id, headId: line.head_id, amount: balance }],
          })
        ).id;
    }
    await ledgerRepo.setSanction(trx, line.id, body.status);
    return { lineId, sanctionStatus: body.status, receiptId };
  });
}

/** Read-only input for IQAC's NAAC and NIRF figures: who received a scholarship or freeship, per financial year. */
export async function naacInputs(db: Database, collegeId: number) {
  const { concessions, government } = await repo.naacScholarships(db, collegeId);
  return [
    ...concessions.map((c) => ({
      studentId: c.student_id,
      fy: c.fy,
      scheme: c.scheme,
      payer: c.payer,
      category: c.category,
      amountPaise: Number(c.amount_paise),
    })),
    ...government.map((g) => ({
      studentId: g.student_id,
      fy: g.fy,
      scheme: g.payer === 'nsp' ? 'National Scholarship Portal' : 'State fee reimbursement',
      payer: g.payer,
      category: 'government',
      amountPaise: Number(g.amount_paise),
    })),
  ];
}
