import { describe, expect, it } from 'vitest';
import {
  accountsFy,
  formatRupees,
  shortRupees,
  gstinCheckChar,
  gstinProblem,
  groupIndian,
  isValidGstin,
  isValidIfsc,
  isValidPan,
  numberInWords,
  rupeesInWords,
} from './accounts-rules.js';
import { ZCollect, ZVendorInput } from './accounts-schemas.js';

describe('GSTIN', () => {
  it('computes the check character of 27AAPFU0939F1ZV by hand', () => {
    // values 2,7,A=10,A=10,P=25,F=15,U=30,0,9,3,9,F=15,1,Z=35; factors 1,2,1,2,...
    // products 2,14,10,20,25,30,30,0,9,6,9,30,1,70; 70 = 1×36 + 34 → 35; the rest are below 36
    // sum 221; 221 mod 36 = 5; (36 − 5) mod 36 = 31 → 'V'
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
  });
  it('refuses a wrong check character, a bad state code and the wrong shape', () => {
    expect(isValidGstin('27AAPFU0939F1ZX')).toBe(false);
    expect(isValidGstin('47AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1V')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false);
  });
});

describe('GSTIN state code and PAN holder type', () => {
  // Each check character below is worked from 27AAPFU0939F1Z (sum 221, see above): only the
  // changed characters' terms differ. Base-36: A=10 … O=24, Q=26, S=28, U=30.
  it('takes 38 Ladakh, 97 Other Territory and 99 Centre Jurisdiction', () => {
    // 38: 3×1 + 8×2 = 19 in place of 2 + 14 = 16 → 224; 224 mod 36 = 8; 36 − 8 = 28 → 'S'
    expect(gstinCheckChar('38AAPFU0939F1Z')).toBe('S');
    expect(isValidGstin('38AAPFU0939F1ZS')).toBe(true);
    // 97: 9 + 14 = 23 → 228; mod 36 = 12; 36 − 12 = 24 → 'O'
    expect(isValidGstin('97AAPFU0939F1ZO')).toBe(true);
    // 99: 9 + 18 = 27 → 232; mod 36 = 16; 36 − 16 = 20 → 'K'
    expect(isValidGstin('99AAPFU0939F1ZK')).toBe(true);
  });
  it('refuses 00 and 39 even with a right check character, and says why', () => {
    // 00: 0 + 0 → 205; mod 36 = 25; 36 − 25 = 11 → 'B'
    expect(gstinCheckChar('00AAPFU0939F1Z')).toBe('B');
    expect(isValidGstin('00AAPFU0939F1ZB')).toBe(false);
    expect(gstinProblem('00AAPFU0939F1ZB')).toBe("The GSTIN's state code 00 is not a GST state code");
    // 39: 3 + 18 = 21 → 226; mod 36 = 10; 36 − 10 = 26 → 'Q'
    expect(gstinCheckChar('39AAPFU0939F1Z')).toBe('Q');
    expect(isValidGstin('39AAPFU0939F1ZQ')).toBe(false);
    expect(isValidGstin('98AAPFU0939F1Z' + gstinCheckChar('98AAPFU0939F1Z'))).toBe(false);
  });
  it('checks the PAN holder type (4th PAN letter, the GSTIN’s 6th character)', () => {
    // C (company) = 12 at an odd position: 24 in place of F's 30 → 215; mod 36 = 35; 36 − 35 = 1 → '1'
    expect(isValidGstin('27AAPCU0939F1Z1')).toBe(true);
    // X = 33: 66 → 1 + 30 = 31 in place of 30 → 222; mod 36 = 6; 36 − 6 = 30 → 'U': right check, no such holder type
    expect(gstinCheckChar('27AAPXU0939F1Z')).toBe('U');
    expect(isValidGstin('27AAPXU0939F1ZU')).toBe(false);
    expect(gstinProblem('27AAPXU0939F1ZU')).toBe(
      'The PAN inside the GSTIN (AAPXU0939F) has no valid holder type (4th letter C, P, H, F, A, T, B, L, J or G)',
    );
    expect(gstinProblem('27AAPFU0939F1ZX')).toBe('The GSTIN is not valid (the last check character does not match)');
    for (const type of 'CPHFATBLJG') expect(isValidPan(`AAP${type}U0939F`)).toBe(true);
    for (const type of 'DEIKMNOQRSUVWXYZ') expect(isValidPan(`AAP${type}U0939F`)).toBe(false);
  });
  it('the vendor form says which part is wrong', () => {
    const r = ZVendorInput.safeParse({ name: 'A', gstin: '00AAPFU0939F1ZB' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe("The GSTIN's state code 00 is not a GST state code");
    expect(ZVendorInput.safeParse({ name: 'A', gstin: '97aapfu0939f1zo' }).success).toBe(true);
  });
});

describe('IFSC and PAN', () => {
  it('takes four letters, a zero and six letters or digits', () => {
    expect(isValidIfsc('SBIN0001234')).toBe(true);
    expect(isValidIfsc('hdfc0ab12cd')).toBe(true);
    expect(isValidIfsc('SBIN1001234')).toBe(false);
    expect(isValidIfsc('SBI00001234')).toBe(false);
    expect(isValidIfsc('SBIN000123')).toBe(false);
  });
  it('PAN is five letters, four digits and a letter', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    expect(isValidPan('AAPF00939F')).toBe(false);
  });
});

describe('money', () => {
  it('groups rupees the Indian way', () => {
    expect(groupIndian(0)).toBe('0.00');
    expect(groupIndian(99_999)).toBe('999.99');
    expect(groupIndian(100_000)).toBe('1,000.00');
    expect(groupIndian(12_345_678)).toBe('1,23,456.78');
    expect(groupIndian(1_234_567_800)).toBe('1,23,45,678.00');
    expect(formatRupees(-5_000_000)).toBe('₹-50,000.00');
  });
  it('writes amounts in words with lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(45_000)).toBe('Forty Five Thousand');
    expect(numberInWords(123_456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(numberInWords(10_000_019)).toBe('One Crore Nineteen');
    expect(rupeesInWords(4_550_050)).toBe('Rupees Forty Five Thousand Five Hundred and Fifty Paise Only');
  });
  it('takes the April–March financial year', () => {
    expect(accountsFy('2026-03-31')).toBe('2025-26');
    expect(accountsFy('2026-04-01')).toBe('2026-27');
    expect(accountsFy('2025-07-15')).toBe('2025-26');
  });
});

describe('schemas', () => {
  it('asks a DD/cheque for bank and date, other non-cash modes for a reference', () => {
    const issue = (v: unknown) => ZCollect.safeParse(v).error?.issues[0]?.message;
    expect(issue({ rollNo: 'R1', mode: 'dd', reference: '1', amount: 100 })).toBe(
      'Enter the bank and the instrument date of the DD/cheque',
    );
    expect(issue({ rollNo: 'R1', mode: 'card', amount: 100 })).toBe(
      'Enter the reference (DD/cheque number, UPI reference or transaction id)',
    );
    expect(issue({ rollNo: 'R1', mode: 'cash', amount: 0 })).toBe('The amount must be more than zero');
    expect(ZCollect.safeParse({ rollNo: 'R1', mode: 'cash', amount: '500' }).success).toBe(true);
  });
  it('upper-cases and checks a vendor’s GSTIN', () => {
    expect(ZVendorInput.parse({ name: 'A', gstin: '27aapfu0939f1zv' }).gstin).toBe('27AAPFU0939F1ZV');
    expect(ZVendorInput.safeParse({ name: 'A', gstin: '27AAPFU0939F1ZW' }).success).toBe(false);
  });
});

describe('shortRupees', () => {
  it('says crores and lakhs to two places and smaller sums whole', () => {
    expect(shortRupees(4_42_69_458_00)).toBe('₹4.43 Cr');
    expect(shortRupees(5_40_000_00)).toBe('₹5.40 L');
    expect(shortRupees(5_458_00)).toBe('₹5,458');
    expect(shortRupees(99_999_50)).toBe('₹1,00,000');
    expect(shortRupees(-2_50_000_00)).toBe('-₹2.50 L');
    expect(shortRupees(0)).toBe('₹0');
  });
});
