import { Chip, type ChipProps } from '@mui/material';
import { statusLabel } from './format';

const STATUS_COLOURS: Record<string, ChipProps['color']> = {
  approved: 'success',
  paid: 'success',
  received: 'success',
  rejected: 'error',
};

/** A row's status as a chip; `colours` overrides the usual green (done), red (rejected), amber (waiting). */
export function StatusChip({ status, colours }: { status: string; colours?: Record<string, ChipProps['color']> }) {
  return <Chip size="small" label={statusLabel(status)} color={colours?.[status] ?? STATUS_COLOURS[status] ?? 'warning'} />;
}
