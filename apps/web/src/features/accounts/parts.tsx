import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Tab,
  Tabs,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import { ACCOUNTS_PATHS } from './paths';
import { toPaise, toRupeeText } from './format';

const TABS: Array<[string, string]> = [
  [ACCOUNTS_PATHS.counter, 'Fee Collection'],
  [ACCOUNTS_PATHS.concessions, 'Scholarship and Waiver'],
  [ACCOUNTS_PATHS.vendors, 'Vendor Payment'],
  [ACCOUNTS_PATHS.reports, 'Transaction History'],
  [ACCOUNTS_PATHS.setup, 'Fee Structures'],
];

/** The office's page title and the tabs between its pages. */
export function AccountsHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { pathname } = useLocation();
  const current = TABS.find(([p]) => decodeURI(pathname).startsWith(p))?.[0] ?? false;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 } }}>
          {title}
        </Typography>
        {children}
      </Box>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mt: 1 }}
        aria-label="Accounts pages"
      >
        {TABS.map(([path, label]) => (
          <Tab key={path} value={path} label={label} component={RouterLink} to={path} />
        ))}
      </Tabs>
    </Box>
  );
}

/** Loading, a failed call (with retry) or nothing to show; otherwise the children. */
export function QueryState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown; isFetching?: boolean };
  empty?: boolean;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }} role="status" aria-label="Loading">
        <CircularProgress size={28} />
      </Box>
    );
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {query.error?.message ?? 'The call failed'}
      </Alert>
    );
  if (empty)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        Nothing to show.
      </Typography>
    );
  return <>{children}</>;
}

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 1.5, md: 2 }, mb: 2, borderRadius: 3 }} component="section" aria-label={title}>
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

/** A rupee amount typed by a person, kept in the form as paise. */
export function RupeeField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: number; onChange: (paise: number) => void }) {
  const [text, setText] = useState(toRupeeText(value));
  const [last, setLast] = useState(value);
  // A value set from outside (a reset, a suggested amount) replaces what was typed.
  if (value !== last) {
    setLast(value);
    if (toPaise(text) !== value) setText(toRupeeText(value));
  }
  return (
    <TextField
      {...props}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        setText(e.target.value);
        const p = toPaise(e.target.value);
        setLast(Number.isNaN(p) ? 0 : p);
        onChange(Number.isNaN(p) ? 0 : p);
      }}
      slotProps={{ input: { startAdornment: <span style={{ marginRight: 4 }}>₹</span> } }}
    />
  );
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function Scroll({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ overflowX: 'auto', WebkitOverflowScrolling: 'touch', '& th, & td': { whiteSpace: { xs: 'nowrap', md: 'normal' } } }}
    >
      {children}
    </Box>
  );
}
