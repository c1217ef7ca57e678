import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import type { z } from 'zod';
import { APPROVAL_LABELS, ZApprovalDecision, type TApprovalDecision, type TDecisionItem } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useDecide } from './api';
import { rupees } from './format';

/** Approve or reject one item with the remark its office keeps; the toast says what became of it. */
export function DecideDialog(props: {
  item: TDecisionItem | null;
  decision: TApprovalDecision['decision'];
  onClose: () => void;
}) {
  const { item, decision, onClose } = props;
  const decide = useDecide();
  const toast = useToast();
  const form = useForm<z.input<typeof ZApprovalDecision>, unknown, TApprovalDecision>({
    resolver: zodResolver(ZApprovalDecision),
    defaultValues: { decision, note: '' },
  });
  useEffect(() => {
    if (item) form.reset({ decision, note: '' });
    decide.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another item or decision opens
  }, [item, decision]);
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  return (
    <FormDialog
      open={item !== null}
      onClose={onClose}
      titleId="decide-title"
      title={item ? `${verb}: ${APPROVAL_LABELS[item.kind]}` : verb}
      maxWidth="sm"
      onSubmit={form.handleSubmit((body) =>
        decide.mutate(
          { kind: item!.kind, id: item!.id, body },
          {
            onSuccess: (r) => {
              toast.success(`${item!.title}: ${r.status.replace(/_/g, ' ')}`);
              onClose();
            },
          },
        ),
      )}
      error={decide.isError ? decide.error.message : undefined}
      intro={
        item ? (
          <Typography variant="body2">
            <strong>{item.title}</strong>
            {item.amountPaise !== null ? ` · ${rupees(item.amountPaise)}` : ''}
            <br />
            {item.detail}
          </Typography>
        ) : undefined
      }
      submitLabel={verb}
      cancelLabel="Back"
      submitColor={decision === 'approve' ? 'primary' : 'error'}
      busy={decide.isPending}
      spinner
    >
      <TextField
        label="Remark"
        required
        fullWidth
        multiline
        minRows={2}
        size="small"
        {...form.register('note')}
        error={Boolean(form.formState.errors.note)}
        helperText={form.formState.errors.note?.message ?? 'Kept with the decision in the office’s record'}
      />
    </FormDialog>
  );
}
