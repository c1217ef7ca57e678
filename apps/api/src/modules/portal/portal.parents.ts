import crypto from 'node:crypto';
import { PORTAL_MSG, ROLES, type TParentLinkCreate, type TParentLinkCreated, type TParentRegisterStarted, type TParentVerify } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { assertMayManage } from '../../lib/account-authority.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound, AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { normalData } from '../admissions/index.js';
import { createUserWithRoles } from '../auth/index.js';
import { queueMail } from '../notifications/index.js';
import * as repo from './portal.repo.js';
import { linkView } from './portal.service.js';

export const CODE_MINUTES = 15;
export const CODE_ATTEMPTS = 5;
export const CODES_PER_HOUR = 3;

type Relation = TParentLinkCreate['relation'];

/** A parent login: no programme, department or linked record of its own; the parent role only. */
function insertParentUser(
  trx: Database,
  row: { collegeId: number; username: string; email: string; fullName: string; passwordHash: string; mustChange: boolean; now: string },
) {
  return createUserWithRoles(
    trx,
    {
      college_id: row.collegeId,
      username: row.username,
      email: row.email,
      password_hash: row.passwordHash,
      full_name: row.fullName,
      program: '',
      institute_type: '',
      eamcet_code: '',
      college_name: '',
      affiliated_to: '',
      modules: '',
      emp_code: null,
      status: 'active',
      must_change_password: row.mustChange ? 1 : 0,
      student_id: null,
      faculty_id: null,
      created_at: row.now,
    },
    [ROLES.PARENT],
  );
}

/** The parent's name, email and phone as the admission record keeps them. */
async function contactOnRecord(db: Database, collegeId: number, rollNo: string, relation: Relation) {
  let data: Record<string, unknown>;
  try {
    data = (await normalData(db, collegeId, rollNo)) as Record<string, unknown>;
  } catch {
    return null;
  }
  const s = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const email = (relation === 'mother' ? s('parentEmail') || s('fatherEmailId') : s('fatherEmailId') || s('parentEmail')).toLowerCase();
  const phone = relation === 'mother' ? s('motherContactNo') || s('fatherContactNo') : s('fatherContactNo') || s('motherContactNo');
  const name = (relation === 'mother' ? s('mothersName') : s('fathersName')) || `Parent of ${s('name') || rollNo}`;
  return { email, phone, name };
}

/** a***@example.org: enough for the parent to know where to look, not enough to harvest. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 1)}${'*'.repeat(Math.max(2, user.length - 1))}@${domain}`;
}

function temporaryPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#$%&*'];
  const all = sets.join('');
  const chars = sets.map((set) => set[crypto.randomInt(set.length)]);
  while (chars.length < 12) chars.push(all[crypto.randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** An existing login under that name may take the link only if it is a parent's. */
async function parentLogin(db: Database, collegeId: number, username: string) {
  const user = await repo.userByUsername(db, collegeId, username);
  if (!user) return null;
  if (!(await repo.rolesOf(db, user.id)).includes(ROLES.PARENT)) throw conflict(PORTAL_MSG.usernameTaken);
  return user;
}

/**
 * The office links a parent to a student: the parent login is the admission record's parent email
 * (or, without one, the phone number), made with a one-time password shown once, or an existing
 * parent login with that name (a second child of the same family).
 */
export async function createLink(db: Database, staff: RequestUser, body: TParentLinkCreate): Promise<TParentLinkCreated> {
  const collegeId = staff.collegeId;
  const student = await repo.studentByRoll(db, collegeId, body.rollNo.toUpperCase());
  if (!student) throw notFound(PORTAL_MSG.studentNotFound);
  const contact = await contactOnRecord(db, collegeId, student.roll_no, body.relation);
  const username = contact?.email || contact?.phone;
  if (!contact || !username) throw badRequest(PORTAL_MSG.noParentEmail);
  const existing = await parentLogin(db, collegeId, username);
  if (!existing) assertMayManage(staff, { username, roles: [ROLES.PARENT] }, 'create the parent login');
  const password = existing ? null : temporaryPassword();
  const passwordHash = password ? await hashPassword(password) : '';
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const parentId =
      existing?.id ??
      (await insertParentUser(trx, { collegeId, username, email: contact.email, fullName: contact.name, passwordHash, mustChange: true, now }));
    if (await repo.linkExists(trx, collegeId, parentId, student.id)) throw conflict(PORTAL_MSG.alreadyLinked);
    const linkId = await repo.insertLink(trx, {
      college_id: collegeId,
      parent_user_id: parentId,
      student_id: student.id,
      relation: body.relation,
      via: 'office',
      created_by: staff.id,
      created_at: now,
    });
    await audit(trx, {
      collegeId,
      actor: staff,
      action: 'parent.link',
      entity: 'parent_link',
      entityId: linkId,
      after: { parent: username, rollNo: student.roll_no, relation: body.relation, newLogin: !existing },
    });
    return linkId;
  });
  const link = linkView((await repo.linkById(db, collegeId, id))!);
  return {
    link,
    temporaryPassword: password,
    message: password
      ? `Parent login ${username} created. Give the parent this one-time password; it must be changed at first sign-in.`
      : `Linked to the existing parent login ${username}.`,
  };
}

