import { z } from 'zod';

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

/** GET /api/dashboard/summary: the college's counts for the role dashboards. */
export const ZDashboardSummary = z.object({
  students: z.number().int(),
  departments: z.number().int(),
  faculty: z.number().int(),
  admissions: z.number().int(),
  examTitles: z.number().int(),
  payments: z.number().int(),
  paymentsTotal: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/** GET /api/health */
export const ZHealth = z.object({ status: z.literal('ok') });
/** GET /api/ready (503 `{ status: 'unavailable', message }` when the database is not reachable) */
export const ZReady = z.object({ status: z.literal('ready') });
