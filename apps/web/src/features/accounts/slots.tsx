import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { ROLES } from '@erp/shared';
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
      {q.isPending && <Skeleton variant="rounded" height={60} sx={{ mt: 1 }} />}
      {q.isError && (
        <Typography color="error">
          {q.error.message}{' '}
          <Button size="small" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Typography>
      )}
      {s && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, my: 1.5 }}>
          {(
            [
              ['Collected today', `${rupees(s.todayPaise)} · ${s.todayCount}`],
              ['Students owe', rupees(s.studentDuePaise)],
              ['Concessions to decide', String(s.pendingConcessions)],
              ['Bills to decide', String(s.pendingBills)],
              ['Awaiting the principal', String(s.awaitingPrincipal)],
            ] as const
          ).map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography fontWeight={600}>{value}</Typography>
            </Box>
          ))}
        </Box>
      )}
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
