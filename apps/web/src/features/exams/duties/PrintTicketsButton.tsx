import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import Print from '@mui/icons-material/Print';
import FileDownload from '@mui/icons-material/FileDownload';
import type { TExam } from '@erp/shared';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { branchesOf } from '../format';
import { downloadTicketBatch, usePrintTickets, useTicketBatch } from './api';

const ALL = '__all__';

/**
 * A branch's issued hall tickets (or the whole exam's) as one PDF to print: made by the job queue,
 * its progress asked every second until the file is ready.
 */
export function PrintTicketsButton({ exam }: { exam: TExam }) {
  const toast = useToast();
  const branches = branchesOf(exam.papers);
  const [branch, setBranch] = useState(ALL);
  const [batchId, setBatchId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const start = usePrintTickets(exam.id);
  const batch = useTicketBatch(exam.id, batchId);
  const b = batch.data;
  const working = batchId !== null && (!b || b.status === 'queued' || b.status === 'running');

  const run = async () => {
    setBatchId(null);
    try {
      const r = await start.mutateAsync(branch === ALL ? '' : branch);
      setBatchId(r.id);
    } catch {
      // shown below (start.error)
    }
  };
  const download = async () => {
    if (!b) return;
    setSaving(true);
    try {
      await downloadTicketBatch(exam.id, b.id, b.branch);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="print-tickets">
      <Typography variant="subtitle1" component="h2" fontWeight={700}>
        Print hall tickets
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Every issued hall ticket of a branch, one to a page, as a single PDF.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Branch to print"
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'print-branch' } }}
        >
          <MenuItem value={ALL}>All branches</MenuItem>
          {branches.map((x) => (
            <MenuItem key={x} value={x}>
              {x}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<Print />} onClick={run} loading={start.isPending} disabled={working}>
          Make the PDF
        </Button>
      </Stack>
      {start.error && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => start.reset()} data-testid="print-error">
          {errorText(start.error)}
        </Alert>
      )}
      {batch.error && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="print-error">
          Could not follow the printing: {errorText(batch.error)}
        </Alert>
      )}
      {batchId !== null && b && (
        <Box sx={{ mt: 1.5 }} data-testid="print-progress">
          {b.status === 'failed' ? (
            <Alert severity="error">The PDF could not be made: {b.error || 'the job failed'}</Alert>
          ) : (
            <>
              <LinearProgress
                variant={b.total > 0 ? 'determinate' : 'indeterminate'}
                value={b.total > 0 ? (100 * b.done) / b.total : 0}
                aria-label="Hall tickets printed"
              />
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid="print-count">
                  {b.status === 'ready'
                    ? `Ready: ${b.total} hall tickets${b.branch ? ` of ${b.branch}` : ''}`
                    : `${b.status === 'queued' ? 'Waiting to start' : 'Printing'}: ${b.done} of ${b.total}`}
                </Typography>
                {b.status === 'ready' && (
                  <Button variant="contained" size="small" startIcon={<FileDownload />} onClick={download} loading={saving}>
                    Download
                  </Button>
                )}
              </Stack>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
