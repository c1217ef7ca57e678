import {
  ANONYMOUS_CATEGORIES,
  GRIEVANCE_MAX_ATTACHMENTS,
  GRIEVANCE_MAX_FILE_MB,
  GRIEVANCE_MSG,
  GRIEVANCE_NO_LODGE_ROLES,
  GRIEVANCE_STATUS_LABELS,
  GRIEVANCE_TRANSITIONS,
  ROLES,
  type TGrievanceAppealDecision,
  type TGrievanceComment,
  type TGrievanceCreate,
  type TGrievanceDetail,
  type TGrievanceListQuery,
  type TGrievancePage,
  type TGrievanceStatus,
  type TGrievanceStatusChange,
  type TGrievanceSummary,
} from '@erp/shared';
import crypto from 'node:crypto';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { MIME_BY_TYPE, sniffFileType } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, removeUploads, storeUpload } from '../../lib/uploads.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { addDays, indianDate } from '../../lib/clock.js';
import { committeeFor, settingsOf } from './grievances.committees.js';
import { decisionDueOn } from './grievances.deadline.js';
import { notifyLater } from '../notifications/index.js';
import { isParent, subjectOf } from '../portal/index.js';
import { GRIEVANCE_NOT_YET_DECIDED } from '../../db/row-defaults.js';
import * as repo from './grievances.repo.js';

const OPEN: readonly string[] = ['submitted', 'acknowledged', 'in_progress'];
const DECIDED: readonly string[] = ['resolved', 'rejected'];

/** What a caller is to grievances: the roles and committee seats that decide what they see and do. */
export interface Viewer {
  user: RequestUser;
  incharge: boolean;
  principal: boolean;
  ombudsperson: boolean;
  seats: Map<number, string>;
}

