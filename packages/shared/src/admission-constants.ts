/** Admission enumerations and limits (spec section 9), shared by the forms, the API and the Excel template. */

export const GENDERS = ['MALE', 'FEMALE'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const ENTRANCE_TYPES = ['ICET', 'PGECT', 'POLYCET', 'EAPCET', 'ECET'] as const;
export const DEFAULT_ADMISSION_TYPES = ['Direct', 'Lateral', 'Transfer'] as const;
export const KNOWING_ABOUT = ['oldStudent', 'news', 'media', 'familyRelation', 'website', 'others'] as const;
export const YES_NO = ['Yes', 'No'] as const;
export const FEE_YEARS = [
  { key: 'first', label: 'I Year' },
  { key: 'second', label: 'II Year' },
  { key: 'third', label: 'III Year' },
  // The legacy field names spell it 'forth'.
  { key: 'forth', label: 'IV Year' },
] as const;
export const FEE_PARTS = ['Donation', 'TutionFee', 'MiscFee'] as const;
/** firstYearDonation, firstYearTutionFee, ... forthYearMiscFee */
export const FEE_FIELDS = FEE_YEARS.flatMap((y) => FEE_PARTS.map((p) => `${y.key}Year${p}` as const));

export const AADHAR_LENGTH = 12;
export const MOBILE_LENGTH = 10;
export const PINCODE_LENGTH = 6;
/** Excel import limits: more rows than this is refused as a whole. */
export const MAX_EXCEL_ROWS = 20_000;
/** Largest admission photo the API stores. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** Admission messages the spec leaves open (its own are in MSG). */
export const ADMISSION_MSG = {
  duplicateAadhar: (no: string) => `An admission with Aadhaar number ${no} already exists`,
  duplicateAadharInFile: (no: string, row: number) => `Aadhaar number ${no} is repeated in the file (first at row ${row})`,
  duplicateAdmissionNo: (no: string) => `Admission number ${no} is already in use`,
  noAdmissionForAadhar: (no: string) => `No admission found with Aadhaar number ${no}`,
  noAdmissionForRoll: (roll: string) => `No admission or student found for ${roll}`,
  photoJpgOnly: 'The photo must be a .jpg image',
  photoTooLarge: `The photo is too large: the limit is ${MAX_PHOTO_BYTES / 1024 / 1024} MB`,
  excelTypeOnly: 'Only .xlsx and .xls files can be uploaded',
  excelEmpty: 'The sheet has no admission rows',
  excelTooManyRows: `The sheet has more than ${MAX_EXCEL_ROWS} rows`,
  excelHeaders: (missing: string[], unknown: string[]) =>
    `The sheet's headers do not match the template${missing.length ? `; missing: ${missing.join(', ')}` : ''}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
  excelMissingFile: 'Please choose an Excel file (.xlsx or .xls) to upload',
  validDate: 'Please enter a valid date (yyyy-mm-dd)',
  validPercentage: 'Please enter a valid percentage',
  validAmount: 'Please enter a valid amount',
  oneOf: (what: string, values: readonly string[]) => `${what} must be one of ${values.join(', ')}`,
  notListed: (what: string, value: string) => `${what} "${value}" is not offered by this college`,
  dryRunDone: (n: number) => `${n} rows are valid; nothing was saved (dry run)`,
} as const;

/**
 * The quotas a seat is filled under (the admission's Seat Type) and the caste categories of
 * reservation (its Caste Category), as the office's figures and leadership's admissions figures
 * count them. A value outside these is counted as 'Other'.
 */
export const ADMISSION_QUOTAS = ['Convener', 'Management', 'NRI', 'Spot'] as const;
export const ADMISSION_CATEGORIES = ['OC', 'BC-A', 'BC-B', 'BC-C', 'BC-D', 'BC-E', 'SC', 'ST', 'EWS'] as const;
export const OTHER_QUOTA = 'Other';
