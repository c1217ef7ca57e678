import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { GRACE_PURPOSES, ZGraceRuleInput } from '@erp/shared';
import { FormDialog } from '../../../components/FormDialog';
import { FormSelect } from '../../../components/FormSelect';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useAddGraceRule } from './api';
import { plainMessage, PURPOSE_LABEL } from './labels';

type Input = z.input<typeof ZGraceRuleInput>;
type Output = z.output<typeof ZGraceRuleInput>;

const EMPTY: Input = {
  name: '',
  purpose: undefined as unknown as Output['purpose'],
  maxMarks: undefined as unknown as number,
  maxSubjects: undefined as unknown as number,
  active: true,
};

/** A grace rule: what it is for, the most marks it gives and in how many subjects. */
export function AddGraceRuleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const add = useAddGraceRule();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(ZGraceRuleInput), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const close = () => {
    form.reset(EMPTY);
    add.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await add.mutateAsync(v);
      toast.success(r.message);
      close();
    } catch {
      /* shown above the fields */
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="grace-rule-title"
      title="New grace rule"
      onSubmit={submit}
      error={add.error ? errorText(add.error) : undefined}
      errorTestId="grace-rule-error"
      intro={
        <Typography variant="body2">
          Processing gives grace by the active rules, kept apart from the marks and named on the result.
        </Typography>
      }
      submitLabel="Add rule"
      busy={add.isPending}
      spinner
    >
      <TextField
        label="Name"
        size="small"
        required
        autoFocus
        placeholder="Pass grace (up to 5 marks in one subject)"
        {...form.register('name')}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? ' '}
      />
      <FormSelect
        control={form.control}
        name="purpose"
        label="Grace for"
        required
        options={GRACE_PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABEL[p] }))}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Most marks"
          type="number"
          size="small"
          required
          {...form.register('maxMarks', { valueAsNumber: true })}
          error={Boolean(errors.maxMarks)}
          helperText={plainMessage(errors.maxMarks, 'Enter whole marks from 1 to 20') ?? 'In all, from 1 to 20'}
          slotProps={{ htmlInput: { step: 1, min: 1, max: 20 } }}
        />
        <TextField
          label="In at most (subjects)"
          type="number"
          size="small"
          required
          {...form.register('maxSubjects', { valueAsNumber: true })}
          error={Boolean(errors.maxSubjects)}
          helperText={plainMessage(errors.maxSubjects, 'Enter a number of subjects from 1 to 10') ?? 'From 1 to 10'}
          slotProps={{ htmlInput: { step: 1, min: 1, max: 10 } }}
        />
      </Box>
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Active: used when results are processed"
          />
        )}
      />
    </FormDialog>
  );
}
