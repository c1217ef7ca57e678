import {
  MSG,
  ZChangePassword,
  decryptText,
  roleFromRegistrationLabel,
  type TChangePassword,
  type TRegistration,
  type TSignIn,
  type TSignInResponse,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { forgetTokenState, forgetTokenVersion } from '../../lib/token-versions.js';
import { signToken, verifyToken } from '../../lib/tokens.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import * as repo from './auth.repo.js';
import { createUserWithRoles } from './create-users.js';

// Verifying against a real hash when the user is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));

/** The host name of the sign-in page's address (the body's `domain`), if it names one. */
export function hostOf(domain: string | undefined): string | null {
  if (!domain) return null;
  try {
    return new URL(/^[a-z]+:\/\//i.test(domain) ? domain : `http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/** Finds the college a host name is mapped to (plugins/college.ts). */
export interface CollegeFinder {
  findByDomain(host: string): Promise<RequestCollege | null>;
}

export async function signIn(
  db: Database,
  college: RequestCollege,
  input: TSignIn,
  jwtSecret: string,
  colleges?: CollegeFinder,
): Promise<TSignInResponse> {
  // The page address names the college; a user signs in only to their own college.
  const host = hostOf(input.domain);
  const named = host && colleges ? await colleges.findByDomain(host) : null;
  if (named && named.id !== college.id) throw unauthorized(MSG.wrongCredentials);
  const user = await repo.findUserByUsername(db, college.id, input.username);
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await timingDummy(), input.password), false);
  if (!user || !ok) throw unauthorized(MSG.wrongCredentials);
  if (user.status === 'pending') throw unauthorized(MSG.registrationPending);
  if (user.status !== 'active') throw unauthorized(MSG.registrationRejected);
  const roles = await repo.rolesOf(db, user.id);
  // The stored order is alphabetical; keep the user's primary role first for the landing page.
  const mustChangePassword = user.must_change_password === 1;
  const token = signToken(
    {
      sub: String(user.id),
      username: user.username,
      roles,
      collegeId: college.id,
      tokenVersion: Number(user.token_version),
      ...(mustChangePassword ? { mustChangePassword } : {}),
    },
    jwtSecret,
  );
  return {
    username: user.username,
    email: user.email,
    roles,
    token,
    program: user.program,
    instituteType: user.institute_type,
    collegeId: college.id,
    fullName: user.full_name,
    mustChangePassword,
  };
}

export async function signUp(db: Database, college: RequestCollege, input: TRegistration, cipherKey: string, open: boolean) {
  if (!open) throw forbidden('Self-registration is closed for this college');
  let plain: string;
  try {
    plain = decryptText(input.password, cipherKey);
  } catch {
    throw badRequest('The password could not be read: it must be encrypted with the portal cipher');
  }
  if (plain.length < 6) throw badRequest(MSG.passwordMin6);
  const role = roleFromRegistrationLabel(input.role[0]);
  if (!role) throw badRequest(`Unknown role "${input.role[0]}"`);
  const needsDepartment = role === 'ROLE_FACULTY' || role === 'ROLE_HOD';
  if (needsDepartment && !input.department) throw badRequest('Please select Department');
  if (input.instituteType === 'affiliated' && !input.affiliatedTo) throw badRequest('Please enter Affiliated To / University');
  const taken = await repo.usernameOrEmailTaken(db, college.id, input.username, input.email);
  if (taken.username) throw conflict('User Name already exists');
  if (taken.email) throw conflict('Email Id already exists');
  const passwordHash = await hashPassword(plain);
  await db.transaction().execute((trx) =>
    createUserWithRoles(
      trx,
      {
        college_id: college.id,
        username: input.username,
        email: input.email,
        password_hash: passwordHash,
        full_name: input.fullName,
        program: needsDepartment ? input.department : '',
        institute_type: input.instituteType,
        eamcet_code: input.eamcetCode,
        college_name: input.collegeName,
        affiliated_to: input.instituteType === 'affiliated' ? input.affiliatedTo : '',
        modules: input.module,
        status: 'pending',
        must_change_password: 0,
        emp_code: null,
        student_id: null,
        faculty_id: null,
        created_at: nowIso(),
      },
      [role],
    ),
  );
  return { message: MSG.registrationSuccess };
}

/**
 * Sign-out ends the sessions of the tokens presented (the bearer token, the session cookie) on
 * every replica: a token's id is recorded until the token lapses, and the guard refuses it. A token
 * from before tokens had ids can only be ended with the user's other sessions (its version).
 * `handles` are this app's database handles, whose memory of the user is dropped at once.
 */
export async function signOut(db: Database, handles: readonly Database[], tokens: readonly string[], jwtSecret: string) {
  for (const token of tokens) {
    const verified = verifyToken(token, jwtSecret);
    if (!verified.ok) continue;
    const userId = Number(verified.claims.sub);
    const { jti, exp } = verified.claims;
    if (jti !== undefined && exp !== undefined) {
      await repo.revokeToken(db, jti, userId, exp * 1000);
      forgetTokenState(userId, handles);
    } else {
      await repo.bumpTokenVersion(db, userId);
      forgetTokenVersion(userId);
    }
  }
  return { message: MSG.signedOut };
}

export type ChangePasswordResult = { status: 1; message: string } | { status: 0; message: string };

/** The department names (getProgram). */
export const departmentNames = (db: Database, collegeId: number) => repo.departmentNames(db, collegeId);

/** resetUserPasswords; a body that breaks the rules answers 400 `{ status: 0, message, errors }` as the legacy call did. */
export async function changePassword(db: Database, caller: RequestUser, body: unknown): Promise<ChangePasswordResult> {
  const parsed = ZChangePassword.safeParse(body);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(errors[0].message, { status: 0, errors });
  }
  const input: TChangePassword = parsed.data;
  if (input.username !== caller.username) throw forbidden(MSG.noPermission);
  const user = await repo.findUserByUsername(db, caller.collegeId, caller.username);
  if (!user || !(await verifyPassword(user.password_hash, input.oldpassword))) {
    return { status: 0, message: 'Old password is incorrect' };
  }
  await repo.updatePassword(db, user.id, await hashPassword(input.newPassword));
  // Every session of the account ends, this one included: the web app signs in again.
  forgetTokenVersion(user.id);
  return { status: 1, message: MSG.passwordUpdated };
}
