import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
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
import ExpandMore from '@mui/icons-material/ExpandMore';
import { QUALITY_ROLES, type TNirfTable } from '@erp/shared';
import { Authorized } from '../../lib/authorization';
import { QualityInputsDialog } from '../../components/QualityInputsDialog';
import { useToast } from '../../components/feedback';
import { downloadNirf, useNirfData } from './api';

const cell = (v: string | number | null) =>
  v === null ? 'not entered' : typeof v === 'number' ? v.toLocaleString('en-IN', { maximumFractionDigits: 2 }) : v;
const label = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
const lastCompleted = (now = new Date()) => (now.getMonth() > 3 ? now.getFullYear() - 1 : now.getFullYear() - 2);

function CaptureTable({ t, phone }: { t: TNirfTable; phone: boolean }) {
  if (!t.rows.length) return <Typography color="text.secondary">No rows for this year.</Typography>;
  if (phone)
    return (
      <Stack spacing={1}>
        {t.rows.map((r, i) => (
          <Box key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            {t.columns.map((c, j) => (
              <Typography key={c} variant="body2">
                <b>{c}:</b> {cell(r[j])}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {t.columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {t.rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((v, j) => (
                <TableCell key={j} align={typeof v === 'number' ? 'right' : 'left'}>
                  {cell(v)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** NIRF (engineering) data capture filled from the portal, with the scores it can compute. */
export function NirfPage() {
  const latest = lastCompleted();
  const [year, setYear] = useState(latest);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const toast = useToast();
  const q = useNirfData(year);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const exportYear = async () => {
    setExporting(true);
    try {
      await downloadNirf(year);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Authorized
      roles={QUALITY_ROLES}
      fallback={<Alert severity="error">NIRF data is for IQAC, the principal and the admin.</Alert>}
    >
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 } }}>
          NIRF data capture
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {q.data?.category ?? 'Engineering'} category, filled from the portal's records.
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
            {Array.from({ length: 8 }, (_, i) => latest - i).map((y) => (
              <MenuItem key={y} value={y}>
                {label(y)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<Download />} onClick={() => void exportYear()} disabled={exporting}>
            {exporting ? 'Preparing…' : 'Export Excel'}
          </Button>
          <Button variant="outlined" startIcon={<EditNote />} onClick={() => setEditing(true)}>
            IQAC inputs
          </Button>
        </Stack>
        {q.isLoading && <CircularProgress aria-label="Loading" />}
        {q.isError && (
          <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Retry</Button>}>
            Could not load the NIRF data: {(q.error as Error).message}
          </Alert>
        )}
        {q.data && (
          <>
            {q.data.missing.length > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="nirf-missing">
                <b>Missing inputs:</b>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {q.data.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </Box>
              </Alert>
            )}
            <Typography variant="h6" sx={{ mb: 1 }}>
              Scores from the institution's own data
            </Typography>
            {phone ? (
              <Stack spacing={1.5} sx={{ mb: 3 }}>
                {q.data.scores.map((s) => (
                  <Card key={s.id} variant="outlined">
                    <CardContent>
                      <Typography variant="overline">
                        {s.parameter} · {s.id}
                      </Typography>
                      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                        {s.title}
                      </Typography>
                      <Typography variant="h5">
                        {cell(s.score)} / {s.weight}
                      </Typography>
                      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                        <code>{s.formula}</code>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {s.inputs.map((i) => `${i.label}: ${cell(i.value)}`).join(' · ')}
                      </Typography>
                      {s.missing.map((m) => (
                        <Typography key={m} variant="body2" color="warning.main">
                          ⚠ {m}
                        </Typography>
                      ))}
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Box sx={{ overflowX: 'auto', mb: 3 }}>
                <Table size="small" data-testid="nirf-scores">
                  <TableHead>
                    <TableRow>
                      <TableCell>Sub-parameter</TableCell>
                      <TableCell>Formula and inputs</TableCell>
                      <TableCell align="right">Marks</TableCell>
                      <TableCell align="right">Score</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {q.data.scores.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell sx={{ minWidth: 200 }}>
                          <b>
                            {s.parameter} · {s.id}
                          </b>{' '}
                          {s.title}
                          {s.missing.map((m) => (
                            <Typography key={m} variant="body2" color="warning.main">
                              ⚠ {m}
                            </Typography>
                          ))}
                        </TableCell>
                        <TableCell>
                          <code>{s.formula}</code>
                          <Typography variant="body2" color="text.secondary">
                            {s.inputs.map((i) => `${i.label}: ${cell(i.value)}`).join(' · ')}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">{s.weight}</TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {cell(s.score)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
            <Typography variant="h6" sx={{ mb: 1 }}>
              Data capture {q.data.label}
            </Typography>
            {q.data.tables.map((t, i) => (
              <Accordion key={t.id} defaultExpanded={i === 0} disableGutters>
                <AccordionSummary expandIcon={<ExpandMore />}>
                  <Typography>
                    {t.title} ({t.rows.length})
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <CaptureTable t={t} phone={phone} />
                </AccordionDetails>
              </Accordion>
            ))}
          </>
        )}
        <QualityInputsDialog framework="nirf" year={year} open={editing} onClose={() => setEditing(false)} />
      </Box>
    </Authorized>
  );
}