export async function linkPage(db: Database, collegeId: number, q: { q: string; page: number; pageSize: number }) {
  const { total, rows } = await repo.linkPage(db, collegeId, q);
  return { items: rows.map(linkView), total, page: q.page, pageSize: q.pageSize };
}

export async function removeLink(db: Database, staff: RequestUser, id: number) {
  await db.transaction().execute(async (trx) => {
    const link = await repo.linkById(trx, staff.collegeId, id);
    if (!link || !(await repo.deleteLink(trx, staff.collegeId, id))) throw notFound('Link not found');
    await audit(trx, { collegeId: staff.collegeId, actor: staff, action: 'parent.unlink', entity: 'parent_link', entityId: id, before: linkView(link) });
  });
  return { ok: true as const };
}

const codeHash = (requestId: string, code: string) => crypto.createHash('sha256').update(`${requestId}:${code}`).digest('hex');

/**
 * Self-registration, step 1: the roll number; a 6-digit code goes to the parent email on the
 * admission record (never to an address the caller gives). Unknown roll numbers and records
 * without a parent email get the same answer, so the call tells nobody who studies here.
 */
export async function startRegistration(db: Database, college: RequestCollege, rollNo: string): Promise<TParentRegisterStarted> {
  const student = await repo.studentByRoll(db, college.id, rollNo.trim().toUpperCase());
  const contact = student ? await contactOnRecord(db, college.id, student.roll_no, 'father') : null;
  if (!student || !contact?.email) throw badRequest(PORTAL_MSG.noParentContact);
  const since = new Date(Date.now() - 3_600_000).toISOString();
  if ((await repo.codesSince(db, college.id, student.id, since)) >= CODES_PER_HOUR) throw new AppError(429, PORTAL_MSG.tooManyCodes);
  const requestId = crypto.randomBytes(18).toString('base64url');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await repo.insertCode(trx, {
      college_id: college.id,
      request_id: requestId,
      student_id: student.id,
      contact: contact.email,
      relation: 'father',
      code_hash: codeHash(requestId, code),
      expires_at: new Date(now.getTime() + CODE_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    });
    await queueMail(trx, {
      collegeId: college.id,
      kind: 'parent-code',
      to: contact.email,
      subject: `${college.name}: your parent portal code`,
      body:
        `Your code to register for the parent portal of ${student.full_name} (${student.roll_no}) is ${code}.\n` +
        `It is valid for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    });
  });
  return {
    requestId,
    sentTo: maskEmail(contact.email),
    expiresInMinutes: CODE_MINUTES,
    message: `We sent a 6-digit code to ${maskEmail(contact.email)}.`,
  };
}

/** Step 2: the code (hashed, expiring, five tries), then the parent login and the link. */
export async function verifyRegistration(db: Database, college: RequestCollege, body: TParentVerify) {
  const row = await repo.codeByRequest(db, college.id, body.requestId);
  if (!row || row.used_at || row.expires_at < new Date().toISOString()) throw badRequest(PORTAL_MSG.codeInvalid);
  if (!(await repo.countAttempt(db, college.id, row.id, CODE_ATTEMPTS))) throw new AppError(429, PORTAL_MSG.codeTooManyAttempts);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(body.requestId, body.code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    throw row.attempts + 1 >= CODE_ATTEMPTS ? new AppError(429, PORTAL_MSG.codeTooManyAttempts) : badRequest(PORTAL_MSG.codeInvalid);
  }
  const student = await repo.studentById(db, college.id, row.student_id);
  if (!student) throw badRequest(PORTAL_MSG.codeInvalid);
  const username = row.contact;
  const existing = await parentLogin(db, college.id, username);
  const passwordHash = existing ? '' : await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.useCode(trx, college.id, row.id, nowIso()))) throw badRequest(PORTAL_MSG.codeInvalid);
    const now = nowIso();
    const parentId =
      existing?.id ??
      (await insertParentUser(trx, { collegeId: college.id, username, email: username, fullName: body.fullName, passwordHash, mustChange: false, now }));
    if (!(await repo.linkExists(trx, college.id, parentId, student.id)))
      await repo.insertLink(trx, { college_id: college.id, parent_user_id: parentId, student_id: student.id, relation: row.relation, via: 'self', created_by: null, created_at: now });
  });
  return {
    username,
    rollNo: student.roll_no,
    message: existing
      ? `${student.full_name} is now linked to your parent login ${username}. Sign in with your existing password.`
      : `Your parent login is ${username}. Sign in with the password you chose.`,
  };
}
