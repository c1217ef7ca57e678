import { useNavigate } from 'react-router';
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TAnalyticsFees } from '@erp/shared';
import { drill } from './drill';
import { monthLabel, shortRupees } from './format';
import { ScreenReaderTable } from './ScreenReaderTable';

const money = (v: number | null) => (v === null ? '' : shortRupees(v));

/** Demand raised against money collected, month by month, with last year's collection beside; a month opens its collections. */
export function MonthsChart({ f }: { f: TAnalyticsFees }) {
  const navigate = useNavigate();
  const months = f.byMonth.map((m) => monthLabel(m.month));
  return (
    <Box data-testid="chart-months">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Demand and collection by month
      </Typography>
      <Box aria-hidden sx={{ width: '100%', overflowX: 'auto' }}>
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: months }]}
          yAxis={[{ valueFormatter: (v: number) => shortRupees(v), width: 72 }]}
          series={[
            { data: f.byMonth.map((m) => m.demandPaise), label: 'Demand', valueFormatter: money },
            { data: f.byMonth.map((m) => m.collectedPaise), label: 'Collected', valueFormatter: money },
            { data: f.byMonth.map((m) => m.lastYearCollectedPaise), label: 'Collected last year', valueFormatter: money },
          ]}
          onAxisClick={(_e, d) => d && navigate(drill.collectedInMonth(f.byMonth[d.dataIndex].month))}
          margin={{ left: 8, right: 8 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Demand and collection by month"
        head={['Month', 'Demand', 'Collected', 'Collected last year']}
        rows={f.byMonth.map((m) => [
          monthLabel(m.month),
          shortRupees(m.demandPaise),
          shortRupees(m.collectedPaise),
          shortRupees(m.lastYearCollectedPaise),
        ])}
      />
    </Box>
  );
}

/** What students owe by how long it has been due; a bar opens the dues list. */
export function AgeChart({ f }: { f: TAnalyticsFees }) {
  const navigate = useNavigate();
  return (
    <Box data-testid="chart-ages">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Dues by age
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: f.duesByAge.map((a) => a.age) }]}
          yAxis={[{ valueFormatter: (v: number) => shortRupees(v), width: 72 }]}
          series={[{ data: f.duesByAge.map((a) => a.duePaise), label: 'Due', valueFormatter: money }]}
          hideLegend
          onAxisClick={() => navigate(drill.allDues())}
          margin={{ left: 8, right: 8 }}
        />
      </Box>
      <ScreenReaderTable
        caption="Dues by age"
        head={['Age', 'Due', 'Students']}
        rows={f.duesByAge.map((a) => [a.age, shortRupees(a.duePaise), a.students])}
      />
    </Box>
  );
}
