import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { ZHigherStudiesDeclare, type THigherStudiesDeclareInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { openEvidence, useDeclareHigherStudies, useMyHigherStudies, useUploadEvidence } from './api';

/** A student going on to higher studies declares it here; the placement cell verifies it. */
export function HigherStudiesCard() {
  const toast = useToast();
  const mine = useMyHigherStudies();
  const declare = useDeclareHigherStudies();
  const upload = useUploadEvidence();
  const [open, setOpen] = useState(false);
  const r = mine.data?.record ?? null;
  const form = useForm<THigherStudiesDeclareInput>({
    resolver: zodResolver(ZHigherStudiesDeclare),
    defaultValues: { programme: '', institution: '', admissionYear: new Date().getFullYear() },
  });
  useEffect(() => {
    if (r)
      form.reset({
        programme: r.programme,
        institution: r.institution,
        admissionYear: r.admissionYear ?? new Date().getFullYear(),
      });
  }, [r, form]);
  const err = form.formState.errors;
  if (mine.isPending || mine.isError) return <QueryState query={mine} height={80} />;
  return (
    <Paper sx={{ p: 2, borderRadius: 3, mb: 3 }} data-testid="higher-studies-card">
      <Typography variant="h6">Higher studies</Typography>
      {r && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ my: 1 }}>
          <Typography>
            {r.programme} · {r.institution}
            {r.admissionYear ? ` · ${r.admissionYear}` : ''}
          </Typography>
          <Chip
            size="small"
            color={r.status === 'verified' ? 'success' : 'warning'}
            label={r.status === 'verified' ? 'Verified by the placement cell' : 'Waiting for verification'}
          />
          {r.hasEvidence && (
            <Button size="small" onClick={() => openEvidence(r.id).catch((e: Error) => toast.error(e.message))}>
              {r.evidenceName || 'Evidence'}
            </Button>
          )}
        </Stack>
      )}
      {!r && !open && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Going on to an M.Tech, MS, MBA or another programme? Tell the placement cell.
        </Typography>
      )}
      {r?.status !== 'verified' && !open && (
        <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
          {r ? 'Correct my declaration' : 'Declare higher studies'}
        </Button>
      )}
      {open && (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit((v) =>
            declare.mutate(v, {
              onSuccess: () => (toast.success('Declared; the placement cell will verify it'), setOpen(false)),
            }),
          )}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr' }, mt: 1 }}
        >
          <TextField
            size="small"
            label="Programme"
            {...form.register('programme')}
            error={!!err.programme}
            helperText={err.programme?.message}
          />
          <TextField
            size="small"
            label="Institution"
            {...form.register('institution')}
            error={!!err.institution}
            helperText={err.institution?.message}
          />
          <TextField
            size="small"
            type="number"
            label="Admission year"
            {...form.register('admissionYear', { valueAsNumber: true })}
            error={!!err.admissionYear}
            helperText={err.admissionYear?.message}
          />
          {declare.isError && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {declare.error.message}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" size="small" disabled={declare.isPending}>
              Send to the placement cell
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Stack>
        </Box>
      )}
      {r && r.status === 'declared' && !open && (
        <Button component="label" size="small" sx={{ ml: 1 }} disabled={upload.isPending}>
          Attach admission letter
          <input
            hidden
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                upload.mutate(
                  { id: r.id, file },
                  { onSuccess: () => toast.success('Evidence attached'), onError: (x) => toast.error(x.message) },
                );
            }}
          />
        </Button>
      )}
    </Paper>
  );
}
