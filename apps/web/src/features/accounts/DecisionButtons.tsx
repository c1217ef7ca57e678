import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { ZDecision, type TDecision } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';

type Decision = TDecision['decision'];

/**
 * Approve and Reject for the one who may decide a proposal. Each opens a dialog that shows what is
 * decided (`details`), asks for the remark the record keeps, and decides on confirming; a toast
 * says what became of it.
 */
export function DecisionButtons({
  id,
  subject,
  details,
  useDecide,
  done,
}: {
  id: number;
  /** what is decided, e.g. "bill INV-1 of Sai Traders" */
  subject: string;
  /** what the decider should see first, e.g. the tax breakdown and the invoice */
  details?: ReactNode;
  useDecide: () => UseMutationResult<{ status: string }, Error, TDecision & { id: number }>;
  /** the toast for the new status, e.g. "22A91A0501: Approved" */
  done: (status: string) => string;
}) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setDeciding('approve')}>
        Approve
      </Button>{' '}
      <Button size="small" color="error" onClick={() => setDeciding('reject')}>
        Reject
      </Button>
      {deciding && (
        <DecisionDialog
          id={id}
          decision={deciding}
          subject={subject}
          details={details}
          useDecide={useDecide}
          done={done}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

function DecisionDialog(props: {
  id: number;
  decision: Decision;
  subject: string;
  details?: ReactNode;
  useDecide: () => UseMutationResult<{ status: string }, Error, TDecision & { id: number }>;
  done: (status: string) => string;
  onClose: () => void;
}) {
  const decide = props.useDecide();
  const toast = useToast();
  const form = useForm<TDecision>({ resolver: zodResolver(ZDecision), defaultValues: { decision: props.decision, note: '' } });
  const verb = props.decision === 'approve' ? 'Approve' : 'Reject';
  const submit = form.handleSubmit(async (values) => {
    try {
      const r = await decide.mutateAsync({ id: props.id, ...values });
      toast.success(props.done(r.status));
      props.onClose();
    } catch {
      /* shown in the dialog */
    }
  });
  const err = form.formState.errors.note;
  return (
    <FormDialog
      open
      onClose={props.onClose}
      titleId={`decide-${props.id}`}
      title={`${verb} ${props.subject}?`}
      onSubmit={submit}
      error={decide.error?.message}
      intro={props.details}
      submitLabel={`${verb} with this remark`}
      submitColor={props.decision === 'approve' ? 'primary' : 'error'}
      busy={decide.isPending}
    >
      <TextField
        label="Remark"
        required
        multiline
        minRows={2}
        autoFocus
        {...form.register('note')}
        error={!!err}
        helperText={err?.message ?? 'Kept with the decision and shown to everyone who reads it'}
      />
    </FormDialog>
  );
}
