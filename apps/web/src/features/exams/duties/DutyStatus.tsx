import { Chip, Tooltip } from '@mui/material';
import type { TDuty } from '@erp/shared';

/** A duty's state: assigned, or a swap to a named colleague waiting for the exam cell. */
export function DutyStatus({ duty }: { duty: Pick<TDuty, 'status' | 'swapTo' | 'swapReason'> }) {
  if (duty.status === 'assigned') return <Chip size="small" color="success" variant="outlined" label="Assigned" />;
  return (
    <Tooltip title={duty.swapReason}>
      <Chip size="small" color="warning" label={`Swap to ${duty.swapTo ?? 'a colleague'} waiting`} />
    </Tooltip>
  );
}
