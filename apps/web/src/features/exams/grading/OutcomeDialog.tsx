import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { RESULT_MSG, ZRevalOutcomeInput, type TRevalRequest } from '@erp/shared';
import { FormDialog } from '../../../components/FormDialog';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { rupees } from '../format';
import { useRevalOutcome } from './api';
import { KIND_LABEL, plainMessage } from './labels';

type Input = { marks: string };
type Answer = { message: string; oldMarks: number; newMarks: number; oldGrade: string; newGrade: string; changed: boolean };

const MARKS_HELP = {
  revaluation: 'The marks the second evaluator gave the script',
  recount: 'The external marks the recount found (the same marks if nothing was missed)',
  photocopy: '',
} as const;

/** What the decision did: old → new marks and grade, in the server's words. */
function Decided({ answer, onClose }: { answer: Answer; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="outcome-done-title">
      <DialogTitle id="outcome-done-title">Outcome recorded</DialogTitle>
      <DialogContent>
        <Alert severity={answer.changed ? 'success' : 'info'} data-testid="outcome-result">
          {answer.message}
        </Alert>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Marks
          </Typography>
          <Typography variant="body2" data-testid="outcome-marks">
            {answer.oldMarks} → <b>{answer.newMarks}</b>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Grade
          </Typography>
          <Typography variant="body2" data-testid="outcome-grade">
            {answer.oldGrade} → <b>{answer.newGrade}</b>
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The exam cell records a request's outcome: the second evaluation's marks (revaluation), the
 * recounted marks (recounting) or that the photocopy was given. The server applies the regulation's
 * rule and answers the old and new marks and grade.
 */
export function OutcomeDialog({ request, onClose }: { request: TRevalRequest; onClose: () => void }) {
  const toast = useToast();
  const outcome = useRevalOutcome();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const takesMarks = request.kind !== 'photocopy';
  const form = useForm<Input, unknown, z.output<typeof ZRevalOutcomeInput>>({
    // the box holds text: recounting and revaluation need marks, whole marks by the shared schema
    resolver: async (values, ctx, options) => {
      const marks = values.marks.trim() === '' ? undefined : Number(values.marks);
      if (marks === undefined && request.kind !== 'photocopy')
        return { values: {}, errors: { marks: { type: 'required', message: RESULT_MSG.marksNeeded } } };
      return zodResolver(ZRevalOutcomeInput)({ marks }, ctx, options as never) as never;
    },
    defaultValues: { marks: '' },
  });
  const error = form.formState.errors.marks;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await outcome.mutateAsync({ id: request.id, body: takesMarks ? v : {} });
      toast.success(r.message);
      setAnswer(r);
    } catch {
      /* shown in the dialog */
    }
  });
  if (answer) return <Decided answer={answer} onClose={onClose} />;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="outcome-title"
      title={`${KIND_LABEL[request.kind]}: ${request.courseCode}`}
      onSubmit={submit}
      error={outcome.error ? errorText(outcome.error) : undefined}
      errorTestId="outcome-error"
      intro={
        <Typography variant="body2" component="div">
          {request.rollNo ? `${request.rollNo} · ${request.name} · ` : ''}
          Script {request.dummyNo} · {request.course}
          <br />
          Marks now <b>{request.oldMarks}</b>, grade <b>{request.oldGrade}</b>. Fee {rupees(request.feePaise)}
          {request.feeDuePaise > 0 ? `, ${rupees(request.feeDuePaise)} still due` : ', paid'}.
        </Typography>
      }
      submitLabel={takesMarks ? 'Record outcome' : 'Photocopy given'}
      busy={outcome.isPending}
      spinner
      maxWidth="xs"
    >
      {takesMarks && (
        <TextField
          label={request.kind === 'revaluation' ? 'Marks in the second evaluation' : 'Marks after recounting'}
          size="small"
          inputMode="numeric"
          required
          autoFocus
          {...form.register('marks')}
          error={Boolean(error)}
          helperText={plainMessage(error, 'Marks must be a whole number') ?? MARKS_HELP[request.kind]}
        />
      )}
    </FormDialog>
  );
}
