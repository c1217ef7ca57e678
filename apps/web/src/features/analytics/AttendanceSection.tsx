import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TAnalyticsAttendance, TAnalyticsRange } from '@erp/shared';
import { DateRangeField, isReversed } from '../../components/DateRangeField';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useAttendanceFigures } from './api';
import { attendanceDrill } from './drill';
import { ddmmyyyy } from './format';
import { Titled } from './MoneyTables';
import { Panel } from './Panel';
import { ScreenReaderTable } from './ScreenReaderTable';

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const daysBefore = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const SHOWN_MISSING = 3;

/** Each department's attendance week by week; a point opens the shortage list. */
function WeeksChart({ f }: { f: TAnalyticsAttendance }) {
  const navigate = useNavigate();
  const weeks = [...new Map(f.byDepartmentWeek.map((w) => [w.week, w.from])).entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const departments = [...new Set(f.byDepartmentWeek.map((w) => w.department))].sort();
  const at = (department: string, week: string) =>
    f.byDepartmentWeek.find((w) => w.department === department && w.week === week)?.percent ?? null;
  const labels = weeks.map(([week, from]) => `${week.slice(5)} (${ddmmyyyy(from).slice(0, 5)})`);
  return (
    <Box data-testid="chart-attendance-weeks" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Attendance by department and week
      </Typography>
      <Box aria-hidden>
        <LineChart
          height={280}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
          series={departments.map((d) => ({
            data: weeks.map(([w]) => at(d, w)),
            label: d,
            connectNulls: true,
            curve: 'linear' as const,
            valueFormatter: (v: number | null) => pct(v),
          }))}
          onAxisClick={() => navigate(attendanceDrill.shortage())}
          margin={{ left: 8, right: 28 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Attendance by department and week"
        head={['Department', ...labels]}
        rows={departments.map((d) => [d, ...weeks.map(([w]) => pct(at(d, w)))])}
      />
    </Box>
  );
}

/** Attendance by department and week, students below the threshold, and classes whose sheet never came, by faculty. */
export function AttendanceSection() {
  const [range, setRange] = useState<Required<TAnalyticsRange>>(() => ({ from: daysBefore(today(), 27), to: today() }));
  const reversed = isReversed(range.from, range.to);
  const q = useAttendanceFigures(reversed ? { from: range.from, to: range.from } : range);
  const f = q.data;
  return (
    <Panel title="Attendance" action={<DateRangeField size="small" from={range.from} to={range.to} onChange={setRange} />}>
      <QueryState query={q} height={300} what="the attendance figures">
        {f && (
          <>
            <StatsPanel
              variant="cards"
              columns={{ xs: 2, md: 3 }}
              aria-label="Attendance figures"
              sx={{ mb: 2 }}
              stats={[
                {
                  label: `Students below ${f.below.shortBelow}% now`,
                  value: (
                    <Link component={RouterLink} to={attendanceDrill.shortage()} data-testid="fig-below">
                      {f.below.students.toLocaleString('en-IN')}
                    </Link>
                  ),
                },
                {
                  label: `Sheets never submitted, ${ddmmyyyy(f.period.from)} to ${ddmmyyyy(f.period.to)}`,
                  value: f.unsubmitted.classes.toLocaleString('en-IN'),
                  testId: 'fig-unsubmitted',
                },
                {
                  label: 'Classes held in the period',
                  value: f.byDepartmentWeek.reduce((n, w) => n + w.classes, 0).toLocaleString('en-IN'),
                },
              ]}
            />
            <WeeksChart f={f} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
                mt: 2,
              }}
            >
              <Titled title="Sheets never submitted, by faculty">
                <DataTable
                  label="Sheets never submitted, by faculty"
                  columns={[
                    { key: 'faculty', header: 'Faculty', value: (r) => `${r.faculty} (${r.department || '—'})` },
                    { key: 'classes', header: 'Classes', align: 'right' },
                    {
                      key: 'missing',
                      header: 'Latest',
                      render: (r) => (
                        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                          {r.missing
                            .slice(-SHOWN_MISSING)
                            .reverse()
                            .map((m) => (
                              <Link
                                key={`${m.date}|${m.period}|${m.sectionId}`}
                                component={RouterLink}
                                to={attendanceDrill.sheets(m.sectionId, m.date)}
                                variant="body2"
                                aria-label={`Sheets of ${m.section} on ${ddmmyyyy(m.date)}`}
                              >
                                {ddmmyyyy(m.date)} P{m.period} {m.section}
                              </Link>
                            ))}
                        </Box>
                      ),
                      value: (r) => r.missing.map((m) => `${m.date} P${m.period} ${m.section}`).join('; '),
                    },
                  ]}
                  rows={f.unsubmitted.byFaculty}
                  rowKey={(r) => r.facultyId}
                  loading={false}
                  emptyText="Every class of the timetable has its sheet."
                  paging={10}
                />
              </Titled>
              <Titled title="Students below the threshold">
                <DataTable
                  label="Students below the threshold"
                  columns={[
                    { key: 'name', header: 'Student', value: (r) => `${r.name} (${r.rollNo})` },
                    { key: 'sectionLabel', header: 'Section', hideBelow: 'sm' },
                    { key: 'percent', header: '%', align: 'right', value: (r) => pct(r.percent) },
                    { key: 'standing', header: 'Standing', hideBelow: 'md' },
                  ]}
                  rows={f.below.rows}
                  rowKey={(r) => r.rollNo}
                  loading={false}
                  emptyText="No student is below the threshold."
                  paging={10}
                />
              </Titled>
            </Box>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
