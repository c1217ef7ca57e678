import { describe, expect, it } from 'vitest';
import { academicYearSpan, leavingCharge } from './leaving-charge.js';

const year = { periodFrom: '2026-06-01', periodTo: '2027-05-31' };

describe('leavingCharge', () => {
  it('charges the months begun: June to October 15 is five of twelve', () => {
    // ₹60,000 a year is ₹5,000 a month; June, July, August, September, October begun.
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-06-10', leftOn: '2026-10-15', basis: 'month' })).toBe(2_500_000);
  });
  it('counts from the month the student came, not the year start', () => {
    // came in August, left in September: two months of ₹5,000.
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-08-20', leftOn: '2026-09-02', basis: 'month' })).toBe(1_000_000);
  });
  it('charges a whole semester once begun: leaving in December begins the second', () => {
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-06-01', leftOn: '2026-11-30', basis: 'semester' })).toBe(3_000_000);
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-06-01', leftOn: '2026-12-01', basis: 'semester' })).toBe(6_000_000);
  });
  it('keeps one unit for a student who leaves the day they came', () => {
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-07-04', leftOn: '2026-07-04', basis: 'month' })).toBe(500_000);
  });
  it('keeps the whole charge once the period is over, nothing before it began', () => {
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-06-01', leftOn: '2027-08-01', basis: 'month' })).toBe(6_000_000);
    expect(leavingCharge(6_000_000, { ...year, usedFrom: '2026-05-01', leftOn: '2026-05-20', basis: 'month' })).toBe(0);
  });
  it('rounds to the paisa: ₹1,000 over 12 months, 1 month used', () => {
    expect(leavingCharge(100_000, { ...year, usedFrom: '2026-06-01', leftOn: '2026-06-01', basis: 'month' })).toBe(8_333);
  });
});

describe('academicYearSpan', () => {
  it('runs May to April, as academicYear() divides the years', () => {
    expect(academicYearSpan('2026-2027')).toEqual({ from: '2026-05-01', to: '2027-04-30' });
  });
});
