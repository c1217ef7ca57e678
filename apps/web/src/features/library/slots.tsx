import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { LIBRARY_PATHS, ROLES } from '@erp/shared';
import { useMyLibrary, useStats } from './api';
import { dmy, rupees } from './format';
import { LoadError } from './LoadError';

function LibraryStatsPanel() {
  const stats = useStats();
  if (stats.isError) return <LoadError error={stats.error} retry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Library today
      </Typography>
      {!s ? (
        <Skeleton height={80} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }} data-testid="library-stats">
          {[
            ['Titles', s.titles],
            ['Copies', s.copies],
            ['On loan', s.onLoan],
            ['Overdue', s.overdue],
            ['Waiting', s.holdsWaiting],
            ['Hold shelf', s.holdShelf],
          ].map(([label, n]) => (
            <Box key={label}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h6">{Number(n).toLocaleString('en-IN')}</Typography>
            </Box>
          ))}
        </Box>
      )}
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
      {!d ? (
        <Skeleton height={60} />
      ) : (
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
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = {
  [ROLES.LIBRARY_INCHARGE]: [LibraryStatsPanel],
  [ROLES.LIBRARY_ASSISTANT]: [LibraryStatsPanel],
  [ROLES.STUDENT]: [MyLoansPanel],
};
