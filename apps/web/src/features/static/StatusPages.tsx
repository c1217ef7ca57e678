import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import Construction from '@mui/icons-material/Construction';
import RocketLaunch from '@mui/icons-material/RocketLaunch';
import { PublicShell } from '../../components/common';
import { useContactData } from '../../lib/college';

function StatusPage({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const contact = useContactData();
  const email = contact.data?.officialCommunication;
  return (
    <PublicShell maxWidth="sm">
      <Box sx={{ textAlign: 'center', py: 2 }}>
        <Box sx={{ width: 96, height: 96, borderRadius: '50%', mx: 'auto', mb: 3, display: 'grid', placeItems: 'center', color: '#fff', background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`, '& svg': { fontSize: 48 } }}>
          {icon}
        </Box>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: 26, md: 34 } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.8 }}>
          {text}
          {email && (
            <>
              {' '}
              For anything urgent, write to <a href={`mailto:${email}`}>{email}</a>.
            </>
          )}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Back to Home
        </Button>
      </Box>
    </PublicShell>
  );
}

export const MaintenancePage = () => (
  <StatusPage icon={<Construction />} title="Under Maintenance" text="The portal is being upgraded and will be back shortly. Thank you for your patience." />
);

export const ComingSoonPage = () => (
  <StatusPage icon={<RocketLaunch />} title="Coming Soon" text="This service is being prepared and will be available soon." />
);
