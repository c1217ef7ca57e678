import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPaise, roleName } from './format';

describe('format', () => {
  it('shows dates as dd-mm-yyyy whatever style they came in', () => {
    expect(formatDate('2026-03-07')).toBe('07-03-2026');
    expect(formatDate('7/3/2026')).toBe('07-03-2026');
    expect(formatDate('07-03-2026')).toBe('07-03-2026');
    expect(formatDate(new Date(2026, 2, 7, 23, 10))).toBe('07-03-2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime(new Date(2026, 10, 23, 9, 5))).toBe('23-11-2026 09:05');
  });

  it('shows money as ₹ with lakh grouping, from rupees or paise', () => {
    expect(formatMoney(4500000)).toBe('₹45,00,000.00');
    expect(formatMoney('45000.00')).toBe('₹45,000.00');
    expect(formatMoney('Rs. 1,23,456.5')).toBe('₹1,23,456.50');
    expect(formatMoney(123456.4, { whole: true })).toBe('₹1,23,456');
    expect(formatPaise(12345678)).toBe('₹1,23,456.78');
    expect(formatMoney(undefined)).toBe('');
  });

  it('names roles in words, the legacy spelling included', () => {
    expect(roleName('ROLE_PLACMENT_DEAN')).toBe('Placement Dean');
    expect(roleName('ROLE_LIBRARY_INCHARGE')).toBe('Library Incharge');
    expect(roleName('ROLE_HOD')).toBe('HOD');
    expect(roleName('ROLE_STUDENT')).toBe('Student');
  });
});
