import { z } from 'zod';
import { filePart, jsonTextPart } from './common-schemas.js';
import { MSG, notFoundMessage } from './messages.js';
import { ADMIN_ROLES, ROLES, type Role } from './roles.js';

/** Who may read the alumni records (they carry phone numbers and emails); the saves are public. */
export const ALUMNI_VIEW_ROLES: Role[] = [ROLES.ALUMNI, ...ADMIN_ROLES, ROLES.PRINCIPAL];
/** The staff among them: they see every record whole (contacts, files); alumni see the directory view. */
export const ALUMNI_STAFF_ROLES: Role[] = [...ADMIN_ROLES, ROLES.PRINCIPAL];

/** Alumni form 1 "working" choice and form 2 status (spec section 9). */
export const WORKING_OPTIONS = ['yes', 'no', 'NA'] as const;
export type TWorking = (typeof WORKING_OPTIONS)[number];
export const ALUMNI_STATUSES = ['working', 'studying'] as const;
export type TAlumniStatus = (typeof ALUMNI_STATUSES)[number];

/** Form 1 file: pdf, jpg, jpeg, png and gif (spec section 5). */
export const ALUMNI_REGISTRATION_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif';
/** Form 2: the passport photo is an image; the certificate may also be a PDF. */
export const ALUMNI_PHOTO_ACCEPT = '.jpg,.jpeg,.png';
export const ALUMNI_CERTIFICATE_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const ALUMNI_MAX_FILE_MB = 5;

/** Messages of this feature that the spec leaves to us (the spec's own are in MSG). */
export const ALUMNI_MSG = {
  registrationFileType: 'The file must be a pdf, jpg, jpeg, png or gif file',
  photoFileType: 'The photo must be a jpg or png image',
  certificateFileType: 'The certificate must be a pdf, jpg or png file',
  fileTooLarge: `The file is too large: the limit is ${ALUMNI_MAX_FILE_MB} MB`,
  tooManyFiles: 'Send at most two files: the photo, then the certificate',
  alreadyRegistered: 'An alumni registration with this roll number already exists',
  registered: 'Alumni registration saved',
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const required = (max: number) => text(max).min(1, MSG.requiredStar);

/** Alumni registration (form 1): the same rules in the form and on the server. */
export const ZAlumniRegistration = z
  .object({
    name: required(120),
    course: text(60).default(''),
    rollNumber: required(30),
    degree: required(60),
    batch: required(20),
    branch: required(40).transform((v) => v.toUpperCase()),
    mobileNumber: z
      .string()
      .trim()
      .regex(/^\d{10}$/, MSG.requiredStar),
    email: z.string().trim().max(160, MSG.emailIsInvalid).email(MSG.emailIsInvalid),
    working: z.enum(WORKING_OPTIONS, { message: MSG.requiredStar }),
    // The legacy payload carries `company` beside companyName; "no" clears it.
    company: text(200).default(''),
    companyName: text(200).default(''),
    jobTitle: text(120).default(''),
    workAddress: text(300).default(''),
    instituteName: text(200).default(''),
    courseName: text(120).default(''),
    eduAddress: text(300).default(''),
  })
  .superRefine((v, ctx) => {
    const need = (keys: Array<keyof typeof v>) => {
      for (const key of keys) if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: MSG.requiredStar });
    };
    if (v.working === 'yes') need(['companyName', 'jobTitle', 'workAddress']);
    if (v.working === 'no') need(['instituteName', 'courseName', 'eduAddress']);
  });
export type TAlumniRegistrationInput = z.input<typeof ZAlumniRegistration>;
export type TAlumniRegistration = z.output<typeof ZAlumniRegistration>;

/** Field labels, for naming the field in a server message. */
export const ALUMNI_REGISTRATION_LABELS: Record<string, string> = {
  name: 'Name',
  course: 'Course',
  rollNumber: 'Roll Number',
  degree: 'Degree',
  batch: 'Batch',
  branch: 'Branch',
  mobileNumber: 'Mobile Number',
  email: 'Email',
  working: 'Working',
  company: 'Company',
  companyName: 'Company Name',
  jobTitle: 'Job Title',
  workAddress: 'Work Address',
  instituteName: 'Institute Name',
  courseName: 'Course Name',
  eduAddress: 'Education Address',
};

/** Keeps only the fields that apply to the working choice: "no" clears the company, "NA" both. */
export function applyWorkingChoice<T extends TAlumniRegistration>(v: T): T {
  const work = v.working === 'yes';
  const study = v.working === 'no';
  return {
    ...v,
    company: work ? v.company || v.companyName : '',
    companyName: work ? v.companyName : '',
    jobTitle: work ? v.jobTitle : '',
    workAddress: work ? v.workAddress : '',
    instituteName: study ? v.instituteName : '',
    courseName: study ? v.courseName : '',
    eduAddress: study ? v.eduAddress : '',
  };
}

/** Alumni history record (form 2). Every value is trimmed; the ordered checks are below. */
export const ZAlumniHistory = z.object({
  status: z.union([z.enum(ALUMNI_STATUSES), z.literal('')], { message: MSG.selectStatus }).default(''),
  rollNumber: text(30).default(''),
  name: text(120).default(''),
  branch: text(40).default(''),
  batch: text(20).default(''),
  studentMobile: text(20).default(''),
  studentEmail: text(160).default(''),
  course: text(60).default(''),
  fatherName: text(120).default(''),
  section: text(10).default(''),
  company: text(200).default(''),
  packages: text(60).default(''),
  designation: text(120).default(''),
  experience: text(60).default(''),
  location: text(200).default(''),
  instituteName: text(200).default(''),
  /** the alumnus's choice: show my phone and email to other alumni in the directory (off unless chosen) */
  shareContact: z
    .union([z.boolean(), z.enum(['true', 'false'])], { message: 'shareContact must be true or false' })
    .default(false)
    .transform((v) => v === true || v === 'true'),
});
export type TAlumniHistoryInput = z.input<typeof ZAlumniHistory>;
export type TAlumniHistory = z.output<typeof ZAlumniHistory>;