export async function viewerOf(db: Database, user: RequestUser): Promise<Viewer> {
  const seats = new Map((await repo.membershipsOf(db, user.collegeId, user.id)).map((m) => [m.committee_id, m.position]));
  return {
    user,
    incharge: user.roles.includes(ROLES.GRIEVANCE_INCHARGE),
    principal: user.roles.includes(ROLES.PRINCIPAL),
    ombudsperson: user.roles.includes(ROLES.OMBUDSPERSON),
    seats,
  };
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;
type SummaryRow = Awaited<ReturnType<typeof repo.list>>['items'][number];

const isOverdue = (r: { status: string; due_on: string }, today: string) => OPEN.includes(r.status) && r.due_on < today;

/** Handles the grievance: the incharge, its committee, and the principal once it has escalated. */
function canAct(v: Viewer, r: SummaryRow) {
  if (r.lodged_by === v.user.id) return false;
  return v.incharge || (r.committee_id !== null && v.seats.has(r.committee_id)) || (v.principal && r.escalated_at !== null);
}

function canSee(v: Viewer, r: SummaryRow) {
  return r.lodged_by === v.user.id || canAct(v, r) || (v.ombudsperson && r.appeal_status !== null);
}

/**
 * Who may know who lodged a grievance: anyone who sees it, unless it is anonymous; then only the
 * complainant and the chair who revealed it (repo.anonymousIdentitiesKnownTo is this rule in SQL).
 */
const seesIdentity = (userId: number, r: Pick<SummaryRow, 'anonymous' | 'lodged_by' | 'identity_revealed_by'>) =>
  !r.anonymous || r.lodged_by === userId || r.identity_revealed_by === userId;

/** The complainant's name: hidden on an anonymous grievance from all but the chair who revealed it. */
function complainantFor(v: Viewer, r: SummaryRow): string | null {
  return seesIdentity(v.user.id, r) ? r.complainant_name : null;
}

/** Mail about an anonymous grievance names its complainant: the outbox shows it only to those who may know them. */
export const CONFIDENTIAL_MAIL_KIND = 'grievance';
const confidentialRef = (id: number) => `${CONFIDENTIAL_MAIL_KIND}:${id}`;
/** The confidential grievance mails the user may read (the outbox's guard, registered in modules/wiring.ts). */
export const confidentialMailReadableBy = async (db: Database, user: RequestUser) =>
  (await repo.anonymousIdentitiesKnownTo(db, user.collegeId, user.id)).map(confidentialRef);

export const studentOf = (r: Pick<SummaryRow, 'student_id' | 'student_roll_no' | 'student_name'>) =>
  r.student_id !== null && r.student_roll_no !== null ? { id: r.student_id, rollNo: r.student_roll_no, name: r.student_name ?? '' } : null;

function summary(v: Viewer, r: SummaryRow, today: string): TGrievanceSummary {
  return {
    id: r.id,
    number: r.number,
    category: r.category,
    subject: r.subject,
    status: r.status,
    anonymous: r.anonymous === 1,
    complainant: complainantFor(v, r),
    committee: r.committee_name ?? null,
    lodgedOn: r.lodged_on,
    dueOn: r.due_on,
    overdue: isOverdue(r, today),
    escalated: r.escalated_at !== null,
    appealStatus: r.appeal_status,
    // The child names the family: on an anonymous grievance it is hidden just as the complainant is.
    student: complainantFor(v, r) === null ? null : studentOf(r),
  };
}

const visibility = (v: Viewer): repo.Visibility => ({
  userId: v.user.id,
  all: v.incharge,
  committeeIds: [...v.seats.keys()],
  escalated: v.principal,
  appealed: v.ombudsperson,
});

/**
 * The student a grievance concerns: a parent must name one of their linked children (the portal
 * owns that link); anyone else lodges for themself and names nobody.
 */
async function childOf(db: Database, user: RequestUser, studentId: number | null): Promise<number | null> {
  if (!isParent(user)) {
    if (studentId !== null) throw badRequest(GRIEVANCE_MSG.onlyParentsName);
    return null;
  }
  if (studentId === null) throw badRequest(GRIEVANCE_MSG.chooseChild);
  try {
    return (await subjectOf(db, user, studentId)).student.id;
  } catch {
    throw forbidden(GRIEVANCE_MSG.notYourChild);
  }
}

/** Attachments as lodged: the files, where they go, and the form's key that makes a retry answer the first grievance. */
export interface LodgeOptions {
  files?: UploadedFile[];
  college?: RequestCollege;
  storage?: FileStorage;
  idempotencyKey?: string | null;
}

/** Checks every file before anything is written: type by content, size and count. */
function checkedFiles(files: UploadedFile[], existing: number) {
  if (existing + files.length > GRIEVANCE_MAX_ATTACHMENTS) throw badRequest(GRIEVANCE_MSG.tooManyFiles);
  return files.map((f) => {
    const type = sniffFileType(f.buffer);
    if (type !== 'pdf' && type !== 'jpg' && type !== 'png') throw badRequest(GRIEVANCE_MSG.fileType);
    if (f.buffer.length > GRIEVANCE_MAX_FILE_MB * 1024 * 1024) throw badRequest(GRIEVANCE_MSG.fileTooLarge);
    return { f, type };
  });
}

type CheckedFile = ReturnType<typeof checkedFiles>[number];

/** Stores the files and adds their rows in the caller's transaction; `stored` collects the paths to remove if it fails. */
async function attach(
  trx: Database,
  college: RequestCollege,
  grievance: { id: number; number: string },
  typed: CheckedFile[],
  storage: FileStorage,
  now: Date,
  stored: string[],
) {
  const rows = [];
  for (const { f, type } of typed) {
    const path = await storeUpload(storage, college.code, 'grievances', `${grievance.number}-${crypto.randomUUID()}.${type}`, f.buffer);
    stored.push(path);
    const name = (f.filename || `attachment.${type}`).replace(/[^\w .()-]/g, '_').slice(0, 200);
    rows.push({
      college_id: college.id,
      grievance_id: grievance.id,
      file_name: name,
      mime: MIME_BY_TYPE[type],
      size: f.buffer.length,
      path,
      created_at: now.toISOString(),
    });
  }
  if (rows.length) await repo.insertAttachments(trx, rows);
}

/**
 * Lodges a grievance with its attachments in one transaction: the files are checked before
 * anything is written, and a failed lodge leaves neither a grievance nor a stored file. The same
 * idempotency key again (a retry) answers the grievance the first submission made.
 */
export async function lodge(db: Database, user: RequestUser, input: TGrievanceCreate, now: Date, opts: LodgeOptions = {}) {
  if (user.roles.every((r) => (GRIEVANCE_NO_LODGE_ROLES as string[]).includes(r))) throw forbidden(GRIEVANCE_MSG.cannotLodge);
  if (input.anonymous && !ANONYMOUS_CATEGORIES.includes(input.category)) throw badRequest(GRIEVANCE_MSG.anonymousNotAllowed);
  const collegeId = user.collegeId;
  const key = opts.idempotencyKey ?? null;
  const earlier = key ? await repo.byIdempotencyKey(db, collegeId, user.id, key) : undefined;
  if (earlier) return detail(db, user, earlier, now);
  const typed = checkedFiles(opts.files ?? [], 0);
  if (typed.length && (!opts.college || !opts.storage)) throw new Error('lodge: attachments need the college and file storage');
  const studentId = await childOf(db, user, input.studentId ?? null);
  const settings = await settingsOf(db, collegeId);
  const lodgedOn = indianDate(now);
  const [dueOn, committeeId] = await Promise.all([
    decisionDueOn(db, collegeId, lodgedOn, settings.decisionWorkingDays),
    committeeFor(db, collegeId, input.category),
  ]);
  const stamp = now.toISOString();
  const stored: string[] = [];
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const n = await repo.nextNumber(trx, collegeId);
      const number = `GRV-${lodgedOn.slice(0, 4)}-${String(n).padStart(5, '0')}`;
      const newId = await repo.insertGrievance(trx, {
        college_id: collegeId,
        number,
        category: input.category,
        subject: input.subject,
        description: input.description,
        anonymous: input.anonymous ? 1 : 0,
        lodged_by: user.id,
        student_id: studentId,
        complainant_role: user.roles[0] ?? '',
        committee_id: committeeId,
        status: 'submitted',
        lodged_on: lodgedOn,
        due_on: dueOn,
        idempotency_key: key,
        ...GRIEVANCE_NOT_YET_DECIDED,
        created_at: stamp,
        updated_at: stamp,
      });
      if (typed.length) await attach(trx, opts.college!, { id: newId, number }, typed, opts.storage!, now, stored);
      return newId;
    });
  } catch (e) {
    if (stored.length) await removeUploads(opts.storage!, stored);
    // The same submission sent twice at once: the first one's grievance is the answer.
    const twin = key && isUniqueViolation(e) ? await repo.byIdempotencyKey(db, collegeId, user.id, key) : undefined;
    if (!twin) throw e;
    id = twin;
  }
  return detail(db, user, id, now);
}

