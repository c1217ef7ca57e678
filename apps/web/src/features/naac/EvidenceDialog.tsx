import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { formulaInWords, type TQualityEvidence } from '@erp/shared';
import { useNaacEvidence } from './api';
import { figure } from './format';

const PAGE = 50;

function InputRows({ input }: { input: TQualityEvidence }) {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const needle = search.trim().toLowerCase();
  const rows = needle ? input.rows.filter((r) => r.some((c) => c.toLowerCase().includes(needle))) : input.rows;
  return (
    <Box sx={{ mb: 3 }} data-testid={`evidence-${input.key}`}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {input.label}: {figure(input.value)}{' '}
        <Chip size="small" label={input.source === 'iqac' ? 'entered by IQAC' : 'from the portal'} sx={{ ml: 0.5 }} />
      </Typography>
      {input.rows.length === 0 ? (
        <Typography color="text.secondary">{input.value === null ? 'Not entered yet.' : 'No rows.'}</Typography>
      ) : (
        <>
          {input.rows.length > 10 && (
            <TextField
              size="small"
              label="Search rows"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ my: 1 }}
            />
          )}
          {phone ? (
            rows.slice(0, shown).map((r, i) => (
              <Box key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1 }}>
                {input.columns.map((c, j) => (
                  <Typography key={c} variant="body2">
                    <b>{c}:</b> {r[j]}
                  </Typography>
                ))}
              </Box>
            ))
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    {input.columns.map((c) => (
                      <TableCell key={c}>{c}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.slice(0, shown).map((r, i) => (
                    <TableRow key={i}>
                      <TableCell>{i + 1}</TableCell>
                      {r.map((v, j) => (
                        <TableCell key={j}>{v}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {rows.length > shown && (
            <Button size="small" onClick={() => setShown((s) => s + PAGE)}>
              Show more ({shown} of {rows.length})
            </Button>
          )}
          {needle && rows.length === 0 && <Typography color="text.secondary">No row matches.</Typography>}
        </>
      )}
    </Box>
  );
}

/** The rows behind one metric's inputs for one year (what DVV asks to see). */
export function EvidenceDialog({ metric, year, onClose }: { metric: string | null; year: number; onClose: () => void }) {
  const q = useNaacEvidence(metric, year);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={!!metric} onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle>{q.data ? `${q.data.metric} ${q.data.title} · ${q.data.label}` : `Metric ${metric ?? ''}`}</DialogTitle>
      <DialogContent dividers>
        {q.isLoading && <CircularProgress aria-label="Loading" />}
        {q.isError && (
          <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Retry</Button>}>
            Could not load the rows.
          </Alert>
        )}
        {q.data && (
          <>
            <Typography sx={{ mb: 1 }}>
              <b>Formula:</b>{' '}
              <span title={q.data.formula}>
                {formulaInWords(q.data.formula, Object.fromEntries(q.data.inputs.map((i) => [i.key, i.label])))}
              </span>{' '}
              = <b>{figure(q.data.value)}</b>
            </Typography>
            {q.data.warnings.map((w) => (
              <Alert key={w} severity="warning" sx={{ mb: 1 }}>
                {w}
              </Alert>
            ))}
            {q.data.inputs.map((i) => (
              <InputRows key={i.key} input={i} />
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
