import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TextField, Typography } from '@mui/material';
import { ZCondonationRequest, type TEligibilityRow, type TExam } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useCondone } from './api';
import { rupees } from './format';

type Input = z.input<typeof ZCondonationRequest>;

/** The principal condones a student's attendance shortage for this exam, with the reason on record. */
export function CondoneDialog({ exam, row, onClose }: { exam: TExam; row: TEligibilityRow | null; onClose: () => void }) {
  const toast = useToast();
  const condone = useCondone(exam.id);
  const form = useForm<Input, unknown, z.output<typeof ZCondonationRequest>>({
    resolver: zodResolver(ZCondonationRequest),
    values: { rollNo: row?.rollNo ?? '', reason: '' },
  });
  const close = () => {
    form.reset();
    condone.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await condone.mutateAsync(v);
      toast.success(r.message);
      close();
    } catch {
      /* the server's message is shown in the dialog */
    }
  });
  return (
    <FormDialog
      open={row !== null}
      onClose={close}
      titleId="condone-title"
      title={row ? `Condone ${row.rollNo} (${row.name})` : 'Condone'}
      onSubmit={submit}
      error={condone.error ? errorText(condone.error) : undefined}
      errorTestId="condone-error"
      intro={
        row && (
          <Typography variant="body2">
            Attendance {row.attendancePercent.toFixed(2)}% ({row.attendanceStanding}). Once condoned, the hall ticket waits for
            the condonation fee of {rupees(exam.condonationFeePaise)}.
          </Typography>
        )
      }
      submitLabel="Condone"
      busy={condone.isPending}
      spinner
    >
      <TextField
        label="Reason"
        size="small"
        required
        multiline
        minRows={3}
        autoFocus
        {...form.register('reason')}
        error={Boolean(form.formState.errors.reason)}
        helperText={form.formState.errors.reason?.message ?? 'Kept with the condonation: e.g. the medical certificate produced'}
      />
    </FormDialog>
  );
}
