import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TextField, Typography } from '@mui/material';
import { ZModeration } from '@erp/shared';
import { FormDialog } from '../../../components/FormDialog';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useModerate } from './api';
import { plainMessage, type SectionProgress } from './labels';

type Input = z.input<typeof ZModeration>;
type Output = z.output<typeof ZModeration>;

/**
 * The moderation board adds or takes away marks from a locked section's internals, with its reason.
 * The marks before moderation are kept by the server beside the new ones.
 */
export function ModerateDialog({ examId, section, onClose }: { examId: number; section: SectionProgress; onClose: () => void }) {
  const toast = useToast();
  const moderate = useModerate(examId);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZModeration),
    defaultValues: { paperId: section.paperId, sectionId: section.sectionId, add: undefined as unknown as number, reason: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await moderate.mutateAsync(v);
      toast.success(r.message);
      onClose();
    } catch {
      /* the server's refusal is shown in the dialog */
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="moderate-title"
      title={`Moderate ${section.paper} · ${section.section}`}
      onSubmit={submit}
      error={moderate.error ? errorText(moderate.error) : undefined}
      errorTestId="moderate-error"
      intro={
        <Typography variant="body2">
          Every student&apos;s internal marks in this section change by the marks given (a minus takes them away). The marks
          before moderation stay on record with the board&apos;s reason.
        </Typography>
      }
      submitLabel="Moderate"
      busy={moderate.isPending}
      spinner
    >
      <TextField
        label="Marks to add (minus to take away)"
        type="number"
        size="small"
        required
        autoFocus
        {...form.register('add', { valueAsNumber: true })}
        error={Boolean(errors.add)}
        helperText={plainMessage(errors.add, 'Give whole marks from −20 to 20, not 0') ?? 'From −20 to 20, e.g. 2 or −3'}
        slotProps={{ htmlInput: { step: 1, min: -20, max: 20 } }}
      />
      <TextField
        label="The moderation board's reason"
        size="small"
        required
        multiline
        minRows={2}
        {...form.register('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message ?? ' '}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </FormDialog>
  );
}
