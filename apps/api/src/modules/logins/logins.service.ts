import crypto from 'node:crypto';
import {
  CREDENTIALS_TTL_HOURS,
  LOGINS_MSG,
  MSG,
  ROLES,
  ZCreateFacultyLoginsQuery,
  type TCreateLoginsResponse,
  type TResetPasswordResponse,
  type TCredentialsBatch,
  type TFacultyLoginId,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { NewUser } from '../../db/tables.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { assertMayManage } from '../../lib/account-authority.js';
import { audit, auditMany } from '../../lib/audit.js';
import { hashPassword } from '../../lib/passwords.js';
import { forgetTokenVersion } from '../../lib/token-versions.js';
import { createUsersWithRoles } from '../auth/index.js';
import { hashAll, randomPassword } from './logins.passwords.js';
import * as repo from './logins.repo.js';
import { credentialsWorkbook, type CredentialRow } from './logins.sheet.js';

const TTL_MS = CREDENTIALS_TTL_HOURS * 60 * 60 * 1000;
const expiresAt = (createdAt: string) => new Date(new Date(createdAt).getTime() + TTL_MS).toISOString();

// One run per college at a time: a second click while hashing would race for the same usernames.
const running = new Set<number>();

interface Candidate {
  user: Omit<NewUser, 'password_hash' | 'created_at'>;
  row: Omit<CredentialRow, 'password'>;
}

/** Who asks, and from where: the audit row's who. */
export interface Caller {
  user: RequestUser;
  ip: string;
}

async function createLogins(
  db: Database,
  college: RequestCollege,
  { user: caller, ip }: Caller,
  kind: 'student' | 'faculty',
  candidates: () => Promise<Candidate[]>,
  messages: { none: string; created: (n: number) => string },
): Promise<TCreateLoginsResponse> {
  const role = kind === 'student' ? ROLES.STUDENT : ROLES.FACULTY;
  assertMayManage(caller, { username: kind, roles: [role] }, 'create logins for');
  if (running.has(college.id)) throw conflict(LOGINS_MSG.busy, { success: 'false', msg: LOGINS_MSG.busy });
  running.add(college.id);
  try {
    const list = await candidates();
    if (list.length === 0) return { success: 'true', msg: messages.none, created: 0 };
    const passwords = list.map(() => randomPassword());
    const hashes = await hashAll(passwords);
    const now = nowIso();
    const batchId = crypto.randomBytes(24).toString('base64url');
    const rows: CredentialRow[] = list.map((c, i) => ({ ...c.row, password: passwords[i] }));
    await repo.wipeExpired(db, new Date(Date.now() - TTL_MS).toISOString());
    await db.transaction().execute(async (trx) => {
      const users = list.map((c, i) => ({ ...c.user, password_hash: hashes[i], created_at: now }));
      const created = await createUsersWithRoles(trx, users, [role]);
      await repo.insertBatch(trx, {
        id: batchId,
        college_id: college.id,
        created_by: caller.id,
        kind,
        count: list.length,
        sheet_json: JSON.stringify(rows),
        downloaded_at: null,
        created_at: now,
      });
      // One row per login, naming it; the passwords stay in the one-time sheet only.
      await auditMany(
        trx,
        created.map((u) => ({
          collegeId: college.id,
          actor: caller,
          ip,
          action: 'login.create',
          entity: 'user',
          entityId: u.id,
          after: { username: u.username, roles: [role], mustChangePassword: true },
        })),
      );
    });
    return { success: 'true', msg: messages.created(list.length), created: list.length, batchId };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(LOGINS_MSG.busy, { success: 'false', msg: LOGINS_MSG.busy });
    throw e;
  } finally {
    running.delete(college.id);
  }
}

async function baseUser(db: Database, college: RequestCollege, { user: caller }: Caller) {
  const admin = await repo.userById(db, caller.id);
  return {
    college_id: college.id,
    institute_type: admin?.institute_type ?? '',
    eamcet_code: admin?.eamcet_code || college.code,
    college_name: admin?.college_name || college.name,
    affiliated_to: '',
    modules: 'erp',
    status: 'active',
    must_change_password: 1,
  };
}

/** createStudentLogins: username = roll number, a random password to change at first sign-in. */
export async function createStudentLogins(db: Database, college: RequestCollege, caller: Caller) {
  return createLogins(
    db,
    college,
    caller,
    'student',
    async () => {
      const base = await baseUser(db, college, caller);
      return (await repo.studentsWithoutLogin(db, college.id)).map((s) => ({
        user: {
          ...base,
          username: s.roll_no,
          email: s.email,
          full_name: s.full_name,
          program: s.branch,
          emp_code: null,
          student_id: s.id,
          faculty_id: null,
        },
        row: { id: s.roll_no, name: s.full_name, username: s.roll_no, email: s.email, group: s.branch },
      }));
    },
    { none: LOGINS_MSG.noNewStudents, created: LOGINS_MSG.studentsCreated },
  );
}

/** createFacultyLogins: username = the faculty member's email or employee code, as chosen. */
export async function createFacultyLogins(db: Database, college: RequestCollege, caller: Caller, query: unknown) {
  // The legacy answer to a bad choice: 400 { success: 'false', msg, message }.
  const parsed = ZCreateFacultyLoginsQuery.safeParse(query);
  if (!parsed.success) throw badRequest(MSG.selectEmailOrEmpCode, { success: 'false', msg: MSG.selectEmailOrEmpCode });
  const by: TFacultyLoginId = parsed.data.considerMailOrEmpcode;
  return createLogins(
    db,
    college,
    caller,
    'faculty',
    async () => {
      const base = await baseUser(db, college, caller);
      return (await repo.facultyWithoutLogin(db, college.id, by)).map((f) => {
        const username = by === 'email' ? f.email : f.emp_code;
        return {
          user: {
            ...base,
            username,
            email: f.email,
            full_name: f.full_name,
            program: f.department,
            emp_code: f.emp_code,
            student_id: null,
            faculty_id: f.id,
          },
          row: { id: f.emp_code, name: f.full_name, username, email: f.email, group: f.department },
        };
      });
    },
    { none: LOGINS_MSG.noNewFaculty, created: LOGINS_MSG.facultyCreated },
  );
}

export async function pendingCredentials(db: Database, collegeId: number): Promise<TCredentialsBatch[]> {
  const rows = await repo.pendingBatches(db, collegeId, new Date(Date.now() - TTL_MS).toISOString());
  return rows.map((r) => ({
    batchId: r.id,
    kind: r.kind as TCredentialsBatch['kind'],
    count: r.count,
    createdAt: r.created_at,
    expiresAt: expiresAt(r.created_at),
  }));
}

/** The sheet, once: the plain text is dropped as it goes out; afterwards (or once expired) 410. */
export async function downloadCredentials(db: Database, collegeId: number, batchId: string) {
  const batch = await repo.findBatch(db, collegeId, batchId);
  if (!batch) throw notFound(LOGINS_MSG.unknownBatch);
  const expired = Date.now() > new Date(expiresAt(batch.created_at)).getTime();
  if (batch.downloaded_at || expired || !batch.sheet_json) {
    if (expired) await repo.wipeExpired(db, new Date(Date.now() - TTL_MS).toISOString());
    throw new AppError(410, LOGINS_MSG.alreadyDownloaded);
  }
  const workbook = await credentialsWorkbook(batch.kind, JSON.parse(batch.sheet_json) as CredentialRow[]);
  if (!(await repo.claimBatch(db, collegeId, batchId, nowIso()))) throw new AppError(410, LOGINS_MSG.alreadyDownloaded);
  return { workbook, fileName: `${batch.kind}-logins-${batch.created_at.slice(0, 10)}.xlsx` };
}

/**
 * A forgotten password: the admin gives the user a one-time password, shown once, which must be
 * changed at the next sign-in (the same rule as new logins). Never the caller's own account, nor
 * one holding a role the caller may not manage (ROLE_RANK).
 */
export async function resetPassword(
  db: Database,
  college: RequestCollege,
  { user: caller, ip }: Caller,
  username: string,
): Promise<TResetPasswordResponse> {
  const user = await repo.userByUsername(db, college.id, username);
  if (!user) throw notFound(LOGINS_MSG.noSuchUser);
  if (user.id === caller.id) throw badRequest(LOGINS_MSG.ownAccount);
  assertMayManage(caller, { username: user.username, roles: await repo.rolesOf(db, user.id) }, 'reset the password of');
  if (user.status !== 'active') throw conflict(LOGINS_MSG.notActive);
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.setOneTimePassword(trx, college.id, user.id, passwordHash);
    await audit(trx, {
      collegeId: college.id,
      actor: caller,
      ip,
      action: 'login.password-reset',
      entity: 'user',
      entityId: user.id,
      after: { username: user.username, mustChangePassword: true },
    });
  });
  // Sessions the user (or whoever had the password) still holds end now.
  forgetTokenVersion(user.id);
  return { username: user.username, fullName: user.full_name ?? '', password, message: LOGINS_MSG.passwordReset(user.username) };
}
