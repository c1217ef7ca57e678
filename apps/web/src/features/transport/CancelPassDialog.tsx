import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import type { z } from 'zod';
import { ZPassCancel, type TPass, type TPassCancel, type TPassCancelled } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useCancelPass } from './api';
import { errorText } from './common';
import { rupees } from './format';

/** Today in India (the office's day), yyyy-mm-dd. */
const officeToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** What became of the fare, as the server worked it out by the college's leaving policy. */
function outcome(p: TPassCancelled) {
  const seat = p.offeredTo
    ? `the seat is offered to ${p.offeredTo.holderName}, first on the waiting list`
    : 'the seat is free again';
  if (p.holderType !== 'student' || !p.fareLedger) return `Pass ${p.passNo} cancelled; ${seat}`;
  const credit = p.creditedPaise ? `; ${rupees(p.creditedPaise)} paid beyond it is credited to the student at the accounts office` : '';
  return `Pass ${p.passNo} cancelled; ${rupees(p.fareKeptPaise)} of the fare is kept${credit}; ${seat}`;
}

/** Cancels a pass: the reason and the last day on the bus, which decides how much of the year's fare is kept. */
export function CancelPassDialog({ pass, onClose }: { pass: TPass | null; onClose: () => void }) {
  const cancel = useCancelPass();
  const toast = useToast();
  const form = useForm<z.input<typeof ZPassCancel>, unknown, TPassCancel>({
    resolver: zodResolver(ZPassCancel),
    defaultValues: { reason: '', date: officeToday() },
  });
  useEffect(() => {
    if (pass === null) form.reset({ reason: '', date: officeToday() });
  }, [pass, form]);
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={pass !== null}
      onClose={onClose}
      titleId="cancel-pass-title"
      title={`Cancel pass ${pass?.passNo ?? ''}`}
      maxWidth="xs"
      onSubmit={form.handleSubmit((body) =>
        cancel.mutate(
          { id: pass!.id, body },
          {
            onSuccess: (p) => {
              toast.success(outcome(p));
              onClose();
            },
          },
        ),
      )}
      error={cancel.isError ? errorText(cancel.error) : undefined}
      intro={
        pass ? (
          <Typography variant="body2">
            {pass.holderName} ({pass.holderRef}) · {pass.routeCode} {pass.stopName}. The fare is kept for the months (or
            semesters) begun up to the last day, by the college&apos;s policy; the rest is waived, and anything paid beyond it is
            credited to the student.
          </Typography>
        ) : undefined
      }
      submitLabel="Cancel pass"
      cancelLabel="Keep pass"
      submitColor="error"
      busy={cancel.isPending}
      spinner
    >
      <TextField
        label="Reason"
        required
        fullWidth
        size="small"
        {...form.register('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message}
      />
      <TextField
        label="Last day on the bus"
        type="date"
        fullWidth
        size="small"
        sx={{ mt: 2 }}
        slotProps={{ inputLabel: { shrink: true } }}
        {...form.register('date')}
        error={Boolean(errors.date)}
        helperText={errors.date?.message}
      />
    </FormDialog>
  );
}
