import { MSG } from './messages.js';
import { EMAIL, POSITIVE_INT, TEXT_ONLY, type AdmissionField } from './admission-schemas.js';

/** The short 'ADMISSION FORM' (spec section 3): the save payload's fields it shows, by their payload names. */
export const SHORT_FORM_FIELDS = [
  'name',
  'courseAppliedFor',
  'batch',
  'branch',
  'semester',
  'adminNo',
  'dateOfAdmission',
  'dateOfBirth',
  'gender',
  'entranceType',
  'rank',
  'hallTicketNo',
  'admissionType',
  'admissionEntryType',
  'seatType',
  'category',
  'subCaste',
  'scholarShip',
  'lateralEntry',
  'emailId',
  'motherTongue',
  'landLineNumber',
  'rationCardNo',
  'bloodGroup',
  'aadharNo',
  'physicallyChallanged',
  'certificateSubmission',
  'identificationMarksA',
  'agent',
  'agentAmount',
  'feeCommitment',
  'studentPaidamount',
  'fathersName',
  'mothersName',
  'fatherContactNo',
  'motherContactNo',
  'studentContactNo',
  'isHostler',
  'studentType',
  'previousInstitution',
] as const satisfies readonly AdmissionField[];
export type ShortFormField = (typeof SHORT_FORM_FIELDS)[number];

/** Required on save (spec section 5); otherwise 'Please fill all required fields'. */
export const SHORT_FORM_REQUIRED: ShortFormField[] = ['name', 'courseAppliedFor', 'gender', 'batch', 'branch', 'aadharNo'];

export function shortFormMissingRequired(form: Record<string, string>): string | null {
  return SHORT_FORM_REQUIRED.some((f) => !String(form[f] ?? '').trim()) ? MSG.fillAllRequired : null;
}

const TEXT_FIELDS = new Set([
  'name',
  'fathersName',
  'mothersName',
  'motherTongue',
  'previousInstitution',
  'identificationMarksA',
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
const MOBILE_FIELDS = new Set(['fatherContactNo', 'motherContactNo', 'studentContactNo']);
const EMAIL_FIELDS = new Set(['emailId', 'fatherEmailId', 'parentEmail']);

export interface ChangeResult {
  /** the value to keep in the form */
  value: string;
  /** the toast to show, when the input was refused */
  message: string | null;
}

/**
 * The short form's on-change rules (spec section 5), by payload field name. Refused input keeps the previous value and
 * names the rule; the Aadhaar field keeps digits only, at most 12. Email is checked on blur
 * (see shortFormBlur), since a half-typed address is not yet wrong.
 */
export function shortFormChange(field: string, raw: string, previous: string): ChangeResult {
  if (raw === '') return { value: '', message: null };
  const refuse = (message: string) => ({ value: previous, message });
  if (field === 'aadharNo') {
    const digits = raw.replace(/\D/g, '').slice(0, 12);
    return { value: digits, message: digits === raw ? null : MSG.adharDigits };
  }
  if (TEXT_FIELDS.has(field)) return TEXT_ONLY.test(raw) ? { value: raw, message: null } : refuse(MSG.pleaseEnterText);
  if (NUMBER_FIELDS.has(field)) return POSITIVE_INT.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (MOBILE_FIELDS.has(field)) return /^[1-9]\d{0,9}$/.test(raw) ? { value: raw, message: null } : refuse(MSG.mobileDigits);
  if (field === 'landLineNumber') return /^[0-9-]+$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (field === 'doorNo') return /^[0-9/-]+$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (field === 'pincode') return /^\d{1,6}$/.test(raw) ? { value: raw, message: null } : refuse(MSG.validNumber);
  if (['agentAmount', 'feeCommitment', 'studentPaidamount'].includes(field) || /Year(Donation|TutionFee|MiscFee)$/.test(field)) {
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
