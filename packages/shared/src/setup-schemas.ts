import { z } from 'zod';
import { STRONG_PASSWORD } from './auth-schemas.js';

export const SETUP_MSG = {
  required: 'This portal has not been set up yet: open /setup to create the college and its first admin.',
  done: 'This portal is already set up. Sign in as its admin.',
  badToken: 'The setup token is not right. It is printed in the server log at start-up (or set SETUP_TOKEN).',
  nameRequired: 'Please enter the college name',
  codeInvalid: 'The college code is 2 to 20 letters or digits (e.g. SVEC)',
  hostInvalid: 'Each host name is like erp.college.edu (letters, digits, dots and hyphens)',
  emailInvalid: 'Please enter a valid email address',
  usernameInvalid: 'The admin username is 3 to 60 letters, digits, dots, hyphens or underscores',
  passwordWeak: 'The password needs 8 or more characters with a digit, a lower-case and an upper-case letter and one of !@#$%^&*',
} as const;

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ZSetup = z.object({
  token: z.string().trim().min(1, SETUP_MSG.badToken).max(200),
  college: z.object({
    name: z.string().trim().min(3, SETUP_MSG.nameRequired).max(200),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{2,20}$/, SETUP_MSG.codeInvalid)
      .transform((v) => v.toUpperCase()),
    hosts: z.array(z.string().trim().toLowerCase().regex(HOST, SETUP_MSG.hostInvalid)).max(10).default([]),
    address: z.string().trim().max(500).default(''),
    phone: z.string().trim().max(40).default(''),
    email: z.string().trim().email(SETUP_MSG.emailInvalid).max(160),
  }),
  admin: z.object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,60}$/, SETUP_MSG.usernameInvalid),
    fullName: z.string().trim().max(120).default('Administrator'),
    email: z.string().trim().email(SETUP_MSG.emailInvalid).max(160),
    password: z.string().regex(STRONG_PASSWORD, SETUP_MSG.passwordWeak).max(200),
  }),
});
export type TSetup = z.input<typeof ZSetup>;

export const ZSetupStatus = z.object({ required: z.boolean() });
export const ZSetupDone = z.object({ college: z.object({ code: z.string(), name: z.string() }), admin: z.string() });
