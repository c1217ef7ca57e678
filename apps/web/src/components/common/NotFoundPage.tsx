import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import SearchOff from '@mui/icons-material/SearchOff';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { MSG } from '@erp/shared';
import { PublicShell } from './PublicShell';

/** Any unknown path: 404 with 'Go To Dashboard' to /app/. */
export function NotFoundPage() {
  return (
    <PublicShell maxWidth="sm">
      <Box sx={{ textAlign: 'center', py: 2 }} data-testid="not-found">
        <Typography variant="h1" component="p" sx={{ fontSize: { xs: 84, md: 120 }, lineHeight: 1, background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`, WebkitBackgroundClip: 'text', color: 'transparent' }}>
          404
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button component={RouterLink} to="/app/" variant="contained" size="large">
          {MSG.goToDashboard}
        </Button>
      </Box>
    </PublicShell>
  );
}

/** The second fallback, for unknown pages inside the signed-in area. */
export function OopsPage() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, md: 8 } }} data-testid="oops-not-found">
      <SearchOff sx={{ fontSize: 96, color: 'primary.light' }} />
      <Typography variant="h4" component="h1" sx={{ mt: 2, fontSize: { xs: 26, md: 34 } }}>
        {MSG.pageNotFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        This screen is not part of your portal.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlined />}>
        Home
      </Button>
    </Box>
  );
}
