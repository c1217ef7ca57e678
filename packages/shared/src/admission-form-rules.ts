import { MSG } from './messages.js';
import { EMAIL, POSITIVE_INT, TEXT_ONLY } from './admission-schemas.js';

/** The short 'ADMISSION FORM' state (spec section 3) and how it maps to the save payload. */
export const SHORT_FORM_FIELDS = [
  'fullName',
  'course',
  'batch',
  'branch',
  'semester',
  'adminNo',
  'adminDate',
  'dateofBirth',
  'gender',
  'entranceType',
  'rank',
  'hollticketNo',
  'admissionType',
  'admissionEntryType',
  'seatType',
  'casteCategory',
  'subCastInfo',
  'scholarship',
  'lateralEntry',
  'emailId',
  'motherTongue',
  'landLineNumber',
  'rationCardNo',
  'bloodGroup',
  'adharNo',
  'physicallyHandicapped',
  'certificateSubmission',
  'identificationMarks1',
  'agent',
  'agentAmount',
  'feeCommitment',
  'studentPaidAmount',
  'fathersName',
  'mothersName',
  'fatherContactNo',
  'motherContactNo',
  'studentMobileNumber',
  'isHostler',
  'studentType',
  'lastAttendedInstituded',
] as const;
export type ShortFormField = (typeof SHORT_FORM_FIELDS)[number];
export type TShortForm = Record<ShortFormField, string> & Record<string, string>;

/** Short-form state name → save-payload name (fields not listed keep their name). */
export const SHORT_TO_PAYLOAD: Partial<Record<ShortFormField, string>> = {
  fullName: 'name',
  course: 'courseAppliedFor',
  adminDate: 'dateOfAdmission',
  dateofBirth: 'dateOfBirth',
  hollticketNo: 'hallTicketNo',
  casteCategory: 'category',
  subCastInfo: 'subCaste',
  scholarship: 'scholarShip',
  adharNo: 'aadharNo',
  physicallyHandicapped: 'physicallyChallanged',
  identificationMarks1: 'identificationMarksA',
  studentPaidAmount: 'studentPaidamount',
  studentMobileNumber: 'studentContactNo',
  lastAttendedInstituded: 'previousInstitution',
};

export function shortFormToPayload(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) out[SHORT_TO_PAYLOAD[k as ShortFormField] ?? k] = v;
  return out;
}

export function payloadToShortForm(payload: Record<string, unknown>): Record<string, string> {
  const back = Object.fromEntries(Object.entries(SHORT_TO_PAYLOAD).map(([s, p]) => [p, s]));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) out[back[k] ?? k] = v === null || v === undefined ? '' : String(v);
  return out;
}

/** Required on save (spec section 5); otherwise 'Please fill all required fields'. */
export const SHORT_FORM_REQUIRED: ShortFormField[] = ['fullName', 'course', 'gender', 'batch', 'branch', 'adharNo'];

export function shortFormMissingRequired(form: Record<string, string>): string | null {
  return SHORT_FORM_REQUIRED.some((f) => !String(form[f] ?? '').trim()) ? MSG.fillAllRequired : null;
}

const TEXT_FIELDS = new Set([
  'fullName',
  'fathersName',
  'mothersName',
  'motherTongue',
  'lastAttendedInstituded',
  'identificationMarks1',
  'occupationOfFather',
  'occupationOfMother',
  'board',
  'school',
  'institution',
  'state',
  'district',
  'mandal',
  'village',
]);
const NUMBER_FIELDS = new Set([
  'rank',
  'rationCardNo',
  'yearOfPass',
  'marks',
  'gradePoints',
  'income',
  'distance',
  'bankAccount',
]);
const MOBILE_FIELDS = new Set(['fatherContactNo', 'motherContactNo', 'studentMobileNumber']);
const EMAIL_FIELDS = new Set(['emailId', 'fatherEmailId', 'parentEmail']);

export interface ChangeResult {
  /** the value to keep in the form */
  value: string;
  /** the toast to show, when the input was refused */
  message: string | null;
}

/**
 * The short form's on-change rules (spec section 5). Refused input keeps the previous value and
 * names the rule; the Aadhaar field keeps digits only, at most 12. Email is checked on blur
 * (see shortFormBlur), since a half-typed address is not yet wrong.
 */
export function shortFormChange(field: string, raw: string, previous: string): ChangeResult {
  if (raw === '') return { value: '', message: null };
  const refuse = (message: string) => ({ value: previous, message });
  if (field === 'adharNo') {
    const digits = raw.replace(/\D/g, '').slice(0, 12);
    return { value: digits, message: digits === raw ? null : MSG.adharDigits };
  }
  if (TEXT_FIELDS.has(field)) return TEXT_ONLY.test(raw) ? { value: raw, message: null } : refuse(MSG.pleaseEnterText);
  if (NUMBER_FIELDS.has(field)) return POSITIVE_INT.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (MOBILE_FIELDS.has(field)) return /^[1-9]\d{0,9}$/.test(raw) ? { value: raw, message: null } : refuse(MSG.mobileDigits);
  if (field === 'landLineNumber') return /^[0-9-]+$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (field === 'doorNo') return /^[0-9/-]+$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (field === 'pincode') return /^\d{1,6}$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (['agentAmount', 'feeCommitment', 'studentPaidAmount'].includes(field) || /Year(Donation|TutionFee|MiscFee)$/.test(field)) {
    return /^(0|[1-9]\d{0,9})$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  }
  return { value: raw, message: null };
}

export function shortFormBlur(field: string, value: string): string | null {
  if (EMAIL_FIELDS.has(field) && value !== '' && !EMAIL.test(value)) return MSG.validEmailAddress;
  return null;
}

/** Long form (spec section 5): Aadhaar on blur must be exactly 12 digits, else cleared with this message. */
export function longAadharBlur(value: string): string | null {
  return value === '' || /^\d{12}$/.test(value) ? null : MSG.invalidAadhaar;
}

/** Long form: contact numbers keep digits only, max 10; on blur 10 digits starting 6-9. */
export const longMobileInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 10);
export function longMobileBlur(value: string): string | null {
  return value === '' || /^[6-9]\d{9}$/.test(value) ? null : MSG.validMobile;
}
