import { Box, Card, CardContent, Typography } from '@mui/material';
import { summaryFiguresFor } from '@erp/shared';
import { menuFor } from '../../components/layout';
import { useSlots, widgetsFor } from '../../components/slots';
import { useDashboardSummary } from '../../lib/college';
import { getSessionUser } from '../../lib/session';
import type { DashboardDef } from './dashboards';
import { ModuleCards, ProfileCard, QuickLinks, SectionTitle, StatCards } from './DashboardCards';

/** A role's landing page: who is signed in, live counts, the role's modules, links and panels. */
export function RoleDashboard({ def }: { def: DashboardDef }) {
  const user = getSessionUser()!;
  const summary = useDashboardSummary();
  const widgets = widgetsFor(useSlots(), user.roles);
  const groups = menuFor(user.roles);
  // The server answers each role only its own figures; show only those.
  const figures = summaryFiguresFor(user.roles);
  return (
    <Box data-testid="role-dashboard" data-path={def.path}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 } }}>
        {def.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Welcome back, {user.fullName || user.username}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '340px 1fr' } }}>
        <ProfileCard user={user} />
        <StatCards keys={def.stats.filter((k) => figures.includes(k))} data={summary.data} loading={summary.isPending} failed={summary.isError} />
      </Box>
      <SectionTitle>Your modules</SectionTitle>
      <ModuleCards modules={def.modules} links={def.chipLinks} />
      {widgets.length > 0 && (
        <>
          <SectionTitle>Overview</SectionTitle>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
            {widgets.map((W, i) => (
              <Card key={i} sx={{ borderRadius: 3 }}>
                <CardContent>
                  <W />
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      )}
      <SectionTitle>Quick links</SectionTitle>
      <QuickLinks groups={groups} />
    </Box>
  );
}
