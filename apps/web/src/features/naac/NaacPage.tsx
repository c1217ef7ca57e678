import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formulaInWords, type TNaacMetric } from '@erp/shared';
import { QualityFrameworkPage, academicYearLabel, lastCompletedYear } from '../../components/QualityFrameworkPage';
import { downloadNaac, useNaacMetrics } from './api';
import { EvidenceDialog } from './EvidenceDialog';
import { figure, withUnit } from './format';

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

/** The formula as a person reads it: each input by its label ("Students admitted ÷ sanctioned intake × 100"). */
const formulaWords = (m: Pick<TNaacMetric, 'formula' | 'inputs'>) =>
  formulaInWords(m.formula, Object.fromEntries(m.inputs.map((i) => [i.key, i.label])));

/** NAAC's quantitative metrics for a year, each with its formula, inputs, five-year history and rows. */
export function NaacPage() {
  const latest = lastCompletedYear();
  const [year, setYear] = useState(latest);
  const [metric, setMetric] = useState<string | null>(null);
  const q = useNaacMetrics(year);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));

  return (
    <QualityFrameworkPage
      framework="naac"
      title="NAAC metrics"
      subtitle={<>{q.data?.framework ?? 'Quantitative metrics of the SSR'}, computed from the portal's records.</>}
      forbidden="NAAC figures are for IQAC, the principal and the admin."
      year={year}
      latest={latest}
      onYear={setYear}
      exportLabel={`Export Excel (${academicYearLabel(year - 4)} to ${academicYearLabel(year)})`}
      onExport={() => downloadNaac(year)}
      query={q}
      what="the NAAC metrics"
    >
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
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="naac-formula" title={m.formula}>
                  {formulaWords(m)}
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
                    <Typography variant="body2" title={m.formula}>
                      {formulaWords(m)}
                    </Typography>
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
    </QualityFrameworkPage>
  );
}
