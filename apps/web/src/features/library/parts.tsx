import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { COPY_STATUS_LABELS, LIBRARY_PATHS, type TCopyStatus } from '@erp/shared';
import { STATUS_COLOR } from './format';

const TABS = [
  { label: 'Issue / Return', path: LIBRARY_PATHS.desk },
  { label: 'Books', path: LIBRARY_PATHS.books },
  { label: 'Allowances', path: LIBRARY_PATHS.allowances },
  { label: 'Waiting List', path: LIBRARY_PATHS.waitingList },
  { label: 'Barcodes', path: LIBRARY_PATHS.barcodes },
  { label: 'History', path: LIBRARY_PATHS.history },
];

/** The library's pages for the desk staff, one tab each. */
export function LibraryPage({ title, children, tabs = true }: { title: string; children: ReactNode; tabs?: boolean }) {
  const { pathname } = useLocation();
  const current = TABS.findIndex((t) => decodeURIComponent(pathname) === t.path);
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 }, mb: 1 }}>
        {title}
      </Typography>
      {tabs && (
        <Tabs
          value={current === -1 ? false : current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab key={t.path} label={t.label} component={RouterLink} to={t.path} />
          ))}
        </Tabs>
      )}
      {children}
    </Box>
  );
}

export function StatusChip({ status }: { status: string }) {
  const label = COPY_STATUS_LABELS[status as TCopyStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <Chip
      size="small"
      label={label}
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'available' ? 'filled' : 'outlined'}
    />
  );
}

/** A failed call: the server's message and a retry, never an empty list. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {error instanceof Error ? error.message : 'Could not load'}
    </Alert>
  );
}

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right';
}

/** A table on wide screens, cards on phones. */
export function ResponsiveList<T>({
  rows,
  columns,
  keyOf,
  empty,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  keyOf: (r: T) => string | number;
  empty: string;
  testId?: string;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  if (!wide) {
    return (
      <Stack spacing={1} data-testid={testId}>
        {rows.map((r) => (
          <Card key={keyOf(r)} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              {columns.map((c) => (
                <Box key={c.label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
                  <Typography variant="body2" color="text.secondary">
                    {c.label}
                  </Typography>
                  <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{c.render(r)}</Box>
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Box
      component="table"
      data-testid={testId}
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, textAlign: 'left', fontSize: 14, verticalAlign: 'middle' },
        '& th': { fontWeight: 700, bgcolor: 'action.hover' },
      }}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} style={{ textAlign: c.align ?? 'left' }}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={keyOf(r)}>
            {columns.map((c) => (
              <td key={c.label} style={{ textAlign: c.align ?? 'left' }}>
                {c.render(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
