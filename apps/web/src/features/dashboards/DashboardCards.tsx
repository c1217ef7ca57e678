import { Link as RouterLink } from 'react-router';
import { Avatar, Box, Card, CardContent, Chip, Link, Skeleton, Typography } from '@mui/material';
import Groups from '@mui/icons-material/Groups';
import Apartment from '@mui/icons-material/Apartment';
import School from '@mui/icons-material/School';
import HowToReg from '@mui/icons-material/HowToReg';
import Assignment from '@mui/icons-material/Assignment';
import Payments from '@mui/icons-material/Payments';
import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Widgets from '@mui/icons-material/Widgets';
import type { SvgIconComponent } from '@mui/icons-material';
import { pageRoles, roleLabel, type MenuGroup } from '../../components/layout';
import { can } from '../../lib/authorization';
import type { TDashboardSummary } from '@erp/shared';
import type { ModuleName } from '../../lib/module-hints';
import { getSessionUser, type SessionUser } from '../../lib/session';
import { CHIP_LINKS, STAT_LABELS, formatStat, hintsOf, type StatKey } from './dashboards';

const STAT_ICONS: Record<StatKey, SvgIconComponent> = {
  students: Groups,
  departments: Apartment,
  faculty: School,
  admissions: HowToReg,
  examTitles: Assignment,
  payments: Payments,
  paymentsTotal: CurrencyRupee,
};

/** Who is signed in, in one compact card (the dashboards lead with the work, not this). */
export function ProfileCard({ user }: { user: SessionUser }) {
  const rows: Array<[string, string]> = [
    ['Login ID', user.username],
    ['Email', user.email || '—'],
    ['Department', user.program || '—'],
    ['Institute Type', user.instituteType || '—'],
  ];
  return (
    <Card sx={{ borderRadius: 3 }} data-testid="profile-card">
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0, flex: '1 1 240px' }}>
          <Avatar
            sx={{
              width: 40,
              height: 40,
              background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
            }}
          >
            {(user.fullName || user.username).charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
              {user.fullName || user.username}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {user.roles.map((r) => (
                <Chip key={r} label={roleLabel(r)} size="small" color="primary" variant="outlined" data-testid="role-chip" />
              ))}
            </Box>
          </Box>
        </Box>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, flex: '2 1 320px' }}>
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function StatCards({ keys, data, loading, failed }: { keys: StatKey[]; data: TDashboardSummary | undefined; loading: boolean; failed: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
        alignContent: 'start',
      }}
    >
      {keys.map((k) => {
        const Icon = STAT_ICONS[k];
        return (
          <Card key={k} sx={{ borderRadius: 3 }} data-testid={`stat-${k}`}>
            <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
              <Box
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: '#fff',
                  mb: 1.5,
                  opacity: 0.9,
                }}
              >
                <Icon fontSize="small" />
              </Box>
              <Typography variant="h4" component="p" sx={{ fontSize: { xs: 22, sm: 30 } }} data-testid={`stat-${k}-value`}>
                {loading ? <Skeleton width={60} /> : failed || data?.[k] === undefined ? '—' : formatStat(k, data[k])}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {STAT_LABELS[k]}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

const MODULE_LABEL: Partial<Record<ModuleName, string>> = { Results: 'Exam Results', Parent: 'Student Profile' };

export function ModuleCards({ modules, links = {} }: { modules: ModuleName[]; links?: Partial<Record<string, string>> }) {
  const user = getSessionUser();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
      {modules.map((m) => {
        const hints = hintsOf(m);
        return (
          <Card key={m} sx={{ borderRadius: 3 }} data-testid={`module-${m}`}>
            <CardContent sx={{ p: 2.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                <Widgets color="secondary" />
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {MODULE_LABEL[m] ?? m}
                </Typography>
              </Box>
              {hints.length ? (
                <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                  {hints.map((h) => {
                    const to = links[h] ?? CHIP_LINKS[m]?.[h];
                    // a chip leads only where the user may go (the page's menu link says who)
                    return to && can(user, pageRoles(to)) ? (
                      <Chip
                        key={h}
                        label={h}
                        size="small"
                        clickable
                        component={RouterLink}
                        to={to}
                        color="primary"
                        variant="outlined"
                      />
                    ) : (
                      <Chip key={h} label={h} size="small" sx={{ bgcolor: 'action.hover' }} />
                    );
                  })}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Company drives, offers and placed students.
                </Typography>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

/** Quick links: the titles of the user's menu, without the Home group. */
export function QuickLinks({ groups }: { groups: MenuGroup[] }) {
  const titles = groups
    .filter((g) => g.group !== 'Home')
    .flatMap((g) => g.children.flatMap((c) => c.titles.map((t) => ({ ...t, group: g.group }))));
  const unique = titles.filter((t, i) => titles.findIndex((o) => o.path === t.path) === i);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
      {unique.map((t) => (
        <Card key={t.path} sx={{ borderRadius: 2 }}>
          <Link
            component={RouterLink}
            to={t.path}
            underline="none"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              p: 2,
              color: 'text.primary',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
            }}
          >
            <Box>
              <Typography variant="caption" color="text.secondary">
                {t.group}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{t.title}</Typography>
            </Box>
            <ArrowForward color="primary" fontSize="small" />
          </Link>
        </Card>
      ))}
    </Box>
  );
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 2 }}>
      {children}
    </Typography>
  );
}
