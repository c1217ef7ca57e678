import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import {
  ALUMNI_MSG,
  ALUMNI_REGISTRATION_ACCEPT,
  MSG,
  WORKING_OPTIONS,
  ZAlumniRegistration,
  applyWorkingChoice,
  type TAlumniRegistration,
  type TAlumniRegistrationInput,
} from '@erp/shared';
import { useAlert } from '../../components/feedback';
import { useAlumniBatches, useAlumniCourses, useSaveRegistration } from './api';
import { fileProblem, registrationFailureText } from './files';

const EMPTY: TAlumniRegistrationInput = {
  name: '',
  course: '',
  rollNumber: '',
  degree: '',
  batch: '',
  branch: '',
  mobileNumber: '',
  email: '',
  working: 'yes',
  company: '',
  companyName: '',
  jobTitle: '',
  workAddress: '',
  instituteName: '',
  courseName: '',
  eduAddress: '',
};
const WORKING_LABELS: Record<(typeof WORKING_OPTIONS)[number], string> = { yes: 'Yes', no: 'No', NA: 'NA' };

/** Alumni registration (form 1): the working choice switches the company and education fields. */
export function RegistrationPage() {
  const alert = useAlert();
  const form = useForm<TAlumniRegistrationInput, unknown, TAlumniRegistration>({
    resolver: zodResolver(ZAlumniRegistration),
    defaultValues: EMPTY,
  });
  const { control, register, handleSubmit, watch, setValue, reset, formState } = form;
  const errors = formState.errors;
  const saveRegistration = useSaveRegistration();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const courses = useAlumniCourses();
  const level = watch('course') ?? '';
  const degree = watch('degree');
  const working = watch('working');
  const batches = useAlumniBatches(degree);
  const levels = useMemo(() => [...new Set((courses.data ?? []).map((c) => c.level))], [courses.data]);
  const degrees = (courses.data ?? []).filter((c) => !level || c.level === level);
  const branchSuggestions = (courses.data ?? []).find((c) => c.course === degree)?.branches ?? [];

  const text = (name: keyof TAlumniRegistrationInput, label: string, extra: Record<string, unknown> = {}, required = true) => (
    <TextField
      label={label}
      required={required}
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{ htmlInput: { 'data-testid': `alumni-${name}`, ...extra } }}
    />
  );

  const chooseWorking = (value: string, onChange: (v: string) => void) => {
    onChange(value);
    // "no" clears the company fields.
    if (value === 'no') for (const f of ['company', 'companyName', 'jobTitle', 'workAddress'] as const) setValue(f, '');
  };

  const onValid = async (values: TAlumniRegistration) => {
    const problem = fileProblem(file, ALUMNI_REGISTRATION_ACCEPT, ALUMNI_MSG.registrationFileType);
    if (problem) return setFileError(problem);
    let body: FormData;
    try {
      body = new FormData();
      if (file) body.append('file', file);
      body.append('alumniStudentRegistration', JSON.stringify(applyWorkingChoice(values)));
    } catch (e) {
      await alert({
        kind: 'error',
        title: MSG.oops,
        text: `${MSG.requestSetupError}${e instanceof Error ? e.message : String(e)}`,
      });
      return;
    }
    try {
      await saveRegistration.mutateAsync(body);
    } catch (e) {
      await alert({ kind: 'error', title: MSG.oops, text: registrationFailureText(e) });
      return;
    }
    reset(EMPTY);
    setFile(null);
    setFileKey((k) => k + 1);
    await alert({ kind: 'success', title: MSG.alumniWelcomeTitle, text: MSG.alumniWelcomeText });
  };

  return (
    <Card sx={{ borderRadius: 3, maxWidth: 960, mx: 'auto' }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={handleSubmit(onValid)}
        sx={{ p: { xs: 2, sm: 4 } }}
        aria-label="Alumni Registration Form"
      >
        <Typography variant="h5" component="h1" gutterBottom>
          Alumni Registration Form
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {text('name', 'Name', { maxLength: 120 })}
          {text('rollNumber', 'Roll Number', { maxLength: 30 })}
          <Controller
            control={control}
            name="course"
            render={({ field }) => (
              <TextField
                select
                label="Course"
                fullWidth
                {...field}
                value={field.value ?? ''}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  if (degree && !(courses.data ?? []).some((c) => c.course === degree && c.level === e.target.value))
                    setValue('degree', '');
                  setValue('batch', '');
                }}
                slotProps={{ htmlInput: { 'data-testid': 'alumni-course' } }}
              >
                <MenuItem value="">All courses</MenuItem>
                {levels.map((l) => (
                  <MenuItem key={l} value={l}>
                    {l}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="degree"
            render={({ field }) => (
              <TextField
                select
                label="Degree"
                required
                fullWidth
                {...field}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  setValue('batch', '');
                }}
                error={Boolean(errors.degree)}
                helperText={errors.degree?.message}
                slotProps={{ htmlInput: { 'data-testid': 'alumni-degree' } }}
              >
                {degrees.map((c) => (
                  <MenuItem key={c.course} value={c.course}>
                    {c.course}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="batch"
            render={({ field }) => (
              <TextField
                select
                label="Batch"
                required
                fullWidth
                {...field}
                error={Boolean(errors.batch)}
                helperText={errors.batch?.message ?? (degree ? undefined : 'Choose the degree first')}
                slotProps={{ htmlInput: { 'data-testid': 'alumni-batch' } }}
              >
                {(batches.data ?? []).map((b) => (
                  <MenuItem key={b} value={b}>
                    {b}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="branch"
            render={({ field }) => (
              <TextField
                label="Branch"
                required
                fullWidth
                {...field}
                onChange={(e) => field.onChange(e.target.value.toUpperCase())}
                error={Boolean(errors.branch)}
                helperText={errors.branch?.message}
                slotProps={{ htmlInput: { list: 'alumni-branches', maxLength: 40, 'data-testid': 'alumni-branch' } }}
              />
            )}
          />
          <datalist id="alumni-branches">
            {branchSuggestions.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
          {text('mobileNumber', 'Mobile Number', { maxLength: 10, inputMode: 'numeric' })}
          {text('email', 'Email', { maxLength: 160, type: 'email' })}
        </Box>

        <Controller
          control={control}
          name="working"
          render={({ field }) => (
            <FormControl sx={{ mt: 2 }} error={Boolean(errors.working)}>
              <FormLabel id="alumni-working-label">Working</FormLabel>
              <RadioGroup
                row
                aria-labelledby="alumni-working-label"
                name="working"
                value={field.value}
                onChange={(e) => chooseWorking(e.target.value, field.onChange)}
              >
                {WORKING_OPTIONS.map((w) => (
                  <FormControlLabel key={w} value={w} control={<Radio />} label={WORKING_LABELS[w]} />
                ))}
              </RadioGroup>
              {errors.working && <FormHelperText>{errors.working.message}</FormHelperText>}
            </FormControl>
          )}
        />

        {working === 'yes' && (
          <Box
            sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            data-testid="alumni-work-fields"
          >
            {text('companyName', 'Company Name', { maxLength: 200 })}
            {text('jobTitle', 'Job Title', { maxLength: 120 })}
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>{text('workAddress', 'Work Address', { maxLength: 300 })}</Box>
          </Box>
        )}
        {working === 'no' && (
          <Box
            sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            data-testid="alumni-education-fields"
          >
            {text('instituteName', 'Institute Name', { maxLength: 200 })}
            {text('courseName', 'Course Name', { maxLength: 120 })}
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>{text('eduAddress', 'Education Address', { maxLength: 300 })}</Box>
          </Box>
        )}

        <TextField
          key={fileKey}
          type="file"
          label="Document (pdf, jpg, jpeg, png or gif)"
          fullWidth
          sx={{ mt: 2 }}
          onChange={(e) => {
            const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
            setFile(chosen);
            setFileError(fileProblem(chosen, ALUMNI_REGISTRATION_ACCEPT, ALUMNI_MSG.registrationFileType));
          }}
          error={Boolean(fileError)}
          helperText={fileError}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { accept: ALUMNI_REGISTRATION_ACCEPT, 'data-testid': 'alumni-file' },
          }}
        />

        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" disabled={saveRegistration.isPending}>
            Register
          </Button>
          <Button
            type="button"
            variant="outlined"
            size="large"
            onClick={() => {
              reset(EMPTY);
              setFile(null);
              setFileError(null);
              setFileKey((k) => k + 1);
            }}
          >
            Clear
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
