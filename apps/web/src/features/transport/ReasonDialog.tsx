import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from './common';

/** An office's undoing step that needs a reason (cancel a pass, take someone off the waiting list). */
export function ReasonDialog(props: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  /** what the step does, shown above the reason */
  intro: string;
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (reason: string, done: () => void) => void;
}) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(props.schema), defaultValues: { reason: '' } });
  useEffect(() => {
    if (!props.open) form.reset();
  }, [props.open, form]);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      titleId={props.titleId}
      title={props.title}
      maxWidth="xs"
      onSubmit={form.handleSubmit(({ reason }) => props.onSubmit(reason, props.onClose))}
      error={props.error ? errorText(props.error) : undefined}
      intro={props.intro ? <Typography variant="body2">{props.intro}</Typography> : undefined}
      submitLabel={props.submitLabel}
      cancelLabel={props.cancelLabel}
      submitColor="error"
      busy={props.busy}
      spinner
    >
      <TextField
        label="Reason"
        required
        fullWidth
        size="small"
        {...form.register('reason')}
        error={Boolean(form.formState.errors.reason)}
        helperText={form.formState.errors.reason?.message}
      />
    </FormDialog>
  );
}
