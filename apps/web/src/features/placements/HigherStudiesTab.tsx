import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { HIGHER_STUDIES_STATUS_LABELS, ZHigherStudies, type THigherStudiesInput, type THigherStudiesRecord } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import {
  higherStudiesExport,
  openEvidence,
  useEnterHigherStudies,
  useHigherStudies,
  useRemoveHigherStudies,
  useUploadEvidence,
  useVerifyHigherStudies,
} from './api';

/** A select whose empty value ("any") shows its text. */
const shrunk = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

const EMPTY: THigherStudiesInput = { rollNo: '', programme: '', institution: '', admissionYear: null };

/** The dean's entry: roll number, programme, institution, admission year and optional evidence. */
function EntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const enter = useEnterHigherStudies();
  const upload = useUploadEvidence();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<THigherStudiesInput>({ resolver: zodResolver(ZHigherStudies) as never, defaultValues: EMPTY });
  const err = form.formState.errors;
  const close = () => (form.reset(EMPTY), setFile(null), enter.reset(), upload.reset(), onClose());
  const submit = form.handleSubmit(async (v) => {
    const r = await enter.mutateAsync(v).catch(() => null);
    if (!r) return;
    if (file) await upload.mutateAsync({ id: r.id, file }).catch(() => null);
    toast.success(`${r.name} (${r.rollNo}): ${r.programme} recorded`);
    if (!file || !upload.isError) close();
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="hs-entry-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="hs-entry-title">Record higher studies</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField label="Roll number" {...form.register('rollNo')} error={!!err.rollNo} helperText={err.rollNo?.message} required />
          <TextField
            label="Programme"
            placeholder="M.Tech, MS, MBA…"
            {...form.register('programme')}
            error={!!err.programme}
            helperText={err.programme?.message}
            required
          />
          <TextField label="Institution" {...form.register('institution')} error={!!err.institution} helperText={err.institution?.message} />
          <TextField
            type="number"
            label="Admission year"
            {...form.register('admissionYear', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })}
            error={!!err.admissionYear}
            helperText={err.admissionYear?.message}
          />
          <Box>
            <Button component="label" variant="outlined" size="small">
              Evidence (PDF, JPG or PNG, optional)
              <input hidden type="file" accept=".pdf,.jpg,.jpeg,.png" data-testid="hs-evidence" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            {file && (
              <Typography variant="body2" component="span" sx={{ ml: 1 }}>
                {file.name}
              </Typography>
            )}
          </Box>
          {enter.isError && <Alert severity="error">{enter.error.message}</Alert>}
          {upload.isError && <Alert severity="warning">Recorded, but the evidence was not taken: {upload.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={enter.isPending || upload.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Students progressing to higher studies: the dean's register, with the students' declarations to verify. */
export function HigherStudiesTab({ batches, initial, canEdit }: { batches: string[]; initial: string; canEdit: boolean }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [batch, setBatch] = useState(initial);
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [adding, setAdding] = useState(false);
  const list = useHigherStudies({ batch: batch || undefined, status: status || undefined, q: q || undefined, page, pageSize });
  const verify = useVerifyHigherStudies();
  const remove = useRemoveHigherStudies();
  const upload = useUploadEvidence();
  const evidenceFor = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fail = (e: Error) => toast.error(e.message);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField select size="small" label="Batch" value={batch} onChange={(e) => (setBatch(e.target.value), setPage(0))} sx={{ minWidth: 160 }} slotProps={shrunk}>
          <MenuItem value="">All batches</MenuItem>
          {batches.map((b) => (
            <MenuItem key={b} value={b}>
              {b}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Status" value={status} onChange={(e) => (setStatus(e.target.value), setPage(0))} sx={{ minWidth: 200 }} slotProps={shrunk}>
          <MenuItem value="">Any status</MenuItem>
          <MenuItem value="declared">Declared, to verify</MenuItem>
          <MenuItem value="verified">Verified</MenuItem>
        </TextField>
        {canEdit && (
          <Button variant="contained" onClick={() => setAdding(true)}>
            Record higher studies
          </Button>
        )}
        <Button
          variant="outlined"
          onClick={() => higherStudiesExport({ batch: batch || undefined, status: status || undefined, q: q || undefined }).catch(fail)}
        >
          Export to Excel
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Only verified records are counted in the statistics, NAAC 5.2.2 and NIRF. A student may declare their own; verify it here.
      </Typography>
      <DataTable<THigherStudiesRecord>
        label="Higher studies"
        rows={list.data?.items}
        rowKey={(r) => r.id}
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText="No higher-studies records"
        rowTestId="hs-row"
        search={{ value: q, onChange: (v) => (setQ(v), setPage(0)), placeholder: 'Roll, name, programme, institution' }}
        cardTitle={(r) => `${r.rollNo} · ${r.name}`}
        paging={{
          page,
          pageSize,
          total: list.data?.total,
          onPage: setPage,
          onPageSize: (n) => (setPageSize(n), setPage(0)),
        }}
        columns={[
          { key: 'rollNo', header: 'Roll No', nowrap: true },
          { key: 'name', header: 'Name' },
          { key: 'branch', header: 'Branch', hideBelow: 'md' },
          { key: 'batch', header: 'Batch', nowrap: true, hideBelow: 'md' },
          { key: 'programme', header: 'Programme' },
          { key: 'institution', header: 'Institution' },
          { key: 'admissionYear', header: 'Year', value: (r) => r.admissionYear ?? '' },
          {
            key: 'status',
            header: 'Status',
            value: (r) => HIGHER_STUDIES_STATUS_LABELS[r.status],
            render: (r) => (
              <Chip
                size="small"
                variant="outlined"
                color={r.status === 'verified' ? 'success' : 'warning'}
                label={r.status === 'verified' ? 'Verified' : 'To verify'}
              />
            ),
          },
          {
            key: 'evidence',
            header: 'Evidence',
            value: (r) => (r.hasEvidence ? r.evidenceName : ''),
            render: (r) =>
              r.hasEvidence ? (
                <Button size="small" onClick={() => openEvidence(r.id).catch(fail)}>
                  View
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
        actions={
          canEdit
            ? (r) => (
                <Stack direction="row" spacing={0.5}>
                  {r.status === 'declared' && (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={verify.isPending}
                      onClick={() => verify.mutate(r.id, { onSuccess: () => toast.success(`${r.rollNo} verified`), onError: fail })}
                    >
                      Verify
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() => {
                      evidenceFor.current = r.id;
                      fileInput.current?.click();
                    }}
                  >
                    Evidence
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={async () => {
                      if (await confirm({ title: 'Remove this record?', text: `${r.rollNo} ${r.name}: ${r.programme}`, confirmText: 'Remove' }))
                        remove.mutate(r.id, { onSuccess: () => toast.success('Record removed'), onError: fail });
                    }}
                  >
                    Remove
                  </Button>
                </Stack>
              )
            : undefined
        }
      />
      <input
        ref={fileInput}
        hidden
        type="file"
        accept=".pdf,.jpg,.jpeg,.png"
        onChange={(e) => {
          const file = e.target.files?.[0];
          const id = evidenceFor.current;
          e.target.value = '';
          if (file && id) upload.mutate({ id, file }, { onSuccess: () => toast.success('Evidence attached'), onError: fail });
        }}
      />
      <EntryDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
