import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { PATHS } from '@erp/shared';
import { ApiError } from '../../lib/api-client';

const TABS = [
  { label: 'Vehicles', path: PATHS.transportVehicles },
  { label: 'Routes & Stops', path: PATHS.transportRoutes },
  { label: 'Passes', path: PATHS.transportPasses },
  { label: 'Expenses', path: PATHS.transportExpenses },
  { label: 'Monthly Report', path: PATHS.transportReports },
];

/** The transport office's pages: a title, the section tabs (links) and the page. */
export function TransportShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = TABS.findIndex((t) => decodeURI(pathname) === t.path);
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Tabs
          value={current < 0 ? false : current}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Transport sections"
          sx={{ mb: 2 }}
        >
          {TABS.map((t) => (
            <Tab key={t.path} label={t.label} component={RouterLink} to={t.path} />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export const errorText = (e: unknown, fallback = 'Something went wrong') =>
  e instanceof ApiError || e instanceof Error ? e.message : fallback;

/** Loading, failed (with retry) and empty states of a list; renders children when there is data. */
export function ListState(props: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (props.loading)
    return (
      <Box sx={{ py: 4, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (props.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={props.onRetry}>
            Retry
          </Button>
        }
      >
        {errorText(props.error, 'Could not load the list')}
      </Alert>
    );
  if (props.empty) return <Alert severity="info">{props.emptyText}</Alert>;
  return <>{props.children}</>;
}

/** Phones get a card per row instead of a wide table. */
export function useNarrow() {
  return useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
}

/** One row of a list as a card on phones: a title line, detail lines and actions. */
export function RowCard(props: {
  title: ReactNode;
  aside?: ReactNode;
  lines: ReactNode[];
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 2, mb: 1 }} data-testid={props.testId}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
            {props.title}
          </Typography>
          {props.aside}
        </Box>
        {props.lines.map((l, i) => (
          <Typography key={i} variant="body2" color={i === 0 ? 'text.primary' : 'text.secondary'}>
            {l}
          </Typography>
        ))}
        {props.actions && <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>{props.actions}</Box>}
      </CardContent>
    </Card>
  );
}
