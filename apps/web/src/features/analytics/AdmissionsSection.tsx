import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ADMISSION_QUOTAS, OTHER_QUOTA, type TAnalyticsAdmissions } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useAdmissionFigures } from './api';
import { admissionsDrill } from './drill';
import { Titled } from './MoneyTables';
import { Panel } from './Panel';
import { ScreenReaderTable } from './ScreenReaderTable';
import { thisAcademicYear, YearField } from './YearField';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-IN'));
const change = (now: number, before: number) =>
  before ? `${now >= before ? '+' : ''}${now - before} on last year` : 'nothing last year';

/** Intake, admitted this year and last, branch by branch; a branch opens its admissions. */
function BranchChart({ f }: { f: TAnalyticsAdmissions }) {
  const navigate = useNavigate();
  const oneCourse = new Set(f.byBranch.map((b) => b.course)).size <= 1;
  const label = (b: TAnalyticsAdmissions['byBranch'][number]) => (oneCourse ? b.branch : `${b.branch} (${b.course})`);
  return (
    <Box data-testid="chart-admissions-branches" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Seats by branch
      </Typography>
      <Box aria-hidden sx={{ width: '100%', overflowX: 'auto' }}>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: f.byBranch.map(label) }]}
          series={[
            { data: f.byBranch.map((b) => b.intake ?? 0), label: 'Sanctioned intake' },
            { data: f.byBranch.map((b) => b.admitted), label: `Admitted ${f.year.label}` },
            { data: f.byBranch.map((b) => b.lastYearAdmitted), label: `Admitted ${f.lastYear.label}` },
          ]}
          onAxisClick={(_e, d) => d && navigate(admissionsDrill.admitted(f.year.year, f.byBranch[d.dataIndex].branch))}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Seats by branch"
        head={['Branch', 'Sanctioned intake', `Admitted ${f.year.label}`, 'Seats open', `Admitted ${f.lastYear.label}`]}
        rows={f.byBranch.map((b) => [label(b), n(b.intake), b.admitted, n(b.open), b.lastYearAdmitted])}
      />
    </Box>
  );
}

/** Admitted by quota or category, this year against last. */
function SplitChart({
  f,
  by,
  title,
  testId,
}: {
  f: TAnalyticsAdmissions;
  by: 'byQuota' | 'byCategory';
  title: string;
  testId: string;
}) {
  const navigate = useNavigate();
  const rows = f[by];
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        {title}
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.name) }]}
          series={[
            { data: rows.map((r) => r.admitted), label: f.year.label },
            { data: rows.map((r) => r.lastYearAdmitted), label: f.lastYear.label },
          ]}
          onAxisClick={(_e, d) =>
            d && by === 'byQuota' && navigate(admissionsDrill.admitted(f.year.year, undefined, rows[d.dataIndex].name))
          }
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption={title}
        head={['', f.year.label, f.lastYear.label]}
        rows={rows.map((r) => [r.name, r.admitted, r.lastYearAdmitted])}
      />
    </Box>
  );
}

/** Applications → admitted by quota and category against each branch's sanctioned intake; last year beside. */
export function AdmissionsSection() {
  const [year, setYear] = useState(thisAcademicYear);
  const q = useAdmissionFigures(String(year));
  const f = q.data;
  const quotas = [...ADMISSION_QUOTAS, OTHER_QUOTA];
  return (
    <Panel title="Admissions" action={<YearField value={year} onChange={setYear} />}>
      <QueryState query={q} height={300} what="the admissions figures">
        {f && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="admissions-summary">
              {f.year.label}: {n(f.totals.applications)} applications online, {n(f.totals.admitted)} admitted (
              {change(f.totals.admitted, f.totals.lastYearAdmitted)}) against a sanctioned intake of {n(f.totals.intake)};{' '}
              {n(f.totals.open)} seats still open. Click a branch or a figure to open the admissions office&apos;s own list.
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
                mb: 2,
              }}
            >
              <BranchChart f={f} />
              <SplitChart f={f} by="byQuota" title="Admitted by quota" testId="chart-admissions-quota" />
              <SplitChart f={f} by="byCategory" title="Admitted by category" testId="chart-admissions-category" />
            </Box>
            <Titled title="Branches">
              <DataTable
                label="Admissions by branch"
                columns={[
                  { key: 'branch', header: 'Branch', value: (b) => `${b.branch} (${b.course})` },
                  { key: 'intake', header: 'Intake', align: 'right', value: (b) => n(b.intake) },
                  { key: 'applications', header: 'Applications', align: 'right', hideBelow: 'md' },
                  {
                    key: 'admitted',
                    header: 'Admitted',
                    align: 'right',
                    render: (b) => (
                      <Link
                        component={RouterLink}
                        to={admissionsDrill.admitted(f.year.year, b.branch)}
                        aria-label={`Admitted to ${b.branch}`}
                      >
                        {n(b.admitted)}
                      </Link>
                    ),
                    value: (b) => n(b.admitted),
                  },
                  { key: 'open', header: 'Open', align: 'right', value: (b) => n(b.open) },
                  ...quotas.map((quota) => ({
                    key: `quota-${quota}`,
                    header: quota,
                    align: 'right' as const,
                    hideBelow: 'lg' as const,
                    render: (b: TAnalyticsAdmissions['byBranch'][number]) =>
                      b.byQuota[quota] ? (
                        <Link
                          component={RouterLink}
                          to={admissionsDrill.admitted(f.year.year, b.branch, quota)}
                          aria-label={`${quota} admissions to ${b.branch}`}
                        >
                          {b.byQuota[quota]}
                        </Link>
                      ) : (
                        '0'
                      ),
                    value: (b: TAnalyticsAdmissions['byBranch'][number]) => String(b.byQuota[quota] ?? 0),
                  })),
                  { key: 'lastYearAdmitted', header: `Last year`, align: 'right', hideBelow: 'sm' },
                ]}
                rows={f.byBranch}
                rowKey={(b) => `${b.course}|${b.branch}`}
                loading={false}
                emptyText="No admission or application this year."
                paging={false}
              />
            </Titled>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
