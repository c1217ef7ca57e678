import type { ChipProps } from '@mui/material';
import { EXTERNAL_STATES, GRACE_PURPOSES, type TInternalSections, type TRevalKind, type TRevalRequest } from '@erp/shared';
import { rupees } from '../format';

export type ExternalState = (typeof EXTERNAL_STATES)[number];
/** One paper and section's internal marks progress. */
export type SectionProgress = TInternalSections['items'][number];
export type GracePurpose = (typeof GRACE_PURPOSES)[number];

export const KIND_LABEL: Record<TRevalKind, string> = {
  recount: 'Recounting',
  photocopy: 'Photocopy',
  revaluation: 'Revaluation',
};

export const STATE_LABEL: Record<ExternalState, string> = {
  pending: 'Not evaluated',
  first: 'One entry',
  agreed: 'Agreed',
  mismatch: 'Entries differ',
};
export const STATE_COLOUR: Record<ExternalState, ChipProps['color']> = {
  pending: 'default',
  first: 'info',
  agreed: 'success',
  mismatch: 'error',
};

export const PURPOSE_LABEL: Record<GracePurpose, string> = { pass: 'To pass', class: 'To reach a class' };

export const OUTCOME_COLOUR: Record<string, ChipProps['color']> = {
  Pass: 'success',
  Fail: 'error',
  Absent: 'warning',
  Malpractice: 'error',
  Withheld: 'warning',
};

/** Marks as shown: a dash for none. */
export const marksText = (m: number | null | undefined) => (m === null || m === undefined ? '—' : String(m));

/**
 * A field's message: the schema's own words, or `plain` where the schema has none and zod would
 * say something technical ("Invalid input: expected number, received NaN", "Too big: ...").
 */
export function plainMessage(error: { message?: string } | undefined, plain: string): string | undefined {
  if (!error) return undefined;
  return !error.message || /^(Invalid input|Too (small|big))/.test(error.message) ? plain : error.message;
}

/** "42 → 48, C → B", or what is still awaited. */
export const outcomeText = (r: TRevalRequest) =>
  r.status !== 'decided'
    ? 'Awaited'
    : r.kind === 'photocopy'
      ? 'Photocopy given'
      : `${r.oldMarks} → ${marksText(r.newMarks)}, ${r.oldGrade} → ${r.newGrade || r.oldGrade}`;

/** The fee and what is still due of it. */
export const feeText = (r: TRevalRequest) =>
  r.feePaise === 0 ? 'No fee' : `${rupees(r.feePaise)} (${r.feeDuePaise > 0 ? `${rupees(r.feeDuePaise)} due` : 'paid'})`;
