import { z } from 'zod';
import { MSG } from './messages.js';
import { ZNewUsername, normaliseUsername } from './usernames.js';

/** Sign-in body (spec section 3, "Other payloads"). */
export const ZSignIn = z.object({
  // Compared in its normalised form, the form sign-up stores.
  username: z.string().overwrite(normaliseUsername).min(1, 'Username is required').max(120),
  password: z.string().min(1, 'Password is required').max(200),
  module: z.string().max(60).optional(),
  domain: z.string().max(500).optional(),
});
export type TSignIn = z.infer<typeof ZSignIn>;

/** Sign-in answer (api-contract.md), plus whether the password must be changed first. */
export const ZSignInResponse = z.object({
  username: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  token: z.string(),
  program: z.string(),
  instituteType: z.string(),
  collegeId: z.number().int(),
  fullName: z.string(),
  mustChangePassword: z.boolean(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/** resetUserPasswords: status 1 on success, 0 with the reason. */
export const ZChangePasswordResponse = z.object({ status: z.union([z.literal(0), z.literal(1)]), message: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** Change-password rule (spec section 5): 8+ chars, digit, lower, upper and one of !@#$%^&*. */
export const STRONG_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*]).{8,}$/;

export const ZChangePassword = z
  .object({
    username: z.string().trim().min(1, MSG.requiredField).max(120),
    oldpassword: z.string().min(1, MSG.requiredField).max(200),
    newPassword: z.string().min(1, MSG.requiredField).max(200).regex(STRONG_PASSWORD, MSG.fillAsPerInstructions),
  })
  .refine((v) => v.oldpassword !== v.newPassword, { message: MSG.newSameAsOld, path: ['newPassword'] });
export type TChangePassword = z.infer<typeof ZChangePassword>;
/** The body as resetUserPasswords' route documents it: the handler checks it (the legacy 400 answer). */
export const ZChangePasswordRouteBody = ZChangePassword.describe(
  'checked by the handler: a bad body answers 400 { status: 0, message, errors }',
);

export const INSTITUTE_TYPES = [
  'affiliated',
  'autonomous',
  'university',
  'dental',
  'engineering',
  'management',
  'overall',
  'pharmacy',
] as const;

/** Registration payload (spec section 3). The password arrives encrypted with the shared cipher. */
export const ZRegistration = z.object({
  username: ZNewUsername,
  email: z.string().trim().max(160).email(MSG.validEmailId),
  password: z.string().min(6, MSG.passwordMin6).max(400),
  role: z.array(z.string().trim().min(1).max(60)).length(1, 'Please select a Role'),
  instituteType: z.enum(INSTITUTE_TYPES, { message: 'Please select InstituteType' }),
  eamcetCode: z.string().trim().min(1, 'Please enter Eamcet Code of the College').max(40),
  collegeName: z.string().trim().min(1, 'Please enter Name of the College').max(200),
  affiliatedTo: z.string().trim().max(200).optional().default(''),
  fullName: z.string().trim().min(1, 'Please enter Full Name').max(120),
  department: z.string().trim().max(60).optional().default(''),
  signInType: z.string().max(40).optional().default(''),
  module: z.string().trim().max(200).optional().default(''),
});
export type TRegistration = z.infer<typeof ZRegistration>;
