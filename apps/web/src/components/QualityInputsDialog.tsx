import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { ZQualityFieldsSave, naacEndpoints, nirfEndpoints, type EndpointBody } from '@erp/shared';
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from '../lib/endpoints';
import { useToast } from './feedback';

interface Props {
  /** 'naac' | 'nirf': the API's /api/<framework>/inputs */
  framework: 'naac' | 'nirf';
  year: number;
  open: boolean;
  onClose: () => void;
}

type FormValues = { year: number; values: Array<{ key: string; value: number | null; note: string }> };

const INPUTS = {
  naac: { read: naacEndpoints.inputs, save: naacEndpoints.saveInputs },
  nirf: { read: nirfEndpoints.inputs, save: nirfEndpoints.saveInputs },
};

/**
 * The figures the portal does not hold (sanctioned intake and posts, NIRF weights, ...), entered by
 * IQAC staff for one academic year. Saving refreshes the framework's figures.
 */
export function QualityInputsDialog({ framework, year, open, onClose }: Props) {
  const toast = useToast();
  const inputs = INPUTS[framework];
  const args = { query: { year: String(year) } };
  const q = useEndpointQuery(inputs.read, args, { enabled: open });
  const form = useForm<FormValues>({ resolver: zodResolver(ZQualityFieldsSave) as never, defaultValues: { year, values: [] } });
  const { fields } = useFieldArray({ control: form.control, name: 'values' });
  useEffect(() => {
    if (q.data) form.reset({ year, values: q.data.fields.map((f) => ({ key: f.key, value: f.value, note: f.note })) });
  }, [q.data, year, form]);
  const save = useEndpointMutation((body: EndpointBody<typeof inputs.save>) => callEndpoint(inputs.save, { body }), {
    sets: (saved) => [[endpointKey(inputs.read, args), saved] as const],
    invalidates: [[framework]],
    onSuccess: () => {
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
