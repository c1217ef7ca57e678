/**
 * Words people read in place of codes: role names, status and kind codes, formulas. Codes stay
 * as they are in data and in the legacy contract (ROLE_PLACMENT_DEAN keeps its spelling); only
 * what a screen or a document shows goes through these.
 */
import type { Role } from './roles.js';

/** Every role as people say it (the type makes a new role fail to compile until it has one). */
export const ROLE_DISPLAY_LABELS: Readonly<Record<Role, string>> = {
  ROLE_ADMIN: 'Admin',
  ROLE_DIRECTOR: 'Director',
  ROLE_ACADEMICS: 'Academics',
  ROLE_ADMISSIONS: 'Admissions',
  ROLE_CORRESPONDENCE: 'Correspondent',
  ROLE_EXAMINATION: 'Examinations',
  ROLE_ADMINISTRATION: 'Administration',
  ROLE_CHAIRMAN: 'Chairman',
  ROLE_FEEPAYMENTS: 'Fee Payments',
  ROLE_PRINCIPAL: 'Principal',
  ROLE_DEAN: 'Dean',
  ROLE_HOD: 'HOD',
  ROLE_ACCOUNTANT: 'Accountant',
  ROLE_ACCOUNTANTS_OFFICER: 'Accounts Officer',
  ROLE_LIBRARY_INCHARGE: 'Library Incharge',
  ROLE_LIBRARY_ASSISTANT: 'Library Assistant',
  ROLE_PLACMENT_DEAN: 'Placement Dean',
  ROLE_HOSTEL_INCHARGE: 'Hostel Incharge',
  ROLE_GRIEVANCE_INCHARGE: 'Grievance Incharge',
  ROLE_FACULTY: 'Faculty',
  ROLE_STUDENT: 'Student',
  ROLE_IQAC_INCHARGE: 'IQAC Incharge',
  ROLE_IQAC_COORDINATOR: 'IQAC Coordinator',
  ROLE_TRANSPORTATION_INCHARGE: 'Transportation Incharge',
  ROLE_OPAC_LIBRARY: 'OPAC Library',
  ROLE_SECURITY: 'Security',
  ROLE_PARENT: 'Parent',
  ROLE_INVENTORY: 'Inventory',
  ROLE_ALUMNI: 'Alumni',
  ROLE_OMBUDSPERSON: 'Ombudsperson',
};

/** ROLE_PLACMENT_DEAN → "Placement Dean"; an unknown code in title case, never shouting. */
export function roleDisplayName(code: string | null | undefined): string {
  if (!code) return '';
  const known = (ROLE_DISPLAY_LABELS as Record<string, string>)[code];
  if (known) return known;
  return codeLabel(code.replace(/^ROLE_/, '').toLowerCase());
}

/** Codes whose label is not just the code in words. */
const CODE_LABELS: Readonly<Record<string, string>> = {
  no_show: 'No show',
  end_exam: 'End exam',
  ug: 'UG',
  pg: 'PG',
};

/**
 * A lower-case code as a label: 'selected' → 'Selected', 'no_show' or 'no show' → 'No show',
 * 'lab' → 'Lab'. Empty for empty.
 */
export function codeLabel(code: string | null | undefined): string {
  if (!code) return '';
  const key = code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (CODE_LABELS[key]) return CODE_LABELS[key]!;
  const words = code.trim().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A placement application's status as a label ('no_show' → 'No show'). */
export const placementStatusLabel = codeLabel;
/** A subject's kind as a label ('theory' → 'Theory', 'lab' → 'Lab'). */
export const subjectKindLabel = codeLabel;

const OPERATORS: Readonly<Record<string, string>> = { '/': '÷', '*': '×', '+': '+', '-': '−' };

/**
 * A metric's formula in words: each input by its label, operators as ÷ × + −.
 * `admitted / sanctioned_intake * 100` with labels → "Students admitted ÷ sanctioned intake × 100".
 * An input without a label reads as its key in words.
 */
export function formulaInWords(formula: string, labels: Readonly<Record<string, string>> = {}): string {
  let first = true;
  return formula
    .replace(/[A-Za-z_][A-Za-z0-9_]*|[/*+-]/g, (token) => {
      if (OPERATORS[token]) return OPERATORS[token]!;
      if (/^(min|max|round|abs)$/.test(token)) return token;
      const words = labels[token] ?? token.replace(/_/g, ' ');
      const text = first ? words.charAt(0).toUpperCase() + words.slice(1) : lowerFirst(words);
      first = false;
      return text;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Sanctioned intake" → "sanctioned intake"; an acronym ("IQAC figures", "Ph.D.") keeps its case. */
const lowerFirst = (s: string) => (/^[A-Z][A-Z.]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));