/** A saved record as getAlumniData returns it. */
export const ZAlumniHistoryRecord = z.object({
  id: z.number().int(),
  status: z.union([z.enum(ALUMNI_STATUSES), z.literal('')]),
  rollNumber: z.string(),
  name: z.string(),
  branch: z.string(),
  batch: z.string(),
  studentMobile: z.string(),
  studentEmail: z.string(),
  course: z.string(),
  fatherName: z.string(),
  section: z.string(),
  company: z.string(),
  packages: z.string(),
  designation: z.string(),
  experience: z.string(),
  location: z.string(),
  instituteName: z.string(),
  hasPhoto: z.boolean(),
  hasCertificate: z.boolean(),
  createdAt: z.string(),
  /** the alumnus chose to show their phone and email to other alumni */
  shareContact: z.boolean(),
  /** true when this answer leaves out what the viewer may not see (alumni see name, batch, branch, employer and, if shared, the contact) */
  limited: z.boolean(),
});
export type TAlumniHistoryRecord = z.infer<typeof ZAlumniHistoryRecord>;
/** getAlumniData */
export const ZAlumniHistoryList = z.array(ZAlumniHistoryRecord);

/** getAlumniBatchesByCourse */
export const ZAlumniBatchesQuery = z.object({ degree: z.string().trim().min(1, notFoundMessage('Degree')).max(60) });

/** A saved record's stored photo or certificate (staff only). */
export const ZAlumniFileParams = z.object({ id: z.coerce.number().int().positive(), file: z.enum(['photo', 'certificate']) });

/** saveAlumniStudentRegister's multipart parts. */
export const ZAlumniRegistrationParts = z.object({
  alumniStudentRegistration: jsonTextPart('the registration form (form 1)'),
  file: filePart('the document: pdf, jpg, jpeg, png or gif').optional(),
});

/** saveAluminiHistoryByUrl's multipart parts: up to two parts named file (the photo, then the certificate). */
export const ZAlumniHistoryParts = z.object({
  alumniData: jsonTextPart('the history record (form 2)'),
  file: z.array(filePart('the passport photo (jpg, png), then the certificate (pdf, jpg, png)')).max(2).optional(),
});

export interface AlumniHistoryContext {
  /** Roll numbers already saved (the loaded list on the client, the database on the server). */
  rollNumberExists: (rollNumber: string) => boolean;
  /** Whether the certificate (offer letter / admit card) is attached. */
  hasCertificate: boolean;
  /** Whether course, batch and branch are among the offered choices. */
  isKnownSelection: (course: string, batch: string, branch: string) => boolean;
}

export type AlumniHistoryProblem = { message: string; field: keyof TAlumniHistory | 'certificate'; duplicate?: boolean };

/** The spec's checks, in its order; the first failure wins. Values must already be trimmed. */
export function checkAlumniHistory(v: TAlumniHistory, ctx: AlumniHistoryContext): AlumniHistoryProblem | null {
  if (!v.status) return { message: MSG.selectStatus, field: 'status' };
  if (v.studentMobile && !/^\d{10}$/.test(v.studentMobile)) return { message: MSG.phoneTenDigits, field: 'studentMobile' };
  if (v.rollNumber && ctx.rollNumberExists(v.rollNumber))
    return { message: MSG.rollNumberExists, field: 'rollNumber', duplicate: true };
  const required: Array<[keyof TAlumniHistory, string]> = [
    ['rollNumber', MSG.rollNumberRequired],
    ['name', MSG.studentNameRequired],
    ['fatherName', MSG.fatherNameRequired],
    ['course', MSG.courseRequired],
    ['batch', MSG.batchRequired],
    ['branch', MSG.branchRequired],
    ['studentEmail', MSG.studentEmailRequired],
    ['studentMobile', MSG.studentPhoneRequired],
  ];
  if (v.status === 'working') {
    required.push(
      ['company', MSG.companyRequired],
      ['designation', MSG.designationRequired],
      ['experience', MSG.experienceRequired],
      ['location', MSG.workLocationRequired],
    );
  } else {
    required.push(['instituteName', MSG.instituteRequired], ['location', MSG.studyLocationRequired]);
  }
  for (const [field, message] of required) if (!v[field]) return { message, field };
  if (!ctx.hasCertificate) {
    return { message: v.status === 'working' ? MSG.offerLetterRequired : MSG.admitCardRequired, field: 'certificate' };
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.studentEmail)) return { message: MSG.validEmailAddress, field: 'studentEmail' };
  if (!ctx.isKnownSelection(v.course, v.batch, v.branch)) return { message: MSG.selectCourseBatchBranch, field: 'course' };
  return null;
}

/** Form 2 keeps only the fields of the chosen status. */
export function applyAlumniStatus(v: TAlumniHistory): TAlumniHistory {
  const working = v.status === 'working';
  return {
    ...v,
    company: working ? v.company : '',
    packages: working ? v.packages : '',
    designation: working ? v.designation : '',
    experience: working ? v.experience : '',
    instituteName: working ? '' : v.instituteName,
  };
}

/** An alumni course with its branches, for the form selects. */
export const ZAlumniCourse = z.object({ course: z.string(), level: z.string(), branches: z.array(z.string()) });
export type TAlumniCourse = z.infer<typeof ZAlumniCourse>;
export const ZAlumniCourseList = z.array(ZAlumniCourse);
