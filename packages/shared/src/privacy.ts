/**
 * Personal numbers as documents and screens may show them. One function per number, so every
 * PDF and page masks alike.
 */

/**
 * An Aadhaar number with all but its last four digits hidden, grouped as printed on the card:
 * '123412341234' → 'XXXX XXXX 1234'. Spaces and dashes in the input are ignored; an empty value
 * stays empty, and a value too short to keep four digits hidden is hidden whole.
 */
export function maskAadhaar(value: string | null | undefined): string {
  const digits = String(value ?? '').replace(/[\s-]/g, '');
  if (!digits) return '';
  if (digits.length <= 4) return 'X'.repeat(digits.length);
  const hidden = 'X'.repeat(digits.length - 4) + digits.slice(-4);
  return hidden.replace(/(.{4})(?=.)/g, '$1 ');
}
