import { z } from 'zod';
import { ZIsoDate } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** Who may read the faculty database calls (a faculty member only their own figures). */
export const FACULTY_DB_ROLES: Role[] = [
  ROLES.ADMIN,
  ROLES.PRINCIPAL,
  ROLES.DEAN,
  ROLES.HOD,
  ROLES.FACULTY,
  ROLES.IQAC_INCHARGE,
  ROLES.IQAC_COORDINATOR,
];
/** Who keeps a publication, MoU and award record of their own. */
export const FACULTY_SELF_ROLES: Role[] = [ROLES.FACULTY, ROLES.HOD];

export const FACULTY_MSG = {
  titleRequired: 'Please enter Title',
  yearInvalid: 'Please enter a valid year',
  citationsInvalid: 'Citations must be a whole number (0 or more)',
  organisationRequired: 'Please enter Organisation',
  dateInvalid: 'Please enter a valid date',
  notFound: 'Record Not Found',
  duplicatePublication: 'A publication with this title and year already exists',
  duplicateMou: 'An MoU with this organisation on that date already exists',
  duplicateAward: 'An award with this title on that date already exists',
  otherCollege: 'The college does not match your sign-in',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
const isoDate = (label: string) => ZIsoDate(label, { invalid: FACULTY_MSG.dateInvalid });

export const ZPublication = z.object({
  title: z.string({ message: FACULTY_MSG.titleRequired }).trim().min(1, FACULTY_MSG.titleRequired).max(300),
  journal: optionalText(200),
  year: z.coerce
    .number({ message: FACULTY_MSG.yearInvalid })
    .int(FACULTY_MSG.yearInvalid)
    .min(1950, FACULTY_MSG.yearInvalid)
    .max(2100, FACULTY_MSG.yearInvalid),
  scopusIndexed: z.boolean().default(false),
  citations: z.coerce
    .number({ message: FACULTY_MSG.citationsInvalid })
    .int(FACULTY_MSG.citationsInvalid)
    .min(0, FACULTY_MSG.citationsInvalid)
    .max(1_000_000, FACULTY_MSG.citationsInvalid),
});
export type TPublication = z.infer<typeof ZPublication>;
export type TPublicationInput = z.input<typeof ZPublication>;

export const ZMou = z.object({
  organisation: z.string({ message: FACULTY_MSG.organisationRequired }).trim().min(1, FACULTY_MSG.organisationRequired).max(200),
  purpose: optionalText(300),
  signedOn: isoDate('Signed on'),
});
export type TMou = z.infer<typeof ZMou>;

export const ZAward = z.object({
  title: z.string({ message: FACULTY_MSG.titleRequired }).trim().min(1, FACULTY_MSG.titleRequired).max(200),
  awardedBy: optionalText(200),
  awardedOn: isoDate('Awarded on'),
});
export type TAward = z.infer<typeof ZAward>;

export const ZUserNameQuery = z.object({ userName: z.string().trim().min(1, 'userName is required').max(120) });

export const ZProfileQuery = z.object({
  collegeId: z.coerce.number({ message: 'collegeId is required' }).int().positive('collegeId is required'),
  financialYear: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{4}$/, 'financialYear must look like 2025-2026'),
  typeofInstitution: z.string().trim().max(40).optional().default(''),
  userId: z.string().trim().min(1, 'userId is required').max(120),
});

export const ZPublicationRow = z.object({
  id: z.number().int(),
  title: z.string(),
  journal: z.string(),
  year: z.number().int(),
  scopusIndexed: z.boolean(),
  citations: z.number().int(),
});
export type TPublicationRow = z.infer<typeof ZPublicationRow>;
export const ZMouRow = z.object({ id: z.number().int(), organisation: z.string(), purpose: z.string(), signedOn: z.string() });
export type TMouRow = z.infer<typeof ZMouRow>;
export const ZAwardRow = z.object({ id: z.number().int(), title: z.string(), awardedBy: z.string(), awardedOn: z.string() });
export type TAwardRow = z.infer<typeof ZAwardRow>;

/** One item of getallprofiledata. */
export const ZFacultyProfile = z.object({
  userId: z.string(),
  collegeId: z.number().int(),
  financialYear: z.string(),
  typeofInstitution: z.string(),
  fullName: z.string(),
  email: z.string(),
  department: z.string(),
  designation: z.string(),
  empCode: z.string(),
  qualification: z.string(),
  specialization: z.string(),
  experienceYears: z.number(),
});
export type TFacultyProfile = z.infer<typeof ZFacultyProfile>;
/** getallprofiledata: the matching profiles (at most one). */
export const ZFacultyProfileList = z.array(ZFacultyProfile);

/** `/:id` of a publication, MoU or award. */
export const ZFacultyRecordParams = z.object({ id: z.coerce.number().int().positive() });
export const ZPublicationList = z.array(ZPublicationRow);
export const ZMouList = z.array(ZMouRow);
export const ZAwardList = z.array(ZAwardRow);

/** The faculty-database count calls answer a bare number. */
export const ZCount = z.number().int();
