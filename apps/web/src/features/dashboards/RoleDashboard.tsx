import { Box, Card, CardContent, Typography } from '@mui/material';
import { summaryFiguresFor } from '@erp/shared';
import { menuFor } from '../../components/layout';
import { useSlots, widgetsFor } from '../../components/slots';
import { useDashboardSummary } from '../../lib/college';
import { getSessionUser } from '../../lib/session';
import type { DashboardDef } from './dashboards';
import { ModuleCards, ProfileCard, QuickLinks, SectionTitle, StatCards } from './DashboardCards';

/**
 * A role's landing page, work first: the office's own panels (what is due, what to decide), then
 * the counts, the modules and links, and who is signed in last, in a compact card.
 */
export function RoleDashboard({ def }: { def: DashboardDef }) {
  const user = getSessionUser()!;
  const summary = useDashboardSummary();
  const widgets = widgetsFor(useSlots(), user.roles);
  const groups = menuFor(user.roles);
  // The server answers each role only its own figures; show only those.
  const figures = summaryFiguresFor(user.roles);
  const stats = def.stats.filter((k) => figures.includes(k));
  return (
    <Box data-testid="role-dashboard" data-path={def.path}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
        {def.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: { xs: 2, md: 3 } }}>
        Welcome back, {user.fullName || user.username}
      </Typography>
      {widgets.length > 0 && (
        <Box
          data-testid="work-panels"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, mb: 1 }}
        >
          {widgets.map((W, i) => (
            <Card key={i} sx={{ borderRadius: 3 }}>
              <CardContent>
                <W />
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      {stats.length > 0 && (
        <>
          <SectionTitle>At a glance</SectionTitle>
          <StatCards keys={stats} data={summary.data} loading={summary.isPending} failed={summary.isError} />
        </>
      )}
      <SectionTitle>Your modules</SectionTitle>
      <ModuleCards modules={def.modules} links={def.chipLinks} />
      <SectionTitle>Quick links</SectionTitle>
      <QuickLinks groups={groups} />
      <SectionTitle>Your account</SectionTitle>
      <ProfileCard user={user} />
    </Box>
  );
}
