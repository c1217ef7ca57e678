import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { ZQualityFieldsSave, type TQualityFields, type TQualityFieldsSave } from '@erp/shared';
import { apiRequest } from '../lib/api-client';
import { useToast } from './feedback';

interface Props {
  /** 'naac' | 'nirf': the API's /api/<framework>/inputs */
  framework: 'naac' | 'nirf';
  year: number;
  open: boolean;
  onClose: () => void;
}

type FormValues = { year: number; values: Array<{ key: string; value: number | null; note: string }> };

/**
 * The figures the portal does not hold (sanctioned intake and posts, NIRF weights, ...), entered by
 * IQAC staff for one academic year. Saving refreshes the framework's figures.
 */
export function QualityInputsDialog({ framework, year, open, onClose }: Props) {
  const toast = useToast();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: [framework, 'inputs', year],
    queryFn: () => apiRequest<TQualityFields>('rest', `${framework}/inputs`, { query: { year: String(year) } }),
    enabled: open,
  });
  const form = useForm<FormValues>({ resolver: zodResolver(ZQualityFieldsSave) as never, defaultValues: { year, values: [] } });
  const { fields } = useFieldArray({ control: form.control, name: 'values' });
  useEffect(() => {
    if (q.data) form.reset({ year, values: q.data.fields.map((f) => ({ key: f.key, value: f.value, note: f.note })) });
  }, [q.data, year, form]);
  const save = useMutation({
    mutationFn: (body: TQualityFieldsSave) => apiRequest<TQualityFields>('rest', `${framework}/inputs`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData([framework, 'inputs', year], saved);
      void qc.invalidateQueries({ queryKey: [framework] });
      toast.success('IQAC inputs saved');
      onClose();
    },
  });
  const defs = q.data?.fields ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>IQAC inputs {q.data?.label ?? ''}</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <DialogContent dividers>
          {q.isLoading && <CircularProgress aria-label="Loading" />}
          {q.isError && (
            <Alert severity="error" action={<Button onClick={() => void q.refetch()}>Retry</Button>}>
              Could not load the inputs.
            </Alert>
          )}
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {(save.error as Error).message}
            </Alert>
          )}
          {fields.map((f, i) => {
            const def = defs[i];
            const err = form.formState.errors.values?.[i]?.value?.message;
            return (
              <Box key={f.id} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
                <TextField
                  label={def?.label ?? f.key}
                  type="number"
                  inputMode="decimal"
                  helperText={
                    err ??
                    (def?.defaultValue !== null && def?.defaultValue !== undefined
                      ? `${def.help} (default ${def.defaultValue})`
                      : def?.help)
                  }
                  error={!!err}
                  {...form.register(`values.${i}.value`, {
                    setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)),
                  })}
                />
                <TextField label="Note (source document)" {...form.register(`values.${i}.note`)} />
              </Box>
            );
          })}
          {!q.isLoading && !fields.length && !q.isError && <Typography color="text.secondary">Nothing to enter.</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || !fields.length}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
