import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Link, Tab, Tabs, Typography } from '@mui/material';
import type { TAnalyticsRange } from '@erp/shared';
import { DateRangeField, isReversed } from '../../components/DateRangeField';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { AdmissionsSection } from './AdmissionsSection';
import { useMoney, useOverview } from './api';
import { AttendanceSection } from './AttendanceSection';
import { drill } from './drill';
import { change, ddmmyyyy, shortRupees } from './format';
import { AgeChart, MonthsChart } from './MoneyCharts';
import { MoneyTables } from './MoneyTables';
import { Panel } from './Panel';
import { OfficesSection } from './OfficesSection';
import { PlacementsSection } from './PlacementsSection';
import { ResultsSection } from './ResultsSection';
import { WeeklySummaryToggle } from './WeeklySummaryToggle';

/** Today in India and the first day of its financial year (1 April). */
const officeToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const fyStart = (d: string) => `${Number(d.slice(0, 4)) - (d.slice(5, 7) < '04' ? 1 : 0)}-04-01`;

function Headlines() {
  const q = useOverview();
  const o = q.data;
  return (
    <QueryState query={q} height={90} what="the headline figures">
      {o && (
        <StatsPanel
          variant="cards"
          columns={{ xs: 2, md: 3, lg: 5 }}
          aria-label="Headline figures"
          stats={[
            { label: 'Students on the rolls', value: o.studentsOnRolls.toLocaleString('en-IN'), testId: 'fig-students' },
            { label: 'Faculty in service', value: o.facultyInService.toLocaleString('en-IN'), testId: 'fig-faculty' },
            {
              label: 'Collected this financial year',
              value: (
                <>
                  <Link component={RouterLink} to={drill.collectedIn(fyStart(o.date), o.date)} data-testid="fig-collected">
                    {shortRupees(o.collectedThisYearPaise)}
                  </Link>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {change(o.collectedThisYearPaise, o.collectedLastYearToDatePaise)}
                  </Typography>
                </>
              ),
            },
            {
              label: 'Students owe',
              value: (
                <Link component={RouterLink} to={drill.allDues()} data-testid="fig-dues">
                  {shortRupees(o.studentDuesPaise)}
                </Link>
              ),
            },
            {
              label: `Collected today (${ddmmyyyy(o.date)})`,
              value: (
                <Link component={RouterLink} to={drill.dayBook(o.date)} data-testid="fig-today">
                  {shortRupees(o.collectedTodayPaise)}
                </Link>
              ),
            },
          ]}
        />
      )}
    </QueryState>
  );
}

function Money() {
  const today = officeToday();
  const [range, setRange] = useState<Required<TAnalyticsRange>>({ from: fyStart(today), to: today });
  const reversed = isReversed(range.from, range.to);
  const q = useMoney(reversed ? { from: range.from, to: range.from } : range);
  const f = q.data;
  return (
    <Panel
      title="Money"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <DateRangeField size="small" from={range.from} to={range.to} onChange={setRange} />
        </Box>
      }
    >
      <QueryState query={q} height={300} what="the money figures">
        {f && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {ddmmyyyy(f.period.from)} to {ddmmyyyy(f.period.to)}: demand {shortRupees(f.totals.demandPaise)}, collected{' '}
              {shortRupees(f.totals.collectedPaise)} ({change(f.totals.collectedPaise, f.totals.lastYearCollectedPaise)});
              students owe {shortRupees(f.totals.duePaise)} in all. Click a month or a figure to open the accounts office&apos;s
              own list.
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '2fr 1fr' }, mb: 2 }}>
              <MonthsChart f={f} />
              <AgeChart f={f} />
            </Box>
            <MoneyTables f={f} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

const SECTIONS = {
  money: { label: 'Money', Section: Money },
  admissions: { label: 'Admissions', Section: AdmissionsSection },
  results: { label: 'Results', Section: ResultsSection },
  attendance: { label: 'Attendance', Section: AttendanceSection },
  placements: { label: 'Placements', Section: PlacementsSection },
  offices: { label: 'Offices', Section: OfficesSection },
} as const;
type SectionKey = keyof typeof SECTIONS;

/** /app/Analytics: what the principal, chairman, correspondent, dean and director decide from. */
export function AnalyticsPage() {
  // The open section is in the address (?tab=), so coming back from a drill-down finds it again.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab: SectionKey = asked in SECTIONS ? (asked as SectionKey) : 'money';
  const { Section } = SECTIONS[tab];
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
          Analytics
        </Typography>
        <WeeklySummaryToggle />
      </Box>
      <Panel title="At a glance">
        <Headlines />
      </Panel>
      <Tabs
        value={tab}
        onChange={(_e, v: SectionKey) => setParams(v === 'money' ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Analytics sections"
        sx={{ mb: 1 }}
      >
        {Object.entries(SECTIONS).map(([key, s]) => (
          <Tab key={key} value={key} label={s.label} />
        ))}
      </Tabs>
      <Section />
    </Box>
  );
}
