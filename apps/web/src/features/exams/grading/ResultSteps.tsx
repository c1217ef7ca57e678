import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { TExam } from '@erp/shared';
import { errorText } from '../../../components/DataTable';
import { useConfirm, useToast } from '../../../components/feedback';
import { useDecode, useProcess, usePublish } from './api';

type Step = 'decode' | 'process' | 'publish';
type Outcome = { step: Step; ok: boolean; message: string; counts?: Record<string, number>; graceAwards?: number };

const CONFIRM: Record<Step, { title: string; text: (exam: TExam) => string; confirmText: string }> = {
  decode: {
    title: 'Decode the dummy numbers?',
    text: (e) =>
      `The agreed external marks of ${e.name} are joined to their roll numbers. Every script needs two entries that agree.`,
    confirmText: 'Decode',
  },
  process: {
    title: 'Process the results?',
    text: (e) =>
      `Grades of ${e.name} are worked out by the regulation's exam rules, with grace where a rule allows it. Processing again replaces the last run.`,
    confirmText: 'Process',
  },
  publish: {
    title: 'Publish the results?',
    text: (e) => `Students of ${e.name} see their grades in the results lookup and may ask for recounting or revaluation.`,
    confirmText: 'Publish',
  },
};

/** Decode → Process → Publish: each asked once more, each answered with the server's message or refusal. */
export function ResultSteps({ exam }: { exam: TExam }) {
  const decode = useDecode(exam.id);
  const process = useProcess(exam.id);
  const publish = usePublish(exam.id);
  const confirm = useConfirm();
  const toast = useToast();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = decode.isPending || process.isPending || publish.isPending;

  const run = async (step: Step) => {
    const c = CONFIRM[step];
    if (!(await confirm({ title: c.title, text: c.text(exam), confirmText: c.confirmText }))) return;
    try {
      if (step === 'process') {
        const r = await process.mutateAsync(undefined);
        setOutcome({ step, ok: true, message: r.message, counts: r.counts, graceAwards: r.graceAwards });
        toast.success(r.message);
      } else {
        const r = step === 'decode' ? await decode.mutateAsync(undefined) : await publish.mutateAsync(undefined);
        setOutcome({ step, ok: true, message: r.message });
        toast.success(r.message);
      }
    } catch (e) {
      setOutcome({ step, ok: false, message: errorText(e) });
    }
  };

  const button = (step: Step, label: string, pending: boolean) => (
    <Button
      variant={step === 'publish' ? 'contained' : 'outlined'}
      onClick={() => run(step)}
      loading={pending}
      disabled={busy && !pending}
      data-testid={`step-${step}`}
    >
      {label}
    </Button>
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Typography variant="subtitle1" component="h2" fontWeight={700}>
        Results
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        When every section&apos;s internal marks are locked and every script has two entries that agree: decode, process, check
        the Results tab, then publish.
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {button('decode', 'Decode', decode.isPending)}
        <ArrowForward fontSize="small" color="action" aria-hidden />
        {button('process', 'Process', process.isPending)}
        <ArrowForward fontSize="small" color="action" aria-hidden />
        {button('publish', 'Publish', publish.isPending)}
      </Stack>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          sx={{ mt: 1.5 }}
          onClose={() => setOutcome(null)}
          data-testid={outcome.ok ? 'step-result' : 'step-error'}
        >
          {outcome.message}
          {outcome.counts && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} data-testid="process-counts">
              {Object.entries(outcome.counts).map(([status, n]) => (
                <Chip key={status} size="small" variant="outlined" label={`${status}: ${n}`} />
              ))}
              <Chip size="small" variant="outlined" label={`Grace awards: ${outcome.graceAwards ?? 0}`} />
            </Box>
          )}
        </Alert>
      )}
    </Paper>
  );
}
