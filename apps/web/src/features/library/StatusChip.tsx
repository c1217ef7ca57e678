import { Chip } from '@mui/material';
import { COPY_STATUS_LABELS, type TCopyStatus } from '@erp/shared';
import { STATUS_COLOR } from './format';

/** A status (of a copy, loan, hold or fine) as a chip. */
export function StatusChip({ status }: { status: string }) {
  const label =
    COPY_STATUS_LABELS[status as TCopyStatus] ??
    (status === 'part_paid' ? 'Partly paid' : undefined) ??
    (status.charAt(0).toUpperCase() + status.slice(1)).replace(/_/g, ' ');
  return (
    <Chip
      size="small"
      label={label}
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'available' ? 'filled' : 'outlined'}
    />
  );
}
