import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { QueryState } from '../../../components/QueryState';
import { ddmmyyyy } from '../format';
import { useMyDuties } from './api';
import { MY_DUTIES_PATH } from './paths';

/** The faculty member's panel: the next invigilation duty, and the way to all of them. */
function MyDutiesPanel() {
  const duties = useMyDuties();
  // the local day (en-CA writes yyyy-mm-dd), so a duty today still counts in the evening
  const today = new Date().toLocaleDateString('en-CA');
  const ahead = (duties.data ?? []).filter((d) => d.date >= today);
  const next = ahead[0];
  return (
    <Box data-testid="my-duties-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Invigilation
      </Typography>
      <QueryState query={duties} height={32}>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {next
            ? `${ahead.length} ${ahead.length === 1 ? 'duty' : 'duties'} ahead; next: ${next.room} on ${ddmmyyyy(next.date)} ${next.session}.`
            : 'No invigilation duty ahead.'}
        </Typography>
      </QueryState>
      <Button component={RouterLink} to={MY_DUTIES_PATH} variant="outlined" size="small">
        My invigilation duties
      </Button>
    </Box>
  );
}

/** Dashboard panels this part adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.FACULTY]: [MyDutiesPanel],
  [ROLES.HOD]: [MyDutiesPanel],
};