export async function list(db: Database, user: RequestUser, q: TGrievanceListQuery, now: Date): Promise<TGrievancePage> {
  const today = indianDate(now);
  await repo.escalateOverdue(db, user.collegeId, today, now.toISOString());
  const v = await viewerOf(db, user);
  const page = await repo.list(db, user.collegeId, visibility(v), q, today);
  return { items: page.items.map((r) => summary(v, r, today)), total: page.total };
}

/** Loads a grievance the caller may see; another's grievance answers 404, as if it did not exist. */
async function load(db: Database, user: RequestUser, id: number, now: Date) {
  await repo.escalateOverdue(db, user.collegeId, indianDate(now), now.toISOString());
  const v = await viewerOf(db, user);
  const row = await repo.byId(db, user.collegeId, id);
  if (!row || !canSee(v, row)) throw notFound(GRIEVANCE_MSG.notFound);
  return { v, row };
}

function appealOpenUntil(row: Row, appealDays: number) {
  return row.decided_at ? addDays(indianDate(new Date(row.decided_at)), appealDays) : null;
}

export async function detail(db: Database, user: RequestUser, id: number, now: Date): Promise<TGrievanceDetail> {
  const { v, row } = await load(db, user, id, now);
  const today = indianDate(now);
  const settings = await settingsOf(db, user.collegeId);
  const act = canAct(v, row);
  const mine = row.lodged_by === user.id;
  const staffView = act || (v.ombudsperson && row.appeal_status !== null);
  const [comments, files, revealer] = await Promise.all([
    repo.comments(db, user.collegeId, id, staffView),
    repo.attachments(db, user.collegeId, id),
    row.identity_revealed_by ? repo.userName(db, user.collegeId, row.identity_revealed_by) : Promise.resolve(undefined),
  ]);
  const openUntil = appealOpenUntil(row, settings.appealDays);
  return {
    ...summary(v, row, today),
    description: row.description,
    decision: row.decision,
    decidedAt: row.decided_at,
    appealReason: row.appeal_reason,
    appealedAt: row.appealed_at,
    appealDueOn: row.appeal_due_on,
    appealDecision: row.appeal_decision,
    appealDecidedAt: row.appeal_decided_at,
    appealOpenUntil: openUntil,
    identityRevealedAt: row.anonymous && staffView ? row.identity_revealed_at : null,
    identityRevealedBy: row.anonymous && staffView ? (revealer?.full_name ?? null) : null,
    comments: comments.map((c) => ({
      id: c.id,
      author: c.author_name,
      internal: c.internal === 1,
      body: c.body,
      createdAt: c.created_at,
    })),
    attachments: files.map((f) => ({ id: f.id, fileName: f.file_name, mime: f.mime, size: f.size })),
    can: {
      act,
      comment: mine || act || (v.ombudsperson && row.appeal_status !== null),
      internalNotes: act,
      appeal: mine && DECIDED.includes(row.status) && row.appeal_status === null && openUntil !== null && today <= openUntil,
      decideAppeal: v.ombudsperson && row.appeal_status === 'pending',
      reveal:
        row.anonymous === 1 &&
        row.committee_id !== null &&
        v.seats.get(row.committee_id) === 'chair' &&
        row.lodged_by !== user.id,
      attach: mine && row.status === 'submitted' && files.length < GRIEVANCE_MAX_ATTACHMENTS,
    },
    nextStatuses: act ? [...GRIEVANCE_TRANSITIONS[row.status as TGrievanceStatus]] : [],
  };
}

