import {
  ADMISSION_FORM_FIELD_DEFS,
  ZAdmission,
  BLOOD_GROUPS,
  FEE_PARTS,
  FEE_YEARS,
  GENDERS,
  YES_NO,
  emptyAdmission,
  type AdmissionField,
  type TAdmissionForm,
} from '@erp/shared';

/**
 * The one admission form model: both forms hold the save payload itself (TAdmissionForm, keyed by
 * the payload's field names), so what is typed is what is sent, and a saved admission loads back
 * as it is. Each form lists its fields as FormField definitions with real keys.
 */
export type { AdmissionField, TAdmissionForm };

/** Where a drop-down's options come from: a fixed list, or a list loaded from the API (see useAdmissionOptions). */
export type OptionSource =
  | readonly string[]
  | 'courses'
  | 'batches'
  | 'branches'
  | 'semesters'
  | 'admissionTypes'
  | 'seatTypes'
  | 'castes'
  | 'subCastes'
  | 'agents'
  | 'nationalities'
  | 'religions'
  | 'entranceTypes';

export interface FormField {
  name: AdmissionField;
  /** the form's own label (the two legacy forms word some fields differently) */
  label: string;
  /** shows ' *' (the schema decides what is really required) */
  required?: boolean;
  /** a drop-down, with its options */
  options?: OptionSource;
  date?: boolean;
  numeric?: boolean;
  maxLength?: number;
  helperText?: string;
  readOnly?: boolean;
}

const DEF = new Map(ADMISSION_FORM_FIELD_DEFS.map((f) => [f.name, f]));

/** A field as the payload defines it: its label, required mark and, for fixed lists, its options. */
export function payloadField(name: AdmissionField, extra: Partial<FormField> = {}): FormField {
  const def = DEF.get(name)!;
  return {
    name,
    label: def.label,
    required: Boolean(def.required),
    options: Array.isArray(def.kind) ? (def.kind as readonly string[]) : undefined,
    date: def.kind === 'date',
    ...extra,
  };
}

export const emptyForm = (): TAdmissionForm => emptyAdmission() as TAdmissionForm;

/** A saved admission (getNormalData) as form values: same names, every value as text. */
export function formFromSaved(saved: Record<string, unknown>): TAdmissionForm {
  const form = emptyForm();
  for (const name of Object.keys(form) as AdmissionField[]) {
    const v = saved[name];
    if (v !== undefined && v !== null) form[name] = String(v);
  }
  return form;
}

const MOBILE = { numeric: true } as const;

/** 'ADMISSION FORM' (the short form, spec section 3): its fields in screen order, with its labels. */
export const SHORT_FORM: readonly FormField[] = [
  { name: 'name', label: 'Full Name', required: true },
  { name: 'courseAppliedFor', label: 'Course', required: true, options: 'courses' },
  { name: 'batch', label: 'Batch', required: true, options: 'batches' },
  { name: 'branch', label: 'Branch', required: true, options: 'branches' },
  { name: 'semester', label: 'Semester', options: 'semesters' },
  { name: 'gender', label: 'Gender', required: true, options: GENDERS },
  { name: 'aadharNo', label: 'Aadhar Number', required: true, numeric: true, maxLength: 12 },
  { name: 'adminNo', label: 'Admission No', helperText: 'Leave empty to generate on save' },
  { name: 'dateOfAdmission', label: 'Admission Date', date: true },
  { name: 'dateOfBirth', label: 'Date of Birth', date: true },
  { name: 'admissionType', label: 'Admission Type', options: 'admissionTypes' },
  { name: 'seatType', label: 'Seat Type', readOnly: true, helperText: 'Set by the admission type' },
  { name: 'admissionEntryType', label: 'Admission Entry Type', options: ['Regular', 'Lateral'] },
  { name: 'entranceType', label: 'Entrance Type', options: 'entranceTypes' },
  { name: 'category', label: 'Caste Category', options: 'castes' },
  { name: 'subCaste', label: 'Sub Caste', options: 'subCastes' },
  { name: 'bloodGroup', label: 'Blood Group', options: BLOOD_GROUPS },
  { name: 'scholarShip', label: 'Scholarship', options: YES_NO },
  { name: 'lateralEntry', label: 'Lateral Entry', options: YES_NO },
  { name: 'physicallyChallanged', label: 'Physically Handicapped', options: YES_NO },
  { name: 'certificateSubmission', label: 'Certificate Submission', options: YES_NO },
  { name: 'isHostler', label: 'Hostler', options: YES_NO },
  { name: 'agent', label: 'Agent', options: 'agents' },
  { name: 'fathersName', label: "Father's Name" },
  { name: 'mothersName', label: "Mother's Name" },
  { name: 'motherTongue', label: 'Mother Tongue' },
  { name: 'identificationMarksA', label: 'Identification Mark' },
  { name: 'previousInstitution', label: 'Last Attended Institution' },
  { name: 'rank', label: 'Rank' },
  { name: 'hallTicketNo', label: 'Hall Ticket No' },
  { name: 'rationCardNo', label: 'Ration Card No' },
  { name: 'landLineNumber', label: 'Landline Number' },
  { name: 'studentContactNo', label: 'Student Mobile Number' },
  { name: 'fatherContactNo', label: 'Father Contact No' },
  { name: 'motherContactNo', label: 'Mother Contact No' },
  { name: 'emailId', label: 'Email Id' },
  { name: 'studentType', label: 'Student Type' },
  { name: 'agentAmount', label: 'Agent Amount' },
  { name: 'feeCommitment', label: 'Fee Commitment' },
  { name: 'studentPaidamount', label: 'Student Paid Amount' },
];

