import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Box, Container, useMediaQuery } from '@mui/material';
import { PageRoles } from '../../lib/authorization';
import { getSessionUser } from '../../lib/session';
import { PageLoading } from '../common/PageLoading';
import { Header } from './Header';
import { MegaMenu } from './MegaMenu';
import { menuFor, pageRoles } from './menu-tree';
import { Sidebar } from './Sidebar';

/** Every /app page: header, the mega-menu at 1280 px and wider, the sidebar drawer, then the page. */
export function AppLayout({ children, maxWidth = 'xl' }: { children: ReactNode; maxWidth?: 'md' | 'lg' | 'xl' | false }) {
  const user = getSessionUser();
  const wide = useMediaQuery('(min-width:1280px)');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  if (!user) return <Navigate to="/" replace />;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Header user={user} onMenu={() => setOpen(true)} />
      {wide && <MegaMenu groups={menuFor(user.roles)} />}
      <Sidebar user={user} open={open} onClose={() => setOpen(false)} />
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 }, flexGrow: 1 }}>
        <PageRoles roles={pageRoles(pathname)}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </PageRoles>
      </Container>
    </Box>
  );
}
