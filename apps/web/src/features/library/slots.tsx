import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { LIBRARY_PATHS, ROLES } from '@erp/shared';
import { useMyLibrary, useStats } from './api';
import { dmy, rupees } from './format';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';

function LibraryStatsPanel() {
  const stats = useStats();
  const s = stats.data;
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Library today
      </Typography>
      <QueryState query={stats} height={80}>
        {s && (
          <StatsPanel
            testId="library-stats"
            columns={3}
            sx={{ gap: 1 }}
            stats={(
              [
                ['Titles', s.titles],
                ['Copies', s.copies],
                ['On loan', s.onLoan],
                ['Overdue', s.overdue],
                ['Waiting', s.holdsWaiting],
                ['Hold shelf', s.holdShelf],
              ] as const
            ).map(([label, n]) => ({ label, value: n.toLocaleString('en-IN') }))}
          />
        )}
      </QueryState>
      <Button component={RouterLink} to={LIBRARY_PATHS.desk} sx={{ mt: 1 }}>
        Open the desk
      </Button>
    </Box>
  );
}

function MyLoansPanel() {
  const me = useMyLibrary();
  if (me.isError) return null;
  const d = me.data;
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        My library
      </Typography>
      <QueryState query={me} height={60}>
        {d && (
          <>
            <Typography variant="body2">
              {d.loans.length} on loan{d.loans[0] ? `, next due ${dmy(d.loans[0].dueOn)}` : ''} · {d.holds.length} hold
              {d.holds.length === 1 ? '' : 's'} · dues {rupees(d.patron.unpaidFines + d.patron.accruingFines)}
            </Typography>
            <Button component={RouterLink} to={LIBRARY_PATHS.myLibrary} sx={{ mt: 1 }}>
              Open my library
            </Button>
          </>
        )}
      </QueryState>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.LIBRARY_INCHARGE]: [LibraryStatsPanel],
  [ROLES.LIBRARY_ASSISTANT]: [LibraryStatsPanel],
  [ROLES.STUDENT]: [MyLoansPanel],
};
