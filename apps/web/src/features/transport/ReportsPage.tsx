import { useState } from 'react';
import { Box, Button, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { downloadMonthlyWorkbook, useMonthlyReport } from './api';
import { TransportShell, errorText } from './common';
import { rupees, thisMonth } from './format';

/** /app/Transport/Reports: a month's cost per km, per route and per student carried; Excel export. */
export function ReportsPage() {
  const toast = useToast();
  const [month, setMonth] = useState(thisMonth());
  const report = useMonthlyReport(month);
  const t = report.data?.totals;
  return (
    <TransportShell
      title="Monthly report"
      actions={
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => downloadMonthlyWorkbook(month).catch((e) => toast.error(errorText(e)))}
        >
          Excel
        </Button>
      }
    >
      <TextField
        size="small"
        type="month"
        label="Month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        sx={{ mb: 2 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-month' } }}
      />
      <QueryState spinner query={report}>
        {t && (
          <StatsPanel
            variant="cards"
            testId="report-totals"
            columns={{ xs: 2, md: 5 }}
            sx={{ mb: 3 }}
            stats={[
              { label: 'Total cost', value: rupees(t.total, 0) },
              { label: 'Km run', value: t.km.toLocaleString('en-IN') },
              { label: 'Cost per km', value: rupees(t.costPerKm) },
              { label: 'Students carried', value: t.students.toLocaleString('en-IN') },
              { label: 'Cost per student', value: rupees(t.costPerStudent, 0) },
            ]}
          />
        )}
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Vehicles
        </Typography>
        <Box sx={{ mb: 3 }}>
          <DataTable
            label="Cost per vehicle"
            columns={[
              {
                key: 'regNo',
                header: 'Vehicle',
                value: (v) => `${v.regNo}${v.routeCode ? ` (${v.routeCode})` : ''}`,
                render: (v) => (
                  <Box
                    component="span"
                    sx={{ fontFamily: 'monospace' }}
                  >{`${v.regNo}${v.routeCode ? ` (${v.routeCode})` : ''}`}</Box>
                ),
              },
              { key: 'fuel', header: 'Fuel', align: 'right', value: (v) => rupees(v.fuel, 0) },
              {
                key: 'maintenance',
                header: 'Maintenance & repairs',
                align: 'right',
                value: (v) => rupees(v.maintenance + v.repair, 0),
              },
              { key: 'tax', header: 'Tax & insurance', align: 'right', value: (v) => rupees(v.tax + v.insurance, 0) },
              { key: 'salary', header: 'Salaries', align: 'right', value: (v) => rupees(v.salary, 0) },
              {
                key: 'total',
                header: 'Total',
                align: 'right',
                value: (v) => rupees(v.total, 0),
                render: (v) => <b>{rupees(v.total, 0)}</b>,
              },
              { key: 'km', header: 'Km', align: 'right', value: (v) => v.km.toLocaleString('en-IN') },
              { key: 'kmPerLitre', header: 'Km/l', align: 'right', value: (v) => v.kmPerLitre?.toFixed(2) ?? '—' },
              { key: 'costPerKm', header: 'Cost per km', align: 'right', value: (v) => rupees(v.costPerKm) },
              { key: 'anomalies', header: 'Flagged fills', align: 'right', value: (v) => v.anomalies || '—' },
            ]}
            rows={report.data?.vehicles}
            rowKey={(v) => v.vehicleId}
            loading={false}
            emptyText="No vehicles."
            paging={false}
          />
        </Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Routes
        </Typography>
        <DataTable
          label="Cost per route"
          columns={[
            { key: 'code', header: 'Route', value: (r) => `${r.code} · ${r.name}` },
            {
              key: 'regNo',
              header: 'Vehicle',
              value: (r) => r.regNo ?? '—',
              render: (r) => (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {r.regNo ?? '—'}
                </Box>
              ),
            },
            { key: 'cost', header: 'Cost', align: 'right', value: (r) => rupees(r.cost, 0) },
            { key: 'costPerKm', header: 'Cost per km', align: 'right', value: (r) => rupees(r.costPerKm) },
            { key: 'passengers', header: 'Passengers', align: 'right', value: (r) => `${r.passengers} (${r.students} students)` },
            {
              key: 'costPerPassenger',
              header: 'Cost per passenger',
              align: 'right',
              value: (r) => rupees(r.costPerPassenger, 0),
            },
          ]}
          rows={report.data?.routes}
          rowKey={(r) => r.routeId}
          loading={false}
          emptyText="No routes."
          paging={false}
        />
      </QueryState>
    </TransportShell>
  );
}
