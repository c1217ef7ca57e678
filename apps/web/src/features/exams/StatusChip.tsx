import { Chip, type ChipProps } from '@mui/material';
import type { TExamStatus } from '@erp/shared';
import { statusLabel } from './format';

const COLOURS: Record<TExamStatus, ChipProps['color']> = {
  draft: 'default',
  registration: 'info',
  hall_tickets: 'primary',
  in_progress: 'warning',
  marks_entry: 'secondary',
  published: 'success',
};

/** An exam's state in words, coloured by how far on it is. */
export function ExamStatusChip({ status, size = 'small' }: { status: TExamStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} color={COLOURS[status]} label={statusLabel(status)} data-testid="exam-status" />;
}
