import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { usePendingCredentials } from './api';

/** Admin dashboard panel: create logins, and any credentials sheet still waiting. */
export function LoginsPanel() {
  const pending = usePendingCredentials();
  const waiting = pending.data?.length ?? 0;
  return (
    <Box data-testid="logins-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Student and Faculty Logins
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {waiting > 0
          ? `${waiting} credentials sheet${waiting === 1 ? '' : 's'} waiting to be downloaded.`
          : 'Create accounts for students and faculty who have none.'}
      </Typography>
      <Button component={RouterLink} to={PATHS.createLogins} variant="contained" size="small">
        Create Logins
      </Button>
    </Box>
  );
}
