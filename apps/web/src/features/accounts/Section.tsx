import type { ReactNode } from 'react';
import { Box, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { statusLabel } from './format';

/** A titled panel of an accounts page, with an optional action at its top right. */
export function Section({ title, children, action, id }: { title: string; children: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <Paper id={id} sx={{ p: { xs: 1.5, md: 2 }, mb: 2, borderRadius: 3, scrollMarginTop: 80 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A list's section with its status filter (the empty status, "All", last): concessions, bills and
 * the receivables share it.
 */
export function StatusSection({
  title,
  filterLabel,
  statuses,
  status,
  onStatus,
  children,
}: {
  title: string;
  filterLabel: string;
  statuses: readonly string[];
  status: string;
  onStatus: (s: string) => void;
  children: ReactNode;
}) {
  return (
    <Section
      title={title}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          onChange={(_, v) => v !== null && onStatus(v)}
          aria-label={filterLabel}
          sx={{ flexWrap: 'wrap' }}
        >
          {statuses.map((s) => (
            <ToggleButton key={s || 'all'} value={s}>
              {s ? statusLabel(s) : 'All'}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {children}
    </Section>
  );
}
