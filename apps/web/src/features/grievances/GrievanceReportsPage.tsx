import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Typography } from '@mui/material';
import { DataTable } from '../../components/DataTable';
import { GridTable } from '../../components/GridTable';
import { DateRangeField } from '../../components/DateRangeField';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useGrievanceReport } from './api';
import { categoryLabel, ddmmyyyy, statusLabel } from './format';

/** A small count by one key: a fixed two-column grid that stays a table on a phone (cards would run long). */
const Count = ({ rows, label }: { rows: Array<{ key: string; count: number }>; label: string }) => (
  <Paper sx={{ p: 2, borderRadius: 3 }}>
    {rows.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {label}: none.
      </Typography>
    ) : (
      <GridTable
        label={label}
        head={[
          { key: 'key', content: label },
          { key: 'count', content: 'Grievances', align: 'right' },
        ]}
        rows={rows.map((r) => ({
          key: r.key,
          cells: [
            { key: 'key', content: r.key, rowHeader: true },
            { key: 'count', content: r.count, align: 'right' },
          ],
        }))}
      />
    )}
  </Paper>
);

/** The figures NAAC asks about grievance redressal: counts, median days to decide, overdue list. */
export function GrievanceReportsPage() {
  const [range, setRange] = useState({ from: '', to: '' });
  const { from, to } = range;
  const q = useGrievanceReport({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const r = q.data;
  return (
    <Box>
      <Button component={RouterLink} to="/app/grievance-redressal" sx={{ mb: 1 }}>
        ← Grievances
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 2 }}>
        Grievance reports
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <DateRangeField size="small" fromLabel="Lodged from" toLabel="to" {...range} onChange={setRange} />
      </Box>
      <QueryState query={q} height={240}>
        {r && (
          <>
            <StatsPanel
              variant="cards"
              testId="grievance-figures"
              columns={{ xs: 2, md: 5 }}
              sx={{ gap: 2, mb: 2 }}
              stats={[
                { label: 'Received', value: r.total },
                { label: 'Decided', value: r.decided },
                { label: 'Within the deadline', value: r.resolvedWithinDeadline },
                { label: 'Pending', value: r.pending },
                { label: 'Median days to decide', value: r.medianDaysToResolve ?? '—' },
              ]}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 2 }}>
              <Count
                label="Category"
                rows={r.byCategory.filter((c) => c.count).map((c) => ({ key: categoryLabel(c.category), count: c.count }))}
              />
              <Count label="Status" rows={r.byStatus.map((c) => ({ key: statusLabel(c.status), count: c.count }))} />
              <Count label="Month" rows={r.byMonth.map((c) => ({ key: c.month, count: c.count }))} />
            </Box>
            <Typography variant="h6" sx={{ mb: 1 }}>
              Overdue ({r.overdue.length})
            </Typography>
            <DataTable
              label="Overdue grievances"
              columns={[
                {
                  key: 'number',
                  header: 'Number',
                  render: (g) => <RouterLink to={`/app/grievance-redressal/${g.id}`}>{g.number}</RouterLink>,
                },
                { key: 'subject', header: 'Subject' },
                { key: 'category', header: 'Category', value: (g) => categoryLabel(g.category) },
                { key: 'dueOn', header: 'Due', value: (g) => ddmmyyyy(g.dueOn) },
                { key: 'status', header: 'Status', value: (g) => statusLabel(g.status) },
              ]}
              rows={r.overdue}
              rowKey={(g) => g.id}
              loading={false}
              emptyText="Nothing is overdue."
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}
