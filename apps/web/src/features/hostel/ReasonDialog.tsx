import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TextField } from '@mui/material';
import { ZHostelDecision } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';

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
    <FormDialog
      open={!!props.title}
      onClose={props.onClose}
      maxWidth="xs"
      titleId="reason-title"
      title={props.title}
      onSubmit={submit}
      error={errors.root?.message}
      submitLabel="Reject"
      submitColor="error"
      busy={form.formState.isSubmitting}
    >
      <TextField
        label="Reason"
        {...form.register('note')}
        error={!!errors.note}
        helperText={errors.note?.message}
        autoFocus
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
