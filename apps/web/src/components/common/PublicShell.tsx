import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { pngSrc, useCollegeName, useLogoData } from '../../lib/college';

/** Frame of the public pages: a slim bar with the college, a Home link, the page, and a footer. */
export function PublicShell({ children, maxWidth = 'md', bare = false }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' | 'xl'; bare?: boolean }) {
  const collegeName = useCollegeName();
  const logo = useLogoData();
  const logoSrc = pngSrc(logo.data?.Logo);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1.5 }}>
          <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none', minWidth: 0, flexGrow: 1 }}>
            <Box sx={{ width: 36, height: 36, flexShrink: 0 }}>
              {logoSrc && <Box component="img" src={logoSrc} alt="College logo" width={36} height={36} sx={{ display: 'block', width: 36, height: 36 }} />}
            </Box>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700, color: 'primary.dark' }}>
              {collegeName}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/" startIcon={<HomeOutlined />}>
            Home
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
        {bare ? children : <Box sx={{ bgcolor: 'background.paper', borderRadius: 3, p: { xs: 2.5, sm: 5 }, boxShadow: '0 8px 30px rgba(20,50,100,0.06)' }}>{children}</Box>}
      </Container>
      <Footer />
    </Box>
  );
}

export function Footer() {
  const collegeName = useCollegeName();
  return (
    <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
      © {new Date().getFullYear()} {collegeName}. All rights reserved. ·{' '}
      <Box component={RouterLink} to="/terms" sx={{ color: 'inherit' }}>
        Terms
      </Box>{' '}
      ·{' '}
      <Box component={RouterLink} to="/privacy" sx={{ color: 'inherit' }}>
        Privacy
      </Box>{' '}
      ·{' '}
      <Box component={RouterLink} to="/return" sx={{ color: 'inherit' }}>
        Returns
      </Box>
    </Box>
  );
}
