import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Box, Checkbox, FormControlLabel, FormGroup, TextField, Typography } from '@mui/material';
import { ADMISSION_CATEGORIES, ZRevalSettings, type TExam } from '@erp/shared';
import { FormDialog } from '../../../components/FormDialog';
import { errorText } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { RupeeField } from '../RupeeField';
import { useSaveRevalSettings } from './api';
import { plainMessage } from './labels';

type Input = z.input<typeof ZRevalSettings>;
type Output = z.output<typeof ZRevalSettings>;
type FeeName = 'recountFeePaise' | 'photocopyFeePaise' | 'revalFeePaise';

const NOT_AN_AMOUNT = 'Enter an amount in rupees up to ₹1,00,000, e.g. 500 or 1250.50';
const EMPTY: Input = {
  revalCloses: '',
  recountFeePaise: 0,
  photocopyFeePaise: 0,
  revalFeePaise: 0,
  reducedCategories: [],
  reducedPercent: 0,
};

function Fee({ control, name, label }: { control: Control<Input>; name: FeeName; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RupeeField
          fullWidth
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? plainMessage(fieldState.error, NOT_AN_AMOUNT) : ' '}
        />
      )}
    />
  );
}

/** The window for recounting, photocopy and revaluation requests: the last day, the fees, the reduced categories. */
export function RevalWindowDialog({ exam, onClose }: { exam: TExam; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveRevalSettings(exam.id);
  const saved = exam.revaluation;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZRevalSettings),
    defaultValues: saved.closes
      ? {
          revalCloses: saved.closes,
          recountFeePaise: saved.recountFeePaise,
          photocopyFeePaise: saved.photocopyFeePaise,
          revalFeePaise: saved.revalFeePaise,
          reducedCategories: saved.reducedCategories,
          reducedPercent: saved.reducedPercent,
        }
      : EMPTY,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await save.mutateAsync(v);
      toast.success(r.message);
      onClose();
    } catch {
      /* shown above the fields */
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="reval-window-title"
      title={`Revaluation window of ${exam.name}`}
      onSubmit={submit}
      error={save.error ? errorText(save.error) : undefined}
      errorTestId="reval-window-error"
      intro={
        <Typography variant="body2">
          Students ask for recounting, a photocopy of their script or revaluation after the results are published, until the last
          day. Each fee is a charge on the student&apos;s fees, paid like other dues.
        </Typography>
      }
      submitLabel="Save"
      busy={save.isPending}
      spinner
    >
      <TextField
        type="date"
        size="small"
        label="Last day for requests"
        required
        {...form.register('revalCloses')}
        error={Boolean(errors.revalCloses)}
        helperText={errors.revalCloses?.message ?? ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Fee control={form.control} name="recountFeePaise" label="Recounting fee" />
        <Fee control={form.control} name="photocopyFeePaise" label="Photocopy fee" />
        <Fee control={form.control} name="revalFeePaise" label="Revaluation fee" />
      </Box>
      <Controller
        control={form.control}
        name="reducedCategories"
        render={({ field }) => {
          const chosen = field.value ?? [];
          const toggle = (c: string) => field.onChange(chosen.includes(c) ? chosen.filter((x) => x !== c) : [...chosen, c]);
          return (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2">
                Categories that pay less
              </Typography>
              <FormGroup row>
                {ADMISSION_CATEGORIES.map((c) => (
                  <FormControlLabel
                    key={c}
                    control={<Checkbox size="small" checked={chosen.includes(c)} onChange={() => toggle(c)} />}
                    label={c}
                  />
                ))}
              </FormGroup>
            </Box>
          );
        }}
      />
      <TextField
        label="Reduced by (%)"
        type="number"
        size="small"
        {...form.register('reducedPercent', { valueAsNumber: true })}
        error={Boolean(errors.reducedPercent)}
        helperText={
          plainMessage(errors.reducedPercent, 'Enter a whole percent from 0 to 100') ??
          'How much less the categories above pay, e.g. 50'
        }
        slotProps={{ htmlInput: { step: 1, min: 0, max: 100 } }}
      />
    </FormDialog>
  );
}
