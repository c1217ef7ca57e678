import { z } from 'zod';
import { MSG } from './messages.js';
import { normaliseUsername } from './usernames.js';

/** Login creation targets and the faculty identifier choice (spec section 9). */
export const LOGIN_TARGETS = ['student', 'faculty'] as const;
export type TLoginTarget = (typeof LOGIN_TARGETS)[number];
export const FACULTY_LOGIN_IDS = ['email', 'empcode'] as const;
export type TFacultyLoginId = (typeof FACULTY_LOGIN_IDS)[number];

export const ZCreateFacultyLoginsQuery = z.object({
  considerMailOrEmpcode: z.enum(FACULTY_LOGIN_IDS, { message: MSG.selectEmailOrEmpCode }),
});
/** The query as createFacultyLogins' route documents it: the handler checks it (the legacy 400 answer). */
export const ZCreateFacultyLoginsRouteQuery = ZCreateFacultyLoginsQuery.describe(
  'checked by the handler: a bad value answers 400 { success: "false", msg, message }',
);

/** createStudentLogins / createFacultyLogins answer; the extra fields point at the one-time sheet. */
export const ZCreateLoginsResponse = z.object({
  success: z.enum(['true', 'false']),
  msg: z.string(),
  created: z.number().int().optional(),
  batchId: z.string().optional(),
});
export type TCreateLoginsResponse = z.infer<typeof ZCreateLoginsResponse>;

/** A not-yet-downloaded credentials sheet. */
export const ZCredentialsBatch = z.object({
  batchId: z.string(),
  kind: z.enum(LOGIN_TARGETS),
  count: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TCredentialsBatch = z.infer<typeof ZCredentialsBatch>;

/** The plain-text sheet lives only until it is downloaded, or this long. */
export const CREDENTIALS_TTL_HOURS = 24;

export const LOGINS_MSG = {
  noNewStudents: 'No new student logins: every student already has one.',
  noNewFaculty: 'No new faculty logins: every faculty member already has one.',
  studentsCreated: (n: number) =>
    `Created ${n} student login${n === 1 ? '' : 's'}. Download the credentials now: the sheet can be downloaded only once.`,
  facultyCreated: (n: number) =>
    `Created ${n} faculty login${n === 1 ? '' : 's'}. Download the credentials now: the sheet can be downloaded only once.`,
  busy: 'Logins are already being created for this college. Please try again in a moment.',
  alreadyDownloaded: 'These credentials were already downloaded or have expired.',
  unknownBatch: 'No such credentials sheet',
  enterUsername: 'Please enter the username',
  noSuchUser: 'No account with this username in this college',
  ownAccount: 'To change your own password, use Change Password.',
  notActive: 'This account is not active: approve its registration first.',
  oneTimePasswordHint: 'Give them this one-time password: they must change it when they sign in.',
  passwordReset: (username: string) => `The password of ${username} was reset.`,
} as const;

/** An admin resets a user's forgotten password to a one-time password (not in the legacy portal). */
export const ZResetPasswordBody = z.object({
  username: z
    .string({ message: LOGINS_MSG.enterUsername })
    .overwrite(normaliseUsername)
    .min(1, LOGINS_MSG.enterUsername)
    .max(120),
});
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZResetPasswordResponse = z.object({
  username: z.string(),
  fullName: z.string(),
  password: z.string(),
  message: z.string(),
});
export type TResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;
