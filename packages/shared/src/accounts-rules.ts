/**
 * Rules of the accounts office that both apps need: GSTIN/PAN/IFSC checks, the financial year,
 * rupees with Indian (lakh) grouping and amounts in words. Money is always in paise.
 */

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN check character: each of the first 14 characters is a base-36 value, multiplied by 1
 * at even positions and 2 at odd ones; each product adds its base-36 quotient and remainder; the
 * check value is (36 - sum mod 36) mod 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GSTIN_CHARS.indexOf(first14[i]);
    if (v < 0) return '';
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/**
 * GST state codes (GSTN's list): 01 Jammu & Kashmir … 37 Andhra Pradesh, 38 Ladakh; 25 (Daman & Diu,
 * merged into 26 in 2020) and 28 (Andhra Pradesh before division) still appear on older GSTINs;
 * 97 Other Territory, 99 Centre Jurisdiction. 00 and 39–96, 98 are not assigned.
 */
export const GST_STATE_CODES: ReadonlySet<string> = new Set([
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
  '99',
]);

/**
 * The PAN's fourth character is the holder's type: C company, P person, H Hindu undivided family,
 * F firm, A association of persons, T trust, B body of individuals, L local authority,
 * J artificial juridical person, G government.
 */
export const PAN_HOLDER_TYPES = 'CPHFATBLJG';
const panShapeAndHolder = (pan: string) => PAN_PATTERN.test(pan) && PAN_HOLDER_TYPES.includes(pan[3]);
/** Four letters (bank), a zero, six letters or digits (branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Why a GSTIN is not valid, in words for the form; null when it is. */
export function gstinProblem(value: string): string | null {
  const v = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(v)) return 'The GSTIN is 15 characters: state code, PAN, entity number, Z and a check character';
  if (!GST_STATE_CODES.has(v.slice(0, 2))) return `The GSTIN's state code ${v.slice(0, 2)} is not a GST state code`;
  if (!panShapeAndHolder(v.slice(2, 12)))
    return `The PAN inside the GSTIN (${v.slice(2, 12)}) has no valid holder type (4th letter C, P, H, F, A, T, B, L, J or G)`;
  if (gstinCheckChar(v.slice(0, 14)) !== v[14]) return 'The GSTIN is not valid (the last check character does not match)';
  return null;
}
export const isValidGstin = (value: string) => gstinProblem(value) === null;
export const isValidIfsc = (value: string) => IFSC_PATTERN.test(value.trim().toUpperCase());
export const isValidPan = (value: string) => panShapeAndHolder(value.trim().toUpperCase());

/** Financial year (April–March) of an ISO date: 2026-04-01 → '2026-27', 2027-03-31 → '2026-27'. */
export function accountsFy(isoDate: string): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** First and last day of a financial year '2026-27'. */
export function fyRange(fy: string): { from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** 12345678 paise → '1,23,456.78' (Indian grouping: thousands, then pairs). */
export function groupIndian(paise: number): string {
  const neg = paise < 0;
  const abs = Math.abs(Math.round(paise));
  const rupees = Math.floor(abs / 100);
  const p = String(abs % 100).padStart(2, '0');
  const s = String(rupees);
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${rest ? `${rest},` : ''}${last3}.${p}`;
}

/**
 * ₹ short, as leadership reads it on a chart: crores and lakhs to two places, smaller sums whole:
 * 4_42_69_458_00 paise → '₹4.43 Cr', 5_40_000_00 → '₹5.40 L', 5_458_00 → '₹5,458'.
 */
export function shortRupees(paise: number): string {
  const r = paise / 100;
  const sign = r < 0 ? '-' : '';
  const a = Math.abs(r);
  if (a >= 1e7) return `${sign}₹${(a / 1e7).toFixed(2)} Cr`;
  if (a >= 1e5) return `${sign}₹${(a / 1e5).toFixed(2)} L`;
  return `${sign}₹${groupIndian(Math.round(a) * 100).replace(/\.00$/, '')}`;
}

/** ₹ with lakh grouping: 12345678 → '₹1,23,456.78'. */
export const formatRupees = (paise: number) => `₹${groupIndian(paise)}`;

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function below100(n: number): string {
  if (n < 20) return ONES[n];
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}
function below1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', r ? below100(r) : ''].filter(Boolean).join(' ');
}

/** Whole rupees in Indian words: 123456 → 'One Lakh Twenty Three Thousand Four Hundred Fifty Six'. */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${below100(lakh)} Lakh`);
  if (thousand) parts.push(`${below100(thousand)} Thousand`);
  if (rest) parts.push(below1000(rest));
  return parts.join(' ');
}

/** 4550050 paise → 'Rupees Forty Five Thousand Five Hundred and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  const abs = Math.abs(Math.round(paise));
  const r = Math.floor(abs / 100);
  const p = abs % 100;
  return `Rupees ${numberInWords(r)}${p ? ` and ${below100(p)} Paise` : ''} Only`;
}
