import { z } from 'zod';
import { INSTITUTE_TYPES } from './auth-schemas.js';
import { MSG } from './messages.js';
import { REGISTRATION_MODULES, roleFromRegistrationLabel } from './roles.js';
import { ZNewUsername } from './usernames.js';

/** Labels whose role needs a department (spec section 4, Registration form). */
export const ROLES_WITH_DEPARTMENT = ['Faculty', 'Hod'];
export const needsDepartment = (roleLabel: string) =>
  ROLES_WITH_DEPARTMENT.some((l) => l.toLowerCase() === roleLabel.trim().toLowerCase());

export const REGISTRATION_MSG = {
  selectRole: 'Please select a Role',
  selectDepartment: 'Please select Department',
  enterAffiliatedTo: 'Please enter Affiliated To / University',
  selectModule: 'Please select a Module',
  selfRegistrationClosed: 'Self-registration is closed for this college',
  notPending: 'This registration is no longer pending',
} as const;

/**
 * The form as the user fills it (plain password, module list); the page encrypts the password
 * and joins the modules to build the ZRegistration payload the API checks again.
 */
export const ZRegistrationForm = z
  .object({
    fullName: z.string().trim().min(1, 'Please enter Full Name').max(120),
    username: ZNewUsername,
    email: z.string().trim().max(160).email(MSG.validEmailId),
    password: z.string().min(6, MSG.passwordMin6).max(200),
    eamcetCode: z.string().trim().min(1, 'Please enter Eamcet Code of the College').max(40),
    collegeName: z.string().trim().min(1, 'Please enter Name of the College').max(200),
    instituteType: z.union([z.enum(INSTITUTE_TYPES), z.literal('')]).refine((v) => v !== '', 'Please select InstituteType'),
    affiliatedTo: z.string().trim().max(200),
    role: z.string().refine((v) => Boolean(roleFromRegistrationLabel(v)), REGISTRATION_MSG.selectRole),
    department: z.string().trim().max(60),
    promotions: z.boolean(),
    modules: z.array(z.enum(REGISTRATION_MODULES)).min(1, REGISTRATION_MSG.selectModule),
  })
  .superRefine((v, ctx) => {
    if (v.instituteType === 'affiliated' && !v.affiliatedTo) {
      ctx.addIssue({ code: 'custom', path: ['affiliatedTo'], message: REGISTRATION_MSG.enterAffiliatedTo });
    }
    if (needsDepartment(v.role) && !v.department) {
      ctx.addIssue({ code: 'custom', path: ['department'], message: REGISTRATION_MSG.selectDepartment });
    }
  });
export type TRegistrationForm = z.infer<typeof ZRegistrationForm>;

/** One row of the admin's pending-registrations screen. */
export const ZPendingRegistration = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  department: z.string(),
  instituteType: z.string(),
  eamcetCode: z.string(),
  collegeName: z.string(),
  affiliatedTo: z.string(),
  modules: z.string(),
  createdAt: z.string(),
});
export type TPendingRegistration = z.infer<typeof ZPendingRegistration>;
