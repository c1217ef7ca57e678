import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TAnalyticsOffices } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useOfficeFigures } from './api';
import { officesDrill } from './drill';
import { ddmmyyyy, monthLabel } from './format';
import { Titled } from './MoneyTables';
import { Panel } from './Panel';
import { ScreenReaderTable } from './ScreenReaderTable';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-IN'));
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, mb: 2 };

/** Periods a week by department: faculty, periods in all, and the average a teacher. */
function byDepartment(f: TAnalyticsOffices) {
  const m = new Map<string, { faculty: number; periods: number; leave: number }>();
  for (const w of f.workload) {
    const d = m.get(w.department || '—') ?? { faculty: 0, periods: 0, leave: 0 };
    d.faculty++;
    d.periods += w.periodsPerWeek;
    d.leave += w.leaveDaysTaken;
    m.set(w.department || '—', d);
  }
  return [...m.entries()].map(([department, d]) => ({ department, ...d, average: Math.round((d.periods / d.faculty) * 10) / 10 }));
}

function Workload({ f }: { f: TAnalyticsOffices }) {
  const departments = byDepartment(f);
  return (
    <Box sx={grid}>
      <Box data-testid="chart-workload" sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" fontWeight={700}>
          Periods a week for each teacher, by department
        </Typography>
        <Box aria-hidden>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: departments.map((d) => d.department) }]}
            yAxis={[{ width: 40 }]}
            series={[{ data: departments.map((d) => d.average), label: 'Average periods a week' }]}
            margin={{ left: 8, right: 16 }}
          />
        </Box>
        <ScreenReaderTable
          caption="Workload by department"
          head={['Department', 'Faculty on the timetable', 'Periods a week', 'Average a teacher', `Leave days ${f.academicYear}`]}
          rows={departments.map((d) => [d.department, d.faculty, d.periods, d.average, d.leave])}
        />
      </Box>
      <Titled title={`Faculty workload (leave in ${f.academicYear})`}>
        <DataTable
          label="Faculty workload"
          columns={[
            { key: 'name', header: 'Faculty' },
            { key: 'department', header: 'Department', hideBelow: 'sm' },
            {
              key: 'periodsPerWeek',
              header: 'Periods a week',
              align: 'right',
              render: (w) => (
                <Link component={RouterLink} to={officesDrill.timetable()} aria-label={`Timetable: ${w.name}`}>
                  {w.periodsPerWeek}
                </Link>
              ),
              value: (w) => w.periodsPerWeek,
            },
            {
              key: 'leaveDaysTaken',
              header: 'Leave days',
              align: 'right',
              render: (w) => (
                <Link component={RouterLink} to={officesDrill.leave()} aria-label={`Leave of ${w.name}`}>
                  {w.leaveDaysTaken}
                </Link>
              ),
              value: (w) => w.leaveDaysTaken,
            },
          ]}
          rows={f.workload}
          rowKey={(w) => w.facultyId}
          loading={false}
          search
          searchPlaceholder="Faculty or department"
          emptyText="No class on the timetable."
          paging={10}
        />
      </Titled>
    </Box>
  );
}

function Hostels({ f }: { f: TAnalyticsOffices }) {
  const navigate = useNavigate();
  return (
    <Box data-testid="chart-hostels" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Hostel beds
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: f.hostels.map((h) => h.name) }]}
          yAxis={[{ width: 40 }]}
          series={[
            { data: f.hostels.map((h) => h.occupied), label: 'Occupied', stack: 'beds' },
            { data: f.hostels.map((h) => h.reserved), label: 'Reserved', stack: 'beds' },
            { data: f.hostels.map((h) => h.free), label: 'Free', stack: 'beds' },
          ]}
          onAxisClick={(_e, d) => d && navigate(officesDrill.hostel(f.hostels[d.dataIndex].id))}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Hostel beds"
        head={['Hostel', 'Beds', 'Occupied', 'Reserved', 'Free']}
        rows={f.hostels.map((h) => [h.name, h.beds, h.occupied, h.reserved, h.free])}
      />
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {f.hostels.map((h) => (
          <li key={h.id}>
            <Link component={RouterLink} to={officesDrill.hostel(h.id)} data-testid={`drill-hostel-${h.id}`}>
              {h.name}
            </Link>
            : {n(h.occupied)} of {n(h.beds)} beds occupied
          </li>
        ))}
      </Box>
    </Box>
  );
}

function Transport({ f }: { f: TAnalyticsOffices }) {
  const navigate = useNavigate();
  return (
    <Box data-testid="chart-transport" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Bus seats and passes by route
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: f.transport.map((r) => r.code) }]}
          yAxis={[{ width: 40 }]}
          series={[
            { data: f.transport.map((r) => r.seats ?? 0), label: 'Seats' },
            { data: f.transport.map((r) => r.passes), label: 'Passes' },
          ]}
          onAxisClick={() => navigate(officesDrill.routes())}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Bus seats and passes by route"
        head={['Route', 'Seats', 'Passes']}
        rows={f.transport.map((r) => [`${r.code} ${r.name}`, n(r.seats), r.passes])}
      />
      <Link component={RouterLink} to={officesDrill.routes()}>
        Open the transport office&apos;s routes
      </Link>
    </Box>
  );
}

/** Faculty workload and leave, hostel and transport occupancy, grievances and library use: each office's own counts. */
export function OfficesSection() {
  const q = useOfficeFigures();
  const f = q.data;
  return (
    <Panel title="Offices">
      <QueryState query={q} height={300} what="the offices' figures">
        {f && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              As on {ddmmyyyy(f.date)}. Click a figure to open the office&apos;s own list.
            </Typography>
            <StatsPanel
              variant="cards"
              columns={{ xs: 2, md: 3, lg: 5 }}
              aria-label="Grievances and library"
              stats={[
                {
                  label: 'Grievances open',
                  value: (
                    <Link component={RouterLink} to={officesDrill.grievances()} data-testid="fig-grievances-open">
                      {n(f.grievances.open)}
                    </Link>
                  ),
                },
                {
                  label: 'Past their deadline',
                  value: (
                    <Link component={RouterLink} to={officesDrill.grievances(true)} data-testid="fig-grievances-overdue">
                      {n(f.grievances.overdue)}
                    </Link>
                  ),
                },
                {
                  label: `Library issues, ${monthLabel(f.library.month)}`,
                  value: (
                    <Link component={RouterLink} to={officesDrill.library()} data-testid="fig-library-issued">
                      {n(f.library.issuedThisMonth)}
                    </Link>
                  ),
                },
                { label: 'Books on loan', value: n(f.library.onLoan) },
                {
                  label: 'Loans overdue',
                  value: (
                    <Link component={RouterLink} to={officesDrill.library()} data-testid="fig-library-overdue">
                      {n(f.library.overdue)}
                    </Link>
                  ),
                },
              ]}
            />
            <Box sx={{ mt: 2 }}>
              <Workload f={f} />
            </Box>
            <Box sx={grid}>
              <Hostels f={f} />
              <Transport f={f} />
            </Box>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
