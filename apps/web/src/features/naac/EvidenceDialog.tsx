import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formulaInWords, type TQualityEvidence } from '@erp/shared';
import { DataTable, serialColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useNaacEvidence } from './api';
import { figure } from './format';

const PAGE = 50;

function InputRows({ input }: { input: TQualityEvidence }) {
  const rows = input.rows;
  return (
    <Box sx={{ mb: 3 }} data-testid={`evidence-${input.key}`}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {input.label}: {figure(input.value)}{' '}
        <Chip size="small" label={input.source === 'iqac' ? 'entered by IQAC' : 'from the portal'} sx={{ ml: 0.5 }} />
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{input.value === null ? 'Not entered yet.' : 'No rows.'}</Typography>
      ) : (
        <DataTable
          label={input.label}
          columns={[
            serialColumn(rows, '#'),
            ...input.columns.map((c, j) => ({ key: `c${j}`, header: c, value: (r: string[]) => r[j] })),
          ]}
          rows={rows}
          rowKey={(r) => rows.indexOf(r)}
          loading={false}
          emptyText="No row matches."
          search={rows.length > 10}
          searchPlaceholder="Search rows"
          paging={PAGE}
        />
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
        <QueryState spinner what="the rows" query={q}>
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
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
