import { z } from 'zod';
import { MSG } from '@erp/shared';

/** The template forms' rules: 'Required', 'Invalid email', 'Passwords dont match'. */
const required = z.string().trim().min(1, MSG.required);
const email = required.pipe(z.string().email(MSG.invalidEmail));

/** Sign-in accepts an e-mail or a user name; anything with '@' must be a valid e-mail. */
export const ZTemplateSignIn = z.object({
  email: required.refine((v) => !v.includes('@') || z.string().email().safeParse(v).success, MSG.invalidEmail),
  password: z.string().min(1, MSG.required),
  remember: z.boolean(),
});

export const ZTemplateRegister = z
  .object({
    username: required,
    email,
    password: z.string().min(1, MSG.required),
    confirmPassword: z.string().min(1, MSG.required),
    terms: z.boolean().refine((v) => v, MSG.required),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

export const ZTemplateReset = z.object({ email });