const statusLabel = (s: string) => GRIEVANCE_STATUS_LABELS[s as TGrievanceStatus]?.toLowerCase() ?? s;

export async function changeStatus(db: Database, user: RequestUser, id: number, input: TGrievanceStatusChange, now: Date) {
  const { v, row } = await load(db, user, id, now);
  if (!canAct(v, row))
    throw forbidden(
      row.lodged_by === user.id
        ? 'You cannot decide your own grievance'
        : 'Only the grievance incharge or the committee can change the status',
    );
  const allowed = GRIEVANCE_TRANSITIONS[row.status as TGrievanceStatus] ?? [];
  if (!allowed.includes(input.status))
    throw badRequest(GRIEVANCE_MSG.badTransition(statusLabel(row.status), statusLabel(input.status)));
  const stamp = now.toISOString();
  const decided = DECIDED.includes(input.status);
  const author = (await repo.userName(db, user.collegeId, user.id))?.full_name ?? user.username;
  await db.transaction().execute(async (trx) => {
    const moved = await repo.moveStatus(trx, user.collegeId, id, row.status, {
      status: input.status,
      updated_at: stamp,
      ...(decided ? { decision: input.reason, decided_at: stamp, decided_by: user.id } : {}),
    });
    if (!moved) throw conflict('Someone else changed this grievance a moment ago; reload it');
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'grievance.status',
      entity: 'grievance',
      entityId: id,
      before: { status: row.status },
      after: { status: input.status, reason: input.reason },
    });
    const note = `Status: ${GRIEVANCE_STATUS_LABELS[input.status]}${input.reason ? `. ${input.reason}` : ''}`;
    await repo.insertComment(trx, {
      college_id: user.collegeId,
      grievance_id: id,
      author_id: user.id,
      author_name: author,
      internal: 0,
      body: note,
      created_at: stamp,
    });
    await notifyLater(trx, {
      collegeId: user.collegeId,
      kind: 'grievance-status',
      ref: `grievance:${id}:${input.status}:${stamp}`,
      subject: `Grievance ${row.number}: ${GRIEVANCE_STATUS_LABELS[input.status]}`,
      body: `Your grievance “${row.subject}” is now ${GRIEVANCE_STATUS_LABELS[input.status].toLowerCase()}.${input.reason ? ` ${input.reason}` : ''}`,
      link: `/app/grievance-redressal/${id}`,
      to: [{ userId: row.lodged_by }],
      ...(row.anonymous ? { confidential: confidentialRef(id) } : {}),
    });
  });
  return detail(db, user, id, now);
}

export async function comment(db: Database, user: RequestUser, id: number, input: TGrievanceComment, now: Date) {
  const { v, row } = await load(db, user, id, now);
  const mine = row.lodged_by === user.id;
  const act = canAct(v, row);
  if (!mine && !act && !(v.ombudsperson && row.appeal_status !== null)) throw forbidden('You cannot comment on this grievance');
  if (input.internal && !act) throw forbidden('Only the committee can add internal notes');
  const name =
    mine && row.anonymous ? 'Complainant' : ((await repo.userName(db, user.collegeId, user.id))?.full_name ?? user.username);
  await repo.insertComment(db, {
    college_id: user.collegeId,
    grievance_id: id,
    author_id: user.id,
    author_name: name,
    internal: input.internal ? 1 : 0,
    body: input.body,
    created_at: now.toISOString(),
  });
  return detail(db, user, id, now);
}

