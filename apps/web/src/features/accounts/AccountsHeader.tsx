import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { ACCOUNTS_PATHS } from './paths';

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