/** The long form's live drop-downs (its fixed lists come from the payload definitions). */
const LONG_OPTIONS: Partial<Record<AdmissionField, Partial<FormField>>> = {
  courseAppliedFor: { options: 'courses' },
  batch: { options: 'batches' },
  branch: { options: 'branches' },
  semester: { options: 'semesters' },
  admissionType: { options: 'admissionTypes' },
  seatType: { options: 'seatTypes' },
  category: { options: 'castes' },
  subCaste: { options: 'subCastes' },
  agent: { options: 'agents' },
  nationality: { options: 'nationalities' },
  religion: { options: 'religions' },
  admissionEntryType: { options: ['Regular', 'Lateral'] },
  aadharNo: { numeric: true, maxLength: 12 },
  studentContactNo: MOBILE,
  fatherContactNo: MOBILE,
  motherContactNo: MOBILE,
};
const long = (names: AdmissionField[]) => names.map((n) => payloadField(n, LONG_OPTIONS[n]));

/** 'STUDENT ADMISSION FORM' (the long form): sections of payload fields, labelled as the payload defines them. */
export const LONG_FORM_SECTIONS: ReadonlyArray<{ title: string; fields: readonly FormField[] }> = [
  {
    title: 'Admission Details',
    fields: long([
      'dateOfAdmission',
      'adminNo',
      'admissionType',
      'courseAppliedFor',
      'batch',
      'branch',
      'semester',
      'level',
      'regulation',
      'seatType',
      'admissionEntryType',
      'entranceType',
      'rank',
      'hallTicketNo',
      'lateralEntry',
    ]),
  },
  {
    title: 'Personal Details',
    fields: long([
      'name',
      'gender',
      'dateOfBirth',
      'aadharNo',
      'bloodGroup',
      'nationality',
      'religion',
      'category',
      'subCaste',
      'motherTongue',
      'emailId',
      'studentContactNo',
      'landLineNumber',
      'rationCardNo',
      'identificationMarksA',
      'identificationMarksB',
      'physicallyChallanged',
      'belongsToSportsNcc',
      'isHostler',
      'studentType',
    ]),
  },
  {
    title: 'Parent Details',
    fields: long([
      'fathersName',
      'mothersName',
      'occupationOfFather',
      'occupationOfMother',
      'fatherContactNo',
      'motherContactNo',
      'fatherEmailId',
      'annualIncome',
    ]),
  },
  {
    title: 'Education',
    fields: long([
      'sscMarks',
      'sscPercentage',
      'interMarks',
      'marksSecured',
      'percentageOfMarks',
      'division',
      'previousInstitution',
      'knowingAboutInstitute',
      'otherIfAny',
    ]),
  },
  {
    title: 'Fee Details',
    fields: long(['agent', 'agentAmount', 'feeCommitment', 'studentPaidamount', 'scholarShip', 'certificateSubmission']),
  },
];

const FEE_PART_LABEL: Record<(typeof FEE_PARTS)[number], string> = {
  Donation: 'Donation',
  TutionFee: 'Tution Fee',
  MiscFee: 'Misc Fee',
};
/** The per-year fee package of colleges that use one (SRK): one row per year, three amounts each. */
export const FEE_PACKAGE: ReadonlyArray<{ year: string; fields: readonly FormField[] }> = FEE_YEARS.map((y) => ({
  year: y.label,
  fields: FEE_PARTS.map((p) => ({ name: `${y.key}Year${p}` as const, label: `${y.label} ${FEE_PART_LABEL[p]}` })),
}));

/**
 * Every failing field's message at once (the first per field, in the schema's legacy wording), so
 * the form shows each by its field. `required` fields left empty get `requiredMessage`.
 */
export function admissionFieldErrors(
  values: TAdmissionForm,
  required: readonly AdmissionField[] = [],
  requiredMessage = '',
): Partial<Record<AdmissionField, string>> {
  const out: Partial<Record<AdmissionField, string>> = {};
  for (const f of required) if (!String(values[f] ?? '').trim()) out[f] = requiredMessage;
  const r = ZAdmission.safeParse(values);
  if (!r.success)
    for (const issue of r.error.issues) {
      const f = issue.path[0] as AdmissionField | undefined;
      if (f && !(f in out)) out[f] = issue.message;
    }
  return out;
}

/** The field errors in react-hook-form's shape, with the legacy first message as the form's own. */
export function asFormErrors(fields: Partial<Record<AdmissionField, string>>, first: string | null) {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [f, message] of Object.entries(fields)) if (message) errors[f] = { type: 'validate', message };
  if (first) errors.root = { type: 'validate', message: first };
  return errors;
}
