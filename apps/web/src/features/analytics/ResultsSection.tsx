import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { qualityYearLabel, type TAnalyticsResults } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useResultFigures } from './api';
import { resultsDrill } from './drill';
import { Titled } from './MoneyTables';
import { Panel } from './Panel';
import { ScreenReaderTable } from './ScreenReaderTable';
import { thisAcademicYear, YearField } from './YearField';

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
const share = (passed: number, appeared: number) => (appeared ? Math.round((passed * 1000) / appeared) / 10 : null);

/** Each branch's pass % year by year (every semester's regular examinations together). */
function TrendChart({ f }: { f: TAnalyticsResults }) {
  const branches = [...new Set(f.byBranchSemester.map((r) => r.branch))].sort();
  const of = (branch: string, year: number) => {
    const rows = f.byBranchSemester.filter((r) => r.branch === branch && r.year === year);
    return share(
      rows.reduce((s, r) => s + r.passed, 0),
      rows.reduce((s, r) => s + r.appeared, 0),
    );
  };
  const labels = f.years.map(qualityYearLabel);
  return (
    <Box data-testid="chart-results-trend" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Pass % by branch over the years
      </Typography>
      <Box aria-hidden>
        <LineChart
          height={260}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
          series={branches.map((b) => ({
            data: f.years.map((y) => of(b, y)),
            label: b,
            connectNulls: true,
            curve: 'linear' as const,
            valueFormatter: (v: number | null) => pct(v),
          }))}
          margin={{ left: 8, right: 28 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Pass % by branch over the years"
        head={['Branch', ...labels]}
        rows={branches.map((b) => [b, ...f.years.map((y) => pct(of(b, y)))])}
      />
    </Box>
  );
}

/** This year's pass % by branch and semester; a bar opens the published exams. */
function SemesterChart({ f }: { f: TAnalyticsResults }) {
  const navigate = useNavigate();
  const rows = f.byBranchSemester.filter((r) => r.year === f.year.year);
  return (
    <Box data-testid="chart-results-semesters" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Pass % by branch and semester, {f.year.label}
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => `${r.branch} ${r.semester}`) }]}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
          series={[{ data: rows.map((r) => r.passPercent), label: 'Pass %', valueFormatter: (v: number | null) => pct(v) }]}
          hideLegend
          onAxisClick={() => navigate(resultsDrill.exams())}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption={`Pass % by branch and semester, ${f.year.label}`}
        head={['Branch and semester', 'Appeared', 'Passed', 'Pass %']}
        rows={rows.map((r) => [`${r.branch} ${r.semester}`, r.appeared, r.passed, pct(r.passPercent)])}
      />
    </Box>
  );
}

/** Pass % by branch, semester and subject over the years; students with backlogs; each branch's toppers. */
export function ResultsSection() {
  const [year, setYear] = useState(thisAcademicYear);
  const q = useResultFigures(String(year));
  const f = q.data;
  return (
    <Panel title="Results" action={<YearField value={year} onChange={setYear} />}>
      <QueryState query={q} height={300} what="the results figures">
        {f && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="results-summary">
              {f.year.label}: {f.backlogs.students.toLocaleString('en-IN')} students on the rolls carry{' '}
              {f.backlogs.courses.toLocaleString('en-IN')} backlogs. From the exam cell&apos;s published results (regular
              examinations; a student passed when every course is a pass).
            </Typography>
            {f.titles.length > 0 && (
              <Stack
                direction="row"
                useFlexGap
                spacing={1}
                sx={{ mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
                aria-label="Exams published this year"
              >
                {f.titles.map((t) => (
                  <Link key={t} component={RouterLink} to={resultsDrill.title(t)} variant="body2">
                    {t}
                  </Link>
                ))}
              </Stack>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
                mb: 2,
              }}
            >
              <TrendChart f={f} />
              <SemesterChart f={f} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
              <Titled title="Toppers">
                <DataTable
                  label="Toppers"
                  columns={[
                    { key: 'branch', header: 'Branch', value: (t) => `${t.branch} #${t.rank}` },
                    {
                      key: 'name',
                      header: 'Student',
                      render: (t) => (
                        <Link component={RouterLink} to={resultsDrill.title(t.title)} aria-label={`Result of ${t.rollNo}`}>
                          {t.name} ({t.rollNo})
                        </Link>
                      ),
                      value: (t) => `${t.name} (${t.rollNo})`,
                    },
                    { key: 'sgpa', header: 'SGPA', align: 'right', value: (t) => t.sgpa.toFixed(2) },
                    { key: 'cgpa', header: 'CGPA', align: 'right', value: (t) => t.cgpa.toFixed(2) },
                  ]}
                  rows={f.toppers}
                  rowKey={(t) => `${t.branch}|${t.rollNo}`}
                  loading={false}
                  emptyText="No regular examination published this year."
                  paging={10}
                />
              </Titled>
              <Titled title="Backlogs by branch and batch">
                <DataTable
                  label="Backlogs by branch and batch"
                  columns={[
                    { key: 'branch', header: 'Branch / batch', value: (b) => `${b.branch} ${b.batch}` },
                    { key: 'students', header: 'Students', align: 'right' },
                    { key: 'courses', header: 'Courses', align: 'right' },
                  ]}
                  rows={f.backlogs.byBranch}
                  rowKey={(b) => `${b.branch}|${b.batch}`}
                  loading={false}
                  emptyText="No student on the rolls has a backlog."
                  paging={10}
                />
              </Titled>
              <Titled title="Pass % by subject">
                <DataTable
                  label="Pass % by subject"
                  columns={[
                    { key: 'course', header: 'Subject', value: (s) => `${s.courseCode} ${s.course}` },
                    { key: 'year', header: 'Year', value: (s) => qualityYearLabel(s.year) },
                    { key: 'appeared', header: 'Appeared', align: 'right', hideBelow: 'sm' },
                    { key: 'passPercent', header: 'Pass %', align: 'right', value: (s) => pct(s.passPercent) },
                  ]}
                  rows={[...f.bySubject].sort((a, b) => b.year - a.year || a.courseCode.localeCompare(b.courseCode))}
                  rowKey={(s) => `${s.year}|${s.courseCode}`}
                  loading={false}
                  emptyText="No regular examination published in these years."
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
