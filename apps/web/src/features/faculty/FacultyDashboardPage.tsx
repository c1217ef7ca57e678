import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Verified from '@mui/icons-material/Verified';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Handshake from '@mui/icons-material/Handshake';
import type { SvgIconComponent } from '@mui/icons-material';
import { PATHS, financialYear } from '@erp/shared';
import { getSessionUser, type SessionUser } from '../../lib/session';
import { useSlots, widgetsFor } from '../../components/slots';
import { COUNT_CALLS, useCount, useProfile, type CountCall } from './api';

const ICONS: Record<string, SvgIconComponent> = {
  Publications: MenuBook,
  Citations: FormatQuote,
  Scopus: Verified,
  Awards: EmojiEvents,
  MoUs: Handshake,
};

export function CountCard({ call, label, userName }: { call: CountCall; label: string; userName: string }) {
  const q = useCount(call, userName);
  const Icon = ICONS[label];
  return (
    <Card sx={{ borderRadius: 3 }} data-testid={`count-${label}`}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: '#fff',
            flexShrink: 0,
          }}
        >
          <Icon />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`count-${label}-value`}>
            {q.isLoading ? <Skeleton width={40} /> : q.isError ? '—' : q.data}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

export function CountCards({ userName }: { userName: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fit, minmax(160px, 1fr))' } }}>
      {COUNT_CALLS.map((c) => (
        <CountCard key={c.label} call={c.call} label={c.label} userName={userName} />
      ))}
    </Box>
  );
}

function Details({ user }: { user: SessionUser }) {
  const profile = useProfile({
    collegeId: user.collegeId,
    financialYear: financialYear(),
    typeofInstitution: user.instituteType,
    userId: user.username,
  });
  const p = profile.data;
  const rows: Array<[string, string]> = [
    ['Name', user.fullName || user.username],
    ['Email', user.email],
    ['Department', user.program],
    ...(p
      ? ([
          ['Designation', p.designation],
          ['Qualification', p.qualification],
          ['Specialization', p.specialization],
          ['Experience', p.experienceYears ? `${p.experienceYears} years` : ''],
          ['Financial Year', p.financialYear],
        ] as Array<[string, string]>)
      : []),
  ];
  return (
    <Card sx={{ borderRadius: 3 }} data-testid="faculty-details">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Faculty Details
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '110px 1fr', sm: '140px 1fr' }, rowGap: 1, m: 0 }}>
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {k}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}
                data-testid={`detail-${k}`}
              >
                {v || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /app/Faculty/Dashboard: who I am, and my research counts from the faculty database calls. */
export function FacultyDashboardPage() {
  const user = getSessionUser();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Faculty Dashboard
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={PATHS.facultyPublications} variant="outlined">
            My Publications
          </Button>
          <Button component={RouterLink} to={PATHS.facultyAchievements} variant="outlined">
            Achievements
          </Button>
        </Box>
      </Box>
      <Details user={user} />
      <CountCards userName={user.username} />
      <Panels roles={user.roles} />
    </Box>
  );
}

/** Other features' panels for faculty (attendance sheet, leave, timetable), through the app's slots. */
function Panels({ roles }: { roles: string[] }) {
  const widgets = widgetsFor(useSlots(), roles);
  if (widgets.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {widgets.map((W, i) => (
        <Card key={i} variant="outlined" sx={{ borderRadius: 3 }}>
          <CardContent>
            <W />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
