import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useSummary } from './api';
import { rupees } from './format';
import { ACCOUNTS_PATHS } from './paths';

/** The accounts office at a glance, with the way into each of its pages. */
function AccountsOfficePanel() {
  const q = useSummary();
  const s = q.data;
  return (
    <Box data-testid="accounts-office-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Accounts Office
      </Typography>
      <QueryState query={q} height={60}>
        {s && (
          <StatsPanel
            sx={{ my: 1.5 }}
            stats={[
              { label: 'Collected today', value: `${rupees(s.todayPaise)} · ${s.todayCount}` },
              { label: 'Students owe', value: rupees(s.studentDuePaise) },
              { label: 'Concessions to decide', value: String(s.pendingConcessions) },
              { label: 'Bills to decide', value: String(s.pendingBills) },
              { label: 'Awaiting the principal', value: String(s.awaitingPrincipal) },
            ]}
          />
        )}
      </QueryState>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={ACCOUNTS_PATHS.counter} size="small" variant="contained">
          Fee Collection
        </Button>
        <Button component={RouterLink} to={ACCOUNTS_PATHS.concessions} size="small" variant="outlined">
          Scholarship and Waiver
        </Button>
        <Button component={RouterLink} to={ACCOUNTS_PATHS.vendors} size="small" variant="outlined">
          Vendor Payment
        </Button>
        <Button component={RouterLink} to={ACCOUNTS_PATHS.reports} size="small" variant="outlined">
          Transaction History
        </Button>
      </Box>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.ACCOUNTANT]: [AccountsOfficePanel],
  [ROLES.ACCOUNTANTS_OFFICER]: [AccountsOfficePanel],
  [ROLES.FEEPAYMENTS]: [AccountsOfficePanel],
  [ROLES.PRINCIPAL]: [AccountsOfficePanel],
};
