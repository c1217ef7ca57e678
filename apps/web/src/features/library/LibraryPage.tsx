import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { LIBRARY_PATHS, LIBRARY_STAFF } from '@erp/shared';
import { useCan } from '../../lib/authorization';

const TABS = [
  { label: 'Issue / Return', path: LIBRARY_PATHS.desk },
  { label: 'Books', path: LIBRARY_PATHS.books },
  { label: 'Allowances', path: LIBRARY_PATHS.allowances },
  { label: 'Waiting List', path: LIBRARY_PATHS.waitingList },
  { label: 'Barcodes', path: LIBRARY_PATHS.barcodes },
  { label: 'History', path: LIBRARY_PATHS.history },
  { label: 'Patron Overrides', path: LIBRARY_PATHS.overrides },
];

/** The library's pages for the desk staff, one tab each. */
export function LibraryPage({ title, children, tabs = true }: { title: string; children: ReactNode; tabs?: boolean }) {
  const { pathname } = useLocation();
  const current = TABS.findIndex((t) => decodeURIComponent(pathname) === t.path);
  // Leadership reads the reports page only (their library figures drill there): no desk tabs.
  const staff = useCan(LIBRARY_STAFF);
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 }, mb: 1 }}>
        {title}
      </Typography>
      {tabs && staff && (
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
