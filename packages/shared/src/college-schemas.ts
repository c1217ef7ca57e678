import { z } from 'zod';
import { textResponse } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** getLogoDataForHeaders: the college's logo and banner images in base64. */
export const ZLogoData = z.object({ Logo: z.string(), Banner: z.string() });
export type TLogoData = z.infer<typeof ZLogoData>;

/** getContactData (the client uses the last item). */
export const ZContactData = z.array(
  z.object({
    collegeName: z.string(),
    postalAddress: z.string(),
    officialCommunication: z.string(),
    campus: z.string(),
    phoneNumber: z.array(z.object({ number: z.string() })),
    faxNumber: z.string(),
    candidateDetails: z.array(z.object({ designation: z.string(), name: z.string(), mailId: z.string() })),
    aboutUs: z.string(),
  }),
);
export type TContactData = z.infer<typeof ZContactData>;

/** getCollegeName answers text. */
export const ZCollegeCode = textResponse('the college code, e.g. SRK');

export const CIPHER_TYPE_MSG = 'type must be decrypt or encrypt';
/** getDecryptedValue; a repeated parameter arrives as a list: refused in the contract's way, a text 400. */
export const ZCipherQuery = z.object({
  content: z
    .string({ message: 'Send one value to decrypt or encrypt' })
    .max(4000, 'The value is too long: at most 4,000 characters')
    .optional(),
  type: z.string({ message: CIPHER_TYPE_MSG }).max(20, CIPHER_TYPE_MSG).optional(),
});
/** getDecryptedValue answers text, errors included. */
export const ZCipherResult = textResponse('the decrypted or encrypted value');

/** GET /api/config: what the web app needs before anyone signs in. */
export const ZAppConfig = z.object({
  collegeCode: z.string(),
  collegeName: z.string(),
  selfRegistrationOpen: z.boolean(),
  cipherKey: z.string().describe('the registration form cipher key (public by design)'),
  paymentGateway: z.enum(['demo', 'lyra']),
  links: z.object({ exams: z.string(), obe: z.string(), results: z.string() }),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/**
 * GET /api/dashboard/summary: the college's counts for the role dashboards, only those the
 * caller's roles may see (summaryFiguresFor): a figure the role may not see is left out.
 */
export const ZDashboardSummary = z.object({
  students: z.number().int().optional(),
  departments: z.number().int().optional(),
  faculty: z.number().int().optional(),
  admissions: z.number().int().optional(),
  examTitles: z.number().int().optional(),
  payments: z.number().int().optional(),
  paymentsTotal: z.number().int().optional(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/** GET /api/health */
export const ZHealth = z.object({ status: z.literal('ok') });
/** GET /api/ready (503 `{ status: 'unavailable', message }` when the database is not reachable) */
export const ZReady = z.object({ status: z.literal('ready') });

export type SummaryFigure = keyof TDashboardSummary;

/** Who sees the fee collections on the dashboards: the money offices and the college's heads. */
export const SUMMARY_MONEY_ROLES: Role[] = [
  ROLES.ADMIN,
  ROLES.ADMINISTRATION,
  ROLES.DIRECTOR,
  ROLES.CHAIRMAN,
  ROLES.PRINCIPAL,
  ROLES.CORRESPONDENCE,
  ROLES.ACCOUNTANT,
  ROLES.ACCOUNTANTS_OFFICER,
  ROLES.FEEPAYMENTS,
];
/** Accounts that are not staff: they see only what is public anyway (published exam titles). */
export const SUMMARY_NON_STAFF_ROLES: Role[] = [ROLES.STUDENT, ROLES.PARENT, ROLES.OPAC_LIBRARY];

/** The dashboard figures a user with these roles may see. */
export function summaryFiguresFor(roles: readonly string[]): SummaryFigure[] {
  const figures: SummaryFigure[] = ['examTitles'];
  if (roles.some((r) => !(SUMMARY_NON_STAFF_ROLES as string[]).includes(r)))
    figures.push('students', 'departments', 'faculty', 'admissions');
  if (roles.some((r) => (SUMMARY_MONEY_ROLES as string[]).includes(r))) figures.push('payments', 'paymentsTotal');
  return figures;
}
