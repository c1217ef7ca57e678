import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { APPROVAL_KINDS, APPROVAL_LABELS, APPROVALS_PATHS, INBOX_ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { useInbox } from './api';

/** The dashboard's count of what waits for this person's decision, and the way in. */
function DecisionsPanel() {
  const q = useInbox();
  const d = q.data;
  return (
    <Box data-testid="decisions-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Waiting for your decision
      </Typography>
      <QueryState query={q} height={40}>
        {d && (
          <Typography sx={{ my: 1 }} data-testid="decisions-count">
            {d.items.length === 0
              ? 'Nothing waits for you.'
              : `${d.items.length} in all: ${APPROVAL_KINDS.filter((k) => d.counts[k] > 0)
                  .map((k) => `${d.counts[k]} ${APPROVAL_LABELS[k].toLowerCase()}`)
                  .join(', ')}`}
          </Typography>
        )}
      </QueryState>
      <Button component={RouterLink} to={APPROVALS_PATHS.inbox} size="small" variant="outlined">
        Open decisions
      </Button>
    </Box>
  );
}

/** Dashboard panels this feature adds, by role. */
export const dashboardWidgets: Record<string, ComponentType[]> = Object.fromEntries(
  INBOX_ROLES.map((role) => [role, [DecisionsPanel]]),
);
