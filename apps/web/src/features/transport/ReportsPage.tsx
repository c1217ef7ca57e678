import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useToast } from '../../components/feedback';
import { downloadMonthlyWorkbook, useMonthlyReport } from './api';
import { ListState, TransportShell, errorText } from './common';
import { rupees, thisMonth } from './format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent sx={{ p: 2 }}>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

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
      <ListState loading={report.isPending} error={report.error} empty={false} emptyText="" onRetry={() => report.refetch()}>
        {t && (
          <Box
            sx={{ display: 'grid', gap: 1.5, mb: 3, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}
            data-testid="report-totals"
          >
            <Figure label="Total cost" value={rupees(t.total, 0)} />
            <Figure label="Km run" value={t.km.toLocaleString('en-IN')} />
            <Figure label="Cost per km" value={rupees(t.costPerKm)} />
            <Figure label="Students carried" value={t.students.toLocaleString('en-IN')} />
            <Figure label="Cost per student" value={rupees(t.costPerStudent, 0)} />
          </Box>
        )}
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Vehicles
        </Typography>
        <TableContainer sx={{ overflowX: 'auto', mb: 3 }}>
          <Table size="small" aria-label="Cost per vehicle" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell>Vehicle</TableCell>
                <TableCell align="right">Fuel</TableCell>
                <TableCell align="right">Maintenance & repairs</TableCell>
                <TableCell align="right">Tax & insurance</TableCell>
                <TableCell align="right">Salaries</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell align="right">Km</TableCell>
                <TableCell align="right">Km/l</TableCell>
                <TableCell align="right">Cost per km</TableCell>
                <TableCell align="right">Flagged fills</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data?.vehicles.map((v) => (
                <TableRow key={v.vehicleId}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{`${v.regNo}${v.routeCode ? ` (${v.routeCode})` : ''}`}</TableCell>
                  <TableCell align="right">{rupees(v.fuel, 0)}</TableCell>
                  <TableCell align="right">{rupees(v.maintenance + v.repair, 0)}</TableCell>
                  <TableCell align="right">{rupees(v.tax + v.insurance, 0)}</TableCell>
                  <TableCell align="right">{rupees(v.salary, 0)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {rupees(v.total, 0)}
                  </TableCell>
                  <TableCell align="right">{v.km.toLocaleString('en-IN')}</TableCell>
                  <TableCell align="right">{v.kmPerLitre?.toFixed(2) ?? '—'}</TableCell>
                  <TableCell align="right">{rupees(v.costPerKm)}</TableCell>
                  <TableCell align="right">{v.anomalies || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Routes
        </Typography>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Cost per route" sx={{ minWidth: 700 }}>
            <TableHead>
              <TableRow>
                <TableCell>Route</TableCell>
                <TableCell>Vehicle</TableCell>
                <TableCell align="right">Cost</TableCell>
                <TableCell align="right">Cost per km</TableCell>
                <TableCell align="right">Passengers</TableCell>
                <TableCell align="right">Cost per passenger</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data?.routes.map((r) => (
                <TableRow key={r.routeId}>
                  <TableCell>{`${r.code} · ${r.name}`}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.regNo ?? '—'}</TableCell>
                  <TableCell align="right">{rupees(r.cost, 0)}</TableCell>
                  <TableCell align="right">{rupees(r.costPerKm)}</TableCell>
                  <TableCell align="right">{`${r.passengers} (${r.students} students)`}</TableCell>
                  <TableCell align="right">{rupees(r.costPerPassenger, 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListState>
    </TransportShell>
  );
}
