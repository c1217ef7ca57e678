import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ACCOUNTS_PATHS, REVAL_KINDS, ZRevalRequestInput } from '@erp/shared';
import { FormDialog } from '../../../components/FormDialog';
import { FormSelect } from '../../../components/FormSelect';
import { errorText } from '../../../components/DataTable';
import { rupees } from '../format';
import { useRequestReval } from './api';
import { KIND_LABEL } from './labels';

type Input = z.input<typeof ZRevalRequestInput>;
type Output = z.output<typeof ZRevalRequestInput>;
export type PaperToAsk = { examId: number; paperId: number; courseCode: string; course: string; grade: string };

const KIND_HELP = {
  recount: 'The script’s marks are added up again.',
  photocopy: 'You get a copy of your answer script.',
  revaluation: 'Another examiner evaluates the script again.',
} as const;

/** The request saved: its fee, charged to the student's fees and paid like any other due. */
function Asked({ answer, onClose }: { answer: { message: string; feePaise: number }; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="asked-title">
      <DialogTitle id="asked-title">Request made</DialogTitle>
      <DialogContent>
        <Alert severity="success" data-testid="reval-asked">
          {answer.message}
        </Alert>
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="reval-fee">
          {answer.feePaise > 0
            ? `Fee ${rupees(answer.feePaise)}: a charge on your fees, paid like your other dues (at the counter or online). The request is taken up once it is paid.`
            : 'There is no fee for this request.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        {answer.feePaise > 0 && (
          <Button component={RouterLink} to={ACCOUNTS_PATHS.myFees}>
            Pay fees
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A student asks for recounting, a photocopy or revaluation of one paper. */
export function RequestRevalDialog({ paper, onClose }: { paper: PaperToAsk; onClose: () => void }) {
  const ask = useRequestReval();
  const [answer, setAnswer] = useState<{ message: string; feePaise: number } | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZRevalRequestInput),
    defaultValues: { examId: paper.examId, paperId: paper.paperId, kind: undefined as unknown as Output['kind'] },
  });
  const kind = form.watch('kind');
  const submit = form.handleSubmit(async (v) => {
    try {
      setAnswer(await ask.mutateAsync(v));
    } catch {
      /* the refusal is shown in the dialog */
    }
  });
  if (answer) return <Asked answer={answer} onClose={onClose} />;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="request-reval-title"
      title={`${paper.courseCode} · ${paper.course}`}
      onSubmit={submit}
      error={ask.error ? errorText(ask.error) : undefined}
      errorTestId="request-reval-error"
      intro={
        <Typography variant="body2">
          Your grade: <b>{paper.grade}</b>. Each request has a fee, added to your fees and paid like other dues.
        </Typography>
      }
      submitLabel="Request"
      busy={ask.isPending}
      spinner
      maxWidth="xs"
    >
      <FormSelect
        control={form.control}
        name="kind"
        label="What you ask for"
        required
        options={REVAL_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
        helperText={kind ? KIND_HELP[kind] : ' '}
      />
    </FormDialog>
  );
}
