import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import { ZAllotmentCancel, type TAllotmentCancel } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useCancelAllotment } from './api';

/** Undo an allotment made by mistake: asks why, then frees the bed and takes its charges off. */
export function CancelAllotmentDialog(props: {
  allotment: { id: number; name: string; allotmentNo: string } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const toast = useToast();
  const cancel = useCancelAllotment();
  const form = useForm<TAllotmentCancel>({ resolver: zodResolver(ZAllotmentCancel), values: { reason: '' } });
  const a = props.allotment;
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await cancel.mutateAsync({ ...v, _id: a!.id });
      toast.success(r.message);
      props.onClose();
      props.onDone?.();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <FormDialog
      open={!!a}
      onClose={props.onClose}
      maxWidth="xs"
      titleId="cancel-allotment-title"
      title={a ? `Cancel allotment ${a.allotmentNo}?` : 'Cancel allotment'}
      onSubmit={submit}
      error={errors.root?.message}
      intro={
        a && (
          <Typography variant="body2">
            For an allotment made by mistake. {a.name}’s bed is freed and nothing of it is charged: the room fee and deposit are
            taken off, and anything paid becomes credit for the accounts office to refund.
          </Typography>
        )
      }
      cancelLabel="Keep it"
      submitLabel="Cancel allotment"
      submitColor="error"
      busy={cancel.isPending}
    >
      <TextField
        label="Reason"
        {...form.register('reason')}
        error={!!errors.reason}
        helperText={errors.reason?.message}
        autoFocus
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
