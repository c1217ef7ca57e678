import { useNavigate } from 'react-router';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { EXAM_KINDS, EXAM_MSG, ZExamInput, type TExamInput } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { FormSelect } from '../../components/FormSelect';
import { errorText } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useCreateExam, useRegulations, useSemesters } from './api';
import { EXAMS_PATHS } from './paths';
import { RupeeField } from './RupeeField';

type Output = z.output<typeof ZExamInput>;
const NOT_AN_AMOUNT = 'Enter an amount in rupees, e.g. 1250 or 1250.50';
const KIND_LABELS: Record<(typeof EXAM_KINDS)[number], string> = { regular: 'Regular', supplementary: 'Supplementary' };

const EMPTY: TExamInput = {
  name: '',
  kind: 'regular',
  regulationId: undefined as unknown as number,
  semesterIds: [],
  registrationCloses: '',
  startsOn: '',
  endsOn: '',
  feePerPaperPaise: 0,
  feeCapPaise: 0,
  lateFees: [],
  duesLimitPaise: 0,
  condonationFeePaise: 0,
};

/** A rupee field of the form, its message from the schema (or "not an amount" for text that is none). */
function Money({ control, name, label, help }: { control: Control<TExamInput>; name: MoneyName; label: string; help?: string }) {
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
          value={field.value as number | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? (Number.isNaN(field.value) ? NOT_AN_AMOUNT : fieldState.error.message) : (help ?? ' ')}
        />
      )}
    />
  );
}
type MoneyName = 'feePerPaperPaise' | 'feeCapPaise' | 'duesLimitPaise' | 'condonationFeePaise' | `lateFees.${number}.feePaise`;

const dateProps = { type: 'date', size: 'small', slotProps: { inputLabel: { shrink: true } } } as const;

/** The exam cell's "New exam": name, kind, regulation and semesters from the masters, dates and fees. */
export function NewExamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateExam();
  const regulations = useRegulations();
  const semesters = useSemesters();
  const form = useForm<TExamInput, unknown, Output>({ resolver: zodResolver(ZExamInput), defaultValues: EMPTY });
  const slabs = useFieldArray({ control: form.control, name: 'lateFees' });
  const errors = form.formState.errors;
  const regulationId = form.watch('regulationId');
  const courseId = regulations.data?.items.find((r) => r.id === regulationId)?.courseId ?? null;
  const semesterOptions = (semesters.data?.items ?? []).filter(
    (s) => !s.retired && (courseId === null || s.courseId === courseId),
  );

  const close = () => {
    form.reset(EMPTY);
    create.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = await create.mutateAsync(v);
      toast.success(saved.message);
      close();
      void navigate(EXAMS_PATHS.exam(saved.id));
    } catch {
      /* the server's message is shown above the fields */
    }
  });
  const mastersError = regulations.error ?? semesters.error;

  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="new-exam-title"
      title="New exam"
      onSubmit={submit}
      error={create.error ? errorText(create.error) : undefined}
      errorTestId="new-exam-error"
      submitLabel="Create exam"
      busy={create.isPending}
      spinner
      maxWidth="md"
    >
      {mastersError && <Alert severity="warning">Could not load the regulations and semesters: {errorText(mastersError)}</Alert>}
      <TextField
        label="Exam name"
        placeholder="B.Tech Regular Examinations November 2026"
        size="small"
        required
        {...form.register('name')}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? ' '}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormSelect
          control={form.control}
          name="kind"
          label="Kind"
          required
          options={EXAM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
        <FormSelect
          control={form.control}
          name="regulationId"
          label="Regulation"
          required
          message={EXAM_MSG.regulation}
          options={(regulations.data?.items ?? [])
            .filter((r) => !r.retired)
            .map((r) => ({ value: r.id, label: `${r.code} · ${r.name}` }))}
        />
      </Box>
      <Controller
        control={form.control}
        name="semesterIds"
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label="Semesters"
            required
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? []}
            onChange={(e) => field.onChange(e.target.value as unknown as number[])}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? EXAM_MSG.semesters
                : courseId === null
                  ? 'Choose the regulation first to see its course’s semesters'
                  : ' '
            }
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) =>
                  (ids as number[]).map((id) => semesterOptions.find((s) => s.id === id)?.name ?? id).join(', '),
              },
            }}
          >
            {semesterOptions.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextField
          {...dateProps}
          label="Registration closes"
          required
          {...form.register('registrationCloses')}
          error={Boolean(errors.registrationCloses)}
          helperText={errors.registrationCloses?.message ?? ' '}
        />
        <TextField
          {...dateProps}
          label="First day"
          required
          {...form.register('startsOn')}
          error={Boolean(errors.startsOn)}
          helperText={errors.startsOn?.message ?? ' '}
        />
        <TextField
          {...dateProps}
          label="Last day"
          required
          {...form.register('endsOn')}
          error={Boolean(errors.endsOn)}
          helperText={errors.endsOn?.message ?? ' '}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Money control={form.control} name="feePerPaperPaise" label="Fee per paper" />
        <Money
          control={form.control}
          name="feeCapPaise"
          label="Fee cap"
          help="The most a student pays, however many papers (0: no cap)"
        />
        <Money
          control={form.control}
          name="duesLimitPaise"
          label="Dues limit"
          help="Other dues above this withhold the hall ticket"
        />
        <Money control={form.control} name="condonationFeePaise" label="Condonation fee" />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Late fee slabs
        </Typography>
        <Stack spacing={1}>
          {slabs.fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No late fee: registration costs the same until it closes.
            </Typography>
          )}
          {slabs.fields.map((slab, i) => (
            <Box
              key={slab.id}
              data-testid="late-fee-slab"
              // a phone stacks the date over the amount, the remove button beside the amount
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' }, alignItems: 'start' }}
            >
              <TextField
                {...dateProps}
                label="From"
                {...form.register(`lateFees.${i}.fromDate`)}
                error={Boolean(errors.lateFees?.[i]?.fromDate)}
                helperText={errors.lateFees?.[i]?.fromDate?.message ?? ' '}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              />
              <Money control={form.control} name={`lateFees.${i}.feePaise`} label="Late fee" />
              <IconButton aria-label={`Remove late fee slab ${i + 1}`} onClick={() => slabs.remove(i)} sx={{ mt: 0.5 }}>
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              startIcon={<Add />}
              disabled={slabs.fields.length >= 6}
              onClick={() => slabs.append({ fromDate: '', feePaise: 0 })}
            >
              Add late fee slab
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormDialog>
  );
}
