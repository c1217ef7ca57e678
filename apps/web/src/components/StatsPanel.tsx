import type { ReactNode } from 'react';
import { Box, Card, Typography, type SxProps, type Theme } from '@mui/material';

export interface Stat {
  label: string;
  value: ReactNode;
  /** on the figure, for tests that read it */
  testId?: string;
}

type Columns = number | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>;

const columnsOf = (c: Columns) =>
  typeof c === 'number'
    ? `repeat(${c}, minmax(0, 1fr))`
    : Object.fromEntries(Object.entries(c).map(([k, n]) => [k, `repeat(${n}, minmax(0, 1fr))`]));

/**
 * A row of figures, each a label over its value, as a description list. `plain` (dashboard panels,
 * report totals) sets the label small above a bold value; `cards` puts each figure in an outlined card.
 */
export function StatsPanel(props: {
  stats: Stat[];
  variant?: 'plain' | 'cards';
  /** figures per row: a number, or per breakpoint, e.g. { xs: 2, md: 4 } */
  columns?: Columns;
  testId?: string;
  'aria-label'?: string;
  sx?: SxProps<Theme>;
}) {
  const cards = props.variant === 'cards';
  return (
    <Box
      component="dl"
      data-testid={props.testId}
      // a named list is a group: aria-label alone is not allowed on a role-less element
      role={props['aria-label'] ? 'group' : undefined}
      aria-label={props['aria-label']}
      sx={[
        { display: 'grid', gap: 1.5, m: 0, gridTemplateColumns: columnsOf(props.columns ?? 2) },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {props.stats.map((s) => {
        const figure = (
          <>
            <Typography component="dt" variant={cards ? 'body2' : 'caption'} color="text.secondary">
              {s.label}
            </Typography>
            <Typography
              component="dd"
              variant={cards ? 'h6' : 'body1'}
              fontWeight={cards ? undefined : 600}
              sx={{ m: 0, wordBreak: 'break-word' }}
              data-testid={s.testId}
            >
              {s.value}
            </Typography>
          </>
        );
        return cards ? (
          <Card key={s.label} variant="outlined" sx={{ px: 2, py: 1.5 }}>
            {figure}
          </Card>
        ) : (
          <Box key={s.label}>{figure}</Box>
        );
      })}
    </Box>
  );
}
