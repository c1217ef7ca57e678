import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, Typography } from '@mui/material';
import { ZCopyUpdate, type TCopy } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useEditCopy } from './api';

type Target = 'available' | 'in_transit' | 'damaged' | 'withdrawn' | 'lost';

const TARGET_LABELS: Record<Target, string> = {
  available: 'Back on the shelf',
  in_transit: 'In transit (binding, transfer)',
  damaged: 'Damaged',
  withdrawn: 'Withdrawn',
  lost: 'Lost',
};

/** What the desk may turn a copy into from each status (the server has the last word: a copy on loan is never withdrawn). */
const TARGETS: Record<string, Target[]> = {
  available: ['in_transit', 'damaged', 'withdrawn', 'lost'],
  damaged: ['available', 'in_transit', 'withdrawn', 'lost'],
  in_transit: ['available', 'damaged', 'withdrawn', 'lost'],
  on_loan: ['lost', 'withdrawn'],
  lost: ['available', 'withdrawn'],
  withdrawn: ['available'],
};

export const copyTargets = (status: string): Target[] => TARGETS[status] ?? [];

function consequence(copy: TCopy, to: Target): string {
  if (to === 'lost' && copy.status === 'on_loan') return 'The loan closes and the borrower is charged the price and the processing charge.';
  if (to === 'lost') return 'Nobody is charged: the copy was not on loan. It leaves the catalogue’s counts.';
  if (to === 'withdrawn') return 'The copy leaves the collection: the OPAC no longer shows or counts it.';
  if (to === 'damaged') return 'The copy stays in the collection but is not issued until it is back on the shelf.';
  if (to === 'in_transit') return 'The desk will not issue the copy until it is received back.';
  return 'The copy goes back on the shelf, or to the hold shelf if someone is waiting for the title.';
}

interface FormIn {
  status: Target;
  note: string;
}

/** Withdraws a copy, marks it damaged or lost, sends it in transit or puts it back, with a note kept in the audit log. */
export function CopyStatusDialog({ copy, onClose }: { copy: TCopy; onClose: () => void }) {
  const edit = useEditCopy();
  const toast = useToast();
  const targets = copyTargets(copy.status);
  const { control, register, handleSubmit, watch, formState } = useForm<FormIn>({
    resolver: zodResolver(ZCopyUpdate) as never,
    defaultValues: { status: targets[0], note: '' },
  });
  const to = watch('status');
  const submit = handleSubmit((v) =>
    edit.mutate(
      { id: copy.id, status: v.status, note: v.note },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
      },
    ),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      titleId="copy-status-title"
      title={`Copy ${copy.accessionNo}`}
      onSubmit={submit}
      error={edit.isError ? edit.error.message : undefined}
      errorTestId="copy-status-error"
      submitLabel="Change status"
      busy={edit.isPending}
      spinner
    >
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="New status"
            {...field}
            onChange={(e) => {
              edit.reset();
              field.onChange(e.target.value);
            }}
            error={!!formState.errors.status}
            helperText={formState.errors.status?.message}
            slotProps={{ htmlInput: { 'data-testid': 'copy-status' } }}
          >
            {targets.map((t) => (
              <MenuItem key={t} value={t}>
                {TARGET_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Typography variant="body2" color="text.secondary">
        {consequence(copy, to)}
      </Typography>
      <TextField
        label="Note (kept in the audit log)"
        {...register('note')}
        error={!!formState.errors.note}
        helperText={formState.errors.note?.message}
        fullWidth
      />
    </FormDialog>
  );
}
