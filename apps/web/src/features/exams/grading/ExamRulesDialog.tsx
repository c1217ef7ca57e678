import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, FormControlLabel, LinearProgress, Switch, TextField, Typography } from '@mui/material';
import { RESULT_MSG, REVAL_RULES, ZExamRulesInput, type TExam, type TExamRules } from '@erp/shared';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../components/FormDialog';
import { FormSelect } from '../../../components/FormSelect';
import { errorText, LoadError } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useExamRules, useSaveExamRules } from './api';
import { plainMessage } from './labels';

type Input = z.input<typeof ZExamRulesInput>;
type Output = z.output<typeof ZExamRulesInput>;
type NumberName = Exclude<keyof Input, 'supplyGradeCap' | 'supplyRevaluation' | 'revalRule'>;

const blank = undefined as unknown as number;
const EMPTY: Input = {
  cieMax: blank,
  seeMax: blank,
  cieMin: blank,
  seeMin: blank,
  totalMinPercent: blank,
  supplyGradeCap: '',
  supplyRevaluation: false,
  revalRule: REVAL_RULES[0],
  revalThreshold: blank,
  distinctionCgpa: blank,
  firstClassCgpa: blank,
  secondClassCgpa: blank,
};
const fromRules = ({ regulationId: _id, ...rules }: TExamRules): Input => rules;

const CAPS = [{ value: '', label: 'No cap' }, ...['S', 'A', 'B', 'C', 'D'].map((g) => ({ value: g, label: `At most ${g}` }))];
const RULE_LABEL: Record<(typeof REVAL_RULES)[number], string> = {
  second_if_diff: 'The second evaluation’s marks stand',
  average: 'The average of the two stands',
};

/** A regulation without exam rules answers with RESULT_MSG.noRules (or a 404): the form then starts empty. */
const isNone = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.message === RESULT_MSG.noRules);

/** The regulation's exam rules: maxima and minimums, supplementary and revaluation rules, the class lines. */
export function ExamRulesDialog({ exam, onClose }: { exam: TExam; onClose: () => void }) {
  const toast = useToast();
  const rules = useExamRules(exam.regulationId);
  const save = useSaveExamRules(exam.regulationId);
  const none = rules.isError && isNone(rules.error);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZExamRulesInput),
    defaultValues: EMPTY,
    values: rules.data ? fromRules(rules.data) : undefined,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(v);
      toast.success(`Exam rules of ${exam.regulation} saved`);
      onClose();
    } catch {
      /* shown above the fields */
    }
  });
  const number = (name: NumberName, label: string, help: string, step = 1) => (
    <TextField
      key={name}
      label={label}
      type="number"
      size="small"
      required
      {...form.register(name, { valueAsNumber: true })}
      error={Boolean(errors[name])}
      helperText={plainMessage(errors[name], `Enter ${help}`) ?? ' '}
      slotProps={{ htmlInput: { step, min: 0 }, inputLabel: { shrink: true } }}
    />
  );
  const loading = rules.isPending && rules.fetchStatus === 'fetching';
  const failed = rules.isError && !none;
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="exam-rules-title"
      title={`Exam rules of ${exam.regulation}`}
      onSubmit={submit}
      error={save.error ? errorText(save.error) : undefined}
      errorTestId="exam-rules-error"
      intro={
        loading ? (
          <LinearProgress aria-label="Loading the saved rules" />
        ) : (
          none && (
            <Alert severity="info" data-testid="no-rules">
              {RESULT_MSG.noRules}.
            </Alert>
          )
        )
      }
      submitLabel="Save rules"
      busy={save.isPending || loading || failed}
      spinner
      maxWidth="md"
    >
      {failed && <LoadError what="the exam rules" error={rules.error} onRetry={() => void rules.refetch()} />}
      <Typography variant="subtitle2" component="h3">
        Marks
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {number('cieMax', 'Internal maximum', 'the internal maximum (0 to 100)')}
        {number('cieMin', 'Internal minimum to pass', 'the internal minimum')}
        {number('seeMax', 'External maximum', 'the external maximum (1 to 200)')}
        {number('seeMin', 'External minimum to pass', 'the external minimum')}
        {number('totalMinPercent', 'Total minimum (%)', 'the total minimum percent (0 to 100)')}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Supplementary and revaluation
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormSelect control={form.control} name="supplyGradeCap" label="Best grade of a supplementary pass" options={CAPS} />
        <Controller
          control={form.control}
          name="supplyRevaluation"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Supplementary exams may be revalued"
            />
          )}
        />
        <FormSelect
          control={form.control}
          name="revalRule"
          label="Revaluation rule"
          options={REVAL_RULES.map((r) => ({ value: r, label: RULE_LABEL[r] }))}
          helperText="When the two evaluations differ by more than the threshold"
        />
        {number('revalThreshold', 'Threshold (marks)', 'the threshold (0 to 100)')}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Classes by CGPA
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {number('distinctionCgpa', 'Distinction from', 'a CGPA from 0 to 10', 0.01)}
        {number('firstClassCgpa', 'First class from', 'a CGPA from 0 to 10', 0.01)}
        {number('secondClassCgpa', 'Second class from', 'a CGPA from 0 to 10', 0.01)}
      </Box>
    </FormDialog>
  );
}
