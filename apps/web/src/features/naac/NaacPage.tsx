import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import EditNote from '@mui/icons-material/EditNote';
import { QUALITY_ROLES, type TNaacMetric } from '@erp/shared';
import { Authorized } from '../../lib/authorization';
import { QualityInputsDialog } from '../../components/QualityInputsDialog';
import { useToast } from '../../components/feedback';
import { downloadNaac, useNaacMetrics } from './api';
import { EvidenceDialog } from './EvidenceDialog';
import { figure, withUnit, yearChoices } from './format';

/** The last completed academic year (the SSR's latest year): 2026-27 running → 2025. */
export function lastCompletedYear(now = new Date()) {
  return now.getMonth() > 3 ? now.getFullYear() - 1 : now.getFullYear() - 2;
}

function History({ m }: { m: TNaacMetric }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {m.history.map((h) => (
        <Chip key={h.year} size="small" variant="outlined" label={`${h.label}: ${figure(h.value)}`} />
      ))}
    </Stack>
  );
}

function Warnings({ m }: { m: TNaacMetric }) {
  if (!m.warnings.length) return null;
  return (
    <Box>
      {m.warnings.map((w) => (
        <Typography key={w} variant="body2" color="warning.main">
          ⚠ {w}
        </Typography>
      ))}
    </Box>
  );
}

/** NAAC's quantitative metrics for a year, each with its formula, inputs, five-year history and rows. */
export function NaacPage() {
  const latest = lastCompletedYear();
  const [year, setYear] = useState(latest);
  const [metric, setMetric] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();
  const q = useNaacMetrics(year);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));

  const exportFive = async () => {
    setExporting(true);
    try {
      await downloadNaac(year);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Authorized
      roles={QUALITY_ROLES}
      fallback={<Alert severity="error">NAAC figures are for IQAC, the principal and the admin.</Alert>}
    >
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 } }}>
          NAAC metrics
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {q.data?.framework ?? 'Quantitative metrics of the SSR'}, computed from the portal's records.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label="Academic year"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            sx={{ minWidth: 180 }}
          >
            {yearChoices(latest).map((y) => (
              <MenuItem key={y.year} value={y.year}>
                {y.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<Download />} onClick={() => void exportFive()} disabled={exporting}>
            {exporting
              ? 'Preparing…'
              : `Export Excel (${year - 4}-${String((year - 3) % 100).padStart(2, '0')} to ${year}-${String((year + 1) % 100).padStart(2, '0')})`}
          </Button>
          <Button variant="outlined" startIcon={<EditNote />} onClick={() => setEditing(true)}>
            IQAC inputs
          </Button>
        </Stack>

        {q.isLoading && <CircularProgress aria-label="Loading" />}
        {q.isError && (
          <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Retry</Button>}>
            Could not load the NAAC metrics: {(q.error as Error).message}
          </Alert>
        )}
        {q.data && q.data.metrics.length === 0 && <Alert severity="info">No metrics are defined.</Alert>}
        {q.data && phone && (
          <Stack spacing={1.5} data-testid="naac-cards">
            {q.data.metrics.map((m) => (
              <Card key={m.id} variant="outlined">
                <CardContent>
                  <Typography variant="overline">{m.id}</Typography>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {m.title}
                  </Typography>
                  <Typography variant="h5" sx={{ my: 0.5 }}>
                    {withUnit(m.value, m.unit)}
                  </Typography>
                  <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                    <code>{m.formula}</code>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                    {m.inputs.map((i) => `${i.label}: ${figure(i.value)}`).join(' · ')}
                  </Typography>
                  <History m={m} />
                  <Warnings m={m} />
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setMetric(m.id)} aria-label={`Rows behind ${m.id}`}>
                    Rows
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
        {q.data && !phone && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="naac-table">
              <TableHead>
                <TableRow>
                  <TableCell>Metric</TableCell>
                  <TableCell>Formula and inputs</TableCell>
                  <TableCell align="right">{q.data.label}</TableCell>
                  <TableCell>Five years</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {q.data.metrics.map((m) => (
                  <TableRow key={m.id} hover>
                    <TableCell sx={{ minWidth: 220 }}>
                      <b>{m.id}</b> {m.title}
                      <Warnings m={m} />
                    </TableCell>
                    <TableCell sx={{ minWidth: 260 }}>
                      <code>{m.formula}</code>
                      <Typography variant="body2" color="text.secondary">
                        {m.inputs.map((i) => `${i.label}: ${figure(i.value)}${i.source === 'iqac' ? ' (IQAC)' : ''}`).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {withUnit(m.value, m.unit)}
                    </TableCell>
                    <TableCell>
                      <History m={m} />
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setMetric(m.id)} aria-label={`Rows behind ${m.id}`}>
                        Rows
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <EvidenceDialog metric={metric} year={year} onClose={() => setMetric(null)} />
        <QualityInputsDialog framework="naac" year={year} open={editing} onClose={() => setEditing(false)} />
      </Box>
    </Authorized>
  );
}
