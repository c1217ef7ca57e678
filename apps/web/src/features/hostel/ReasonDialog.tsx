import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { ZHostelDecision } from '@erp/shared';

/** Asks for a reason (rejecting an application, a request, an out-pass), then runs the action. */
export function ReasonDialog(props: { title: string | null; onClose: () => void; onSubmit: (note: string) => Promise<void> }) {
  const form = useForm<z.input<typeof ZHostelDecision>>({ resolver: zodResolver(ZHostelDecision), values: { note: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await props.onSubmit(v.note);
      props.onClose();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <Dialog open={!!props.title} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="reason-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reason-title">{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
            <TextField
              label="Reason"
              {...form.register('note')}
              error={!!errors.note}
              helperText={errors.note?.message}
              autoFocus
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={form.formState.isSubmitting}>
            Reject
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
