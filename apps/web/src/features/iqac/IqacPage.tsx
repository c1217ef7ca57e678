import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import Login from '@mui/icons-material/Login';
import Dashboard from '@mui/icons-material/Dashboard';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Leaderboard from '@mui/icons-material/Leaderboard';
import Insights from '@mui/icons-material/Insights';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { SvgIconComponent } from '@mui/icons-material';
import { NewTabNote, PublicShell } from '../../components/common';

interface IqacCard {
  title: string;
  text: string;
  icon: SvgIconComponent;
  to: string;
  newTab: boolean;
}

export const IQAC_CARDS: IqacCard[] = [
  { title: 'IQAC Login', text: 'Sign in as IQAC incharge or coordinator', icon: Login, to: '/login/IQAC', newTab: false },
  { title: 'Faculty Dashboard', text: 'Faculty profiles, publications and awards', icon: Dashboard, to: '/', newTab: false },
  { title: 'NAAC', text: 'National Assessment and Accreditation Council', icon: WorkspacePremium, to: '/naac/', newTab: true },
  { title: 'NIRF', text: 'National Institutional Ranking Framework', icon: Leaderboard, to: '/nirf/', newTab: true },
  { title: 'OBE', text: 'Outcome Based Education', icon: Insights, to: '/obe/', newTab: true },
];

/** IQAC MODULE: login and the quality frameworks (NAAC, NIRF, OBE open in a new tab). */
export function IqacPage() {
  return (
    <PublicShell maxWidth="lg" bare>
      <Typography variant="h4" component="h1" align="center" sx={{ mb: 1, letterSpacing: 1, fontSize: { xs: 26, md: 34 } }}>
        IQAC MODULE
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 4 }}>
        Internal Quality Assurance Cell
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {IQAC_CARDS.map((c) => {
          const Icon = c.icon;
          const link = c.newTab
            ? { component: 'a' as const, href: c.to, target: '_blank', rel: 'noopener noreferrer' }
            : { component: RouterLink, to: c.to };
          return (
            <Card key={c.title} sx={{ borderRadius: 3, transition: 'box-shadow .2s', '&:hover': { boxShadow: '0 12px 28px rgba(22,86,194,0.18)' } }}>
              <CardActionArea {...link} sx={{ p: 3, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
                <Box sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', color: '#fff', background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})` }}>
                  <Icon />
                </Box>
                <Box>
                  <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                    {c.title}
                    {c.newTab && <OpenInNew sx={{ fontSize: 16, color: 'text.secondary' }} />}
                    {c.newTab && <NewTabNote />}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.text}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </PublicShell>
  );
}
