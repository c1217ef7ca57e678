import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useGrievanceReport } from './api';
import { categoryLabel, ddmmyyyy, statusLabel } from './format';

const Count = ({ rows, label }: { rows: Array<{ key: string; count: number }>; label: string }) => (
  <Paper sx={{ p: 2, borderRadius: 3 }}>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }}>{label}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            Grievances
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell>{r.key}</TableCell>
            <TableCell align="right">{r.count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Paper>
);

/** The figures NAAC asks about grievance redressal: counts, median days to decide, overdue list. */
export function GrievanceReportsPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
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
        <TextField
          size="small"
          type="date"
          label="Lodged from"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {q.isError ? (
        <Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>
          {q.error.message}
        </Alert>
      ) : !r ? (
        <Skeleton height={240} />
      ) : (
        <>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 2 }}
            data-testid="grievance-figures"
          >
            {[
              ['Received', r.total],
              ['Decided', r.decided],
              ['Within the deadline', r.resolvedWithinDeadline],
              ['Pending', r.pending],
              ['Median days to decide', r.medianDaysToResolve ?? '—'],
            ].map(([k, v]) => (
              <Paper key={k} sx={{ p: 2, borderRadius: 3 }}>
                <Typography variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography variant="h5">{v}</Typography>
              </Paper>
            ))}
          </Box>
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
          <Paper sx={{ borderRadius: 3, overflowX: 'auto' }}>
            <Table size="small" aria-label="Overdue grievances">
              <TableHead>
                <TableRow>
                  {['Number', 'Subject', 'Category', 'Due', 'Status'].map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 700 }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {r.overdue.map((g) => (
                  <TableRow key={g.id}>
                    <TableCell>
                      <RouterLink to={`/app/grievance-redressal/${g.id}`}>{g.number}</RouterLink>
                    </TableCell>
                    <TableCell>{g.subject}</TableCell>
                    <TableCell>{categoryLabel(g.category)}</TableCell>
                    <TableCell>{ddmmyyyy(g.dueOn)}</TableCell>
                    <TableCell>{statusLabel(g.status)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Box>
  );
}