export async function appeal(db: Database, user: RequestUser, id: number, reason: string, now: Date) {
  const { row } = await load(db, user, id, now);
  if (row.lodged_by !== user.id) throw forbidden(GRIEVANCE_MSG.notYours);
  if (!DECIDED.includes(row.status)) throw badRequest(GRIEVANCE_MSG.notDecided);
  if (row.appeal_status !== null) throw conflict(GRIEVANCE_MSG.alreadyAppealed);
  const settings = await settingsOf(db, user.collegeId);
  const today = indianDate(now);
  const until = appealOpenUntil(row, settings.appealDays);
  if (!until || today > until) throw badRequest(GRIEVANCE_MSG.appealClosed(settings.appealDays));
  const done = await repo.update(
    db,
    user.collegeId,
    id,
    {
      appeal_status: 'pending',
      appeal_reason: reason,
      appealed_at: now.toISOString(),
      appeal_due_on: addDays(today, settings.ombudspersonDays),
      updated_at: now.toISOString(),
    },
    { appealStatus: null },
  );
  if (!done) throw conflict(GRIEVANCE_MSG.alreadyAppealed);
  return detail(db, user, id, now);
}

export async function decideAppeal(db: Database, user: RequestUser, id: number, input: TGrievanceAppealDecision, now: Date) {
  const { row } = await load(db, user, id, now);
  if (!user.roles.includes(ROLES.OMBUDSPERSON)) throw forbidden('Only the ombudsperson decides appeals');
  if (row.appeal_status !== 'pending') throw badRequest(GRIEVANCE_MSG.noAppeal);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const done = await repo.update(
      trx,
      user.collegeId,
      id,
      {
        appeal_status: input.outcome,
        appeal_decision: input.decision,
        appeal_decided_at: stamp,
        appeal_decided_by: user.id,
        updated_at: stamp,
      },
      { appealStatus: 'pending' },
    );
    if (!done) throw badRequest(GRIEVANCE_MSG.noAppeal);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'grievance.appeal_decision',
      entity: 'grievance',
      entityId: id,
      before: { appealStatus: 'pending' },
      after: { appealStatus: input.outcome, decision: input.decision },
    });
  });
  return detail(db, user, id, now);
}

/** The committee chair learns who lodged an anonymous grievance; the reveal is recorded (who, when). */
export async function reveal(db: Database, user: RequestUser, id: number, now: Date) {
  const { v, row } = await load(db, user, id, now);
  if (!row.anonymous) throw badRequest(GRIEVANCE_MSG.notAnonymous);
  if (row.committee_id === null || v.seats.get(row.committee_id) !== 'chair') throw forbidden(GRIEVANCE_MSG.onlyChair);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.update(trx, user.collegeId, id, { identity_revealed_at: stamp, identity_revealed_by: user.id, updated_at: stamp });
    // Who learnt the identity and when: the audit log keeps every reveal, the row the latest.
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'grievance.reveal',
      entity: 'grievance',
      entityId: id,
    });
  });
  return { complainant: row.complainant_name, username: row.complainant_username, revealedAt: stamp };
}

export async function addAttachments(
  db: Database,
  college: RequestCollege,
  user: RequestUser,
  id: number,
  files: UploadedFile[],
  storage: FileStorage,
  now: Date,
) {
  const { row } = await load(db, user, id, now);
  if (row.lodged_by !== user.id) throw forbidden(GRIEVANCE_MSG.notYours);
  if (row.status !== 'submitted') throw badRequest(GRIEVANCE_MSG.attachLocked);
  if (!files.length) throw badRequest(GRIEVANCE_MSG.fileType);
  const existing = await repo.attachments(db, college.id, id);
  const typed = checkedFiles(files, existing.length);
  const stored: string[] = [];
  try {
    await db.transaction().execute((trx) => attach(trx, college, row, typed, storage, now, stored));
  } catch (e) {
    await removeUploads(storage, stored);
    throw e;
  }
  return detail(db, user, id, now);
}

export async function attachmentFile(
  db: Database,
  user: RequestUser,
  id: number,
  attachmentId: number,
  storage: FileStorage,
  now: Date,
) {
  await load(db, user, id, now);
  const file = (await repo.attachments(db, user.collegeId, id)).find((a) => a.id === attachmentId);
  if (!file) throw notFound('Attachment not found');
  const data = await openUpload(storage, file.path);
  if (!data) throw notFound('Attachment not found');
  return { data, mime: file.mime, fileName: file.file_name };
}

/** Read-only input for IQAC's NAAC figures (5.1.x grievance redressal): grievances without identities. */
export const naacInputs = (db: Database, collegeId: number) => repo.naacGrievances(db, collegeId);
