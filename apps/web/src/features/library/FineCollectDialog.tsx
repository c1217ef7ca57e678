import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { FINE_PAYMENT_MODE_LABELS, FINE_PAYMENT_MODES, ZFinePayment, type TFine, type TFinePaymentInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { usePayFine } from './api';
import { rupees } from './format';

/** Collecting a fine at the desk: how it was paid and its reference, printed on the receipt. */
export function FineCollectDialog({ fine, onClose }: { fine: TFine; onClose: () => void }) {
  const pay = usePayFine();
  const toast = useToast();
  const form = useForm<TFinePaymentInput>({
    resolver: zodResolver(ZFinePayment) as never,
    defaultValues: { mode: 'cash', reference: '' },
  });
  const mode = form.watch('mode');
  const err = form.formState.errors;
  const submit = form.handleSubmit((payment) =>
    pay.mutate({ id: fine.id, payment }, { onSuccess: (r) => (toast.success(r.message), onClose()) }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="fine-collect-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="fine-collect-title">{`Collect ${rupees(fine.outstanding)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {`${fine.kind === 'lost' ? 'Lost copy' : `Overdue ${fine.overdueDays} day(s)`} · ${fine.accessionNo} ${fine.title}`}
            </Typography>
            <Controller
              name="mode"
              control={form.control}
              render={({ field }) => (
                <TextField select label="Paid by" {...field} error={!!err.mode} helperText={err.mode?.message} required>
                  {FINE_PAYMENT_MODES.map((m) => (
                    <MenuItem key={m} value={m}>
                      {FINE_PAYMENT_MODE_LABELS[m]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={mode === 'cash' ? 'Reference (optional)' : 'Reference'}
              required={mode !== 'cash'}
              {...form.register('reference')}
              error={!!err.reference}
              helperText={err.reference?.message ?? 'UPI reference, card slip or cheque number: printed on the receipt'}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            {pay.isError && <Alert severity="error">{pay.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pay.isPending}>
            {`Collect ${rupees(fine.outstanding)}`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
