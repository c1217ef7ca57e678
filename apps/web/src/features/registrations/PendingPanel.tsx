import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { usePending } from './api';

/** Admin dashboard panel: how many registrations wait for a decision. */
export function PendingPanel() {
  const pending = usePending();
  const n = pending.data?.length ?? 0;
  return (
    <Box data-testid="pending-registrations-panel">
        <Typography variant="subtitle1" fontWeight={700}>
          Pending Registrations
        </Typography>
        <Typography variant="h4" component="p" sx={{ my: 1 }}>
          {pending.isLoading ? '…' : n}
        </Typography>
        <Button component={RouterLink} to={PATHS.pendingRegistrations} size="small">
          Review
        </Button>
    </Box>
  );
}
