import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Checkbox, FormControlLabel, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  ADMISSION_FIELD_DEFS,
  MSG,
  ZAdmission,
  emptyAdmission,
  firstAdmissionError,
  longAadharBlur,
  longMobileBlur,
  longMobileInput,
} from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import {
  saveAdmission,
  useAdmissionTypes,
  useAgents,
  useBatches,
  useBranches,
  useCastes,
  useCourses,
  useKeyValues,
  useSeatTypes,
  useSemesters,
  useSubCastes,
} from './api';
import { ExcelUploadView } from './ExcelUploadView';
import { SelectField, useAdmissionToast } from './parts';
import { PhotoPicker } from './PhotoPicker';

type Form = Record<string, string>;
const DEF = new Map(ADMISSION_FIELD_DEFS.map((f) => [f.name, f]));
const MOBILES = new Set(['studentContactNo', 'fatherContactNo', 'motherContactNo']);

const SECTIONS: Array<[string, string[]]> = [
  [
    'Admission Details',
    [
      'dateOfAdmission',
      'adminNo',
      'admissionType',
      'courseAppliedFor',
      'batch',
      'branch',
      'semester',
      'level',
      'regulation',
      'seatType',
      'admissionEntryType',
      'entranceType',
      'rank',
      'hallTicketNo',
      'lateralEntry',
    ],
  ],
  [
    'Personal Details',
    [
      'name',
      'gender',
      'dateOfBirth',
      'aadharNo',
      'bloodGroup',
      'nationality',
      'religion',
      'category',
      'subCaste',
      'motherTongue',
      'emailId',
      'studentContactNo',
      'landLineNumber',
      'rationCardNo',
      'identificationMarksA',
      'identificationMarksB',
      'physicallyChallanged',
      'belongsToSportsNcc',
      'isHostler',
      'studentType',
    ],
  ],
  [
    'Parent Details',
    [
      'fathersName',
      'mothersName',
      'occupationOfFather',
      'occupationOfMother',
      'fatherContactNo',
      'motherContactNo',
      'fatherEmailId',
      'annualIncome',
    ],
  ],
  [
    'Education',
    [
      'sscMarks',
      'sscPercentage',
      'interMarks',
      'marksSecured',
      'percentageOfMarks',
      'division',
      'previousInstitution',
      'knowingAboutInstitute',
      'otherIfAny',
    ],
  ],
  ['Fee Details', ['agent', 'agentAmount', 'feeCommitment', 'studentPaidamount', 'scholarShip', 'certificateSubmission']],
];
const REQUIRED = new Set(ADMISSION_FIELD_DEFS.filter((f) => f.required).map((f) => f.name));

/** 'STUDENT ADMISSION FORM' (the long form), with the Upload toggle to the Excel view. */
export function LongAdmissionForm() {
  const toast = useAdmissionToast();
  const [excel, setExcel] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [sameAddress, setSameAddress] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<Form>({
    defaultValues: emptyAdmission(),
    // The same schema the API checks; the first failing field (spec order) gives the toast.
    resolver: zodResolver(ZAdmission as never) as never,
  });
  const v = form.watch();
  const set = (name: string, value: string) => form.setValue(name, value, { shouldDirty: true });

  const courses = useCourses();
  const batches = useBatches(v.courseAppliedFor);
  const branches = useBranches(v.courseAppliedFor, v.batch);
  const semesters = useSemesters(v.courseAppliedFor, !!v.branch);
  const types = useAdmissionTypes();
  const seatTypes = useSeatTypes();
  const castes = useCastes();
  const subCastes = useSubCastes(v.category);
  const agents = useAgents();
  const nationality = useKeyValues('Nationality');
  const religion = useKeyValues('Religion');

  const options: Record<string, readonly string[] | undefined> = useMemo(
    () => ({
      courseAppliedFor: courses.data?.map((c) => c.courseName),
      batch: batches.data,
      branch: branches.data,
      semester: semesters.data,
      admissionType: types.data,
      seatType: seatTypes.data?.map((s) => s.seatType),
      category: castes.data,
      subCaste: subCastes.data,
      agent: agents.data,
      nationality: nationality.data?.map((k) => k.value),
      religion: religion.data?.map((k) => k.value),
      admissionEntryType: ['Regular', 'Lateral'],
    }),
    [
      courses.data,
      batches.data,
      branches.data,
      semesters.data,
      types.data,
      seatTypes.data,
      castes.data,
      subCastes.data,
      agents.data,
      nationality.data,
      religion.data,
    ],
  );

  const onSelect = (name: string, value: string) => {
    set(name, value);
    if (name === 'courseAppliedFor') {
      set('level', courses.data?.find((c) => c.courseName === value)?.level ?? '');
      for (const f of ['batch', 'branch', 'semester']) set(f, '');
    }
    if (name === 'batch') for (const f of ['branch', 'semester']) set(f, '');
    if (name === 'branch') set('semester', '');
    if (name === 'category') set('subCaste', '');
  };

  const field = (name: string) => {
    const def = DEF.get(name)!;
    const label = `${def.label}${REQUIRED.has(name) ? ' *' : ''}`;
    // Drop-downs stay drop-downs while their list is still loading or waits for its parent.
    const list = Array.isArray(def.kind) ? (def.kind as readonly string[]) : name in options ? (options[name] ?? []) : undefined;
    if (list) {
      const disabled =
        (name === 'batch' && !v.courseAppliedFor) ||
        (name === 'branch' && !v.batch) ||
        (name === 'semester' && !v.branch) ||
        (name === 'subCaste' && !v.category);
      return (
        <SelectField
          id={`long-${name}`}
          label={label}
          value={v[name] ?? ''}
          options={list}
          disabled={disabled}
          onValue={(x) => onSelect(name, x)}
        />
      );
    }
    const date = def.kind === 'date';
    return (
      <TextField
        fullWidth
        size="small"
        id={`long-${name}`}
        label={label}
        type={date ? 'date' : 'text'}
        slotProps={{
          inputLabel: date ? { shrink: true } : undefined,
          htmlInput:
            name === 'aadharNo'
              ? { inputMode: 'numeric', maxLength: 12 }
              : MOBILES.has(name)
                ? { inputMode: 'numeric' }
                : undefined,
        }}
        value={v[name] ?? ''}
        onChange={(e) => {
          const raw = e.target.value;
          set(name, MOBILES.has(name) ? longMobileInput(raw) : raw);
          if (name === 'permanentAddress' && sameAddress) set('presentAddress', raw);
        }}
        onBlur={() => {
          const message =
            name === 'aadharNo' ? longAadharBlur(v[name] ?? '') : MOBILES.has(name) ? longMobileBlur(v[name] ?? '') : null;
          if (message) {
            toast.error(message);
            set(name, '');
          }
        }}
      />
    );
  };

  const clear = () => {
    form.reset(emptyAdmission());
    setPhoto(null);
    setSameAddress(false);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        const res = await saveAdmission(values as Form, photo);
        toast.success(`${res.message} (${res.adminNo})`);
        clear();
      } catch (e) {
        toast.error(e instanceof ApiError && e.message ? e.message : MSG.unableToUploadFile);
      } finally {
        setSaving(false);
      }
    },
    () => toast.error(firstAdmissionError(form.getValues()) ?? MSG.invalidData),
  );

  if (excel) return <ExcelUploadView onClose={() => setExcel(false)} />;

  const g = { xs: 12, sm: 6, md: 4, lg: 3 } as const;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }} component="form" onSubmit={onSubmit} noValidate aria-label="STUDENT ADMISSION FORM">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flexGrow: 1 }}>
          STUDENT ADMISSION FORM
        </Typography>
        <Button variant="outlined" onClick={() => setExcel(true)}>
          Upload
        </Button>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 9 }}>
          {SECTIONS.map(([title, names]) => (
            <Box key={title} component="section" sx={{ mb: 3 }} aria-label={title}>
              <Typography variant="subtitle1" fontWeight={700} gutterBottom>
                {title}
              </Typography>
              <Grid container spacing={2}>
                {names.map((n) => (
                  <Grid size={g} key={n}>
                    {field(n)}
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
          <Box component="section" aria-label="Address">
            <Typography variant="subtitle1" fontWeight={700} gutterBottom>
              Address
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  size="small"
                  id="long-permanentAddress"
                  label="Permanent Address"
                  value={v.permanentAddress}
                  onChange={(e) => {
                    set('permanentAddress', e.target.value);
                    if (sameAddress) set('presentAddress', e.target.value);
                  }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={sameAddress}
                      onChange={(e) => {
                        setSameAddress(e.target.checked);
                        set('presentAddress', e.target.checked ? v.permanentAddress : '');
                      }}
                    />
                  }
                  label="Present address same as permanent address"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  size="small"
                  id="long-presentAddress"
                  label="Present Address"
                  value={v.presentAddress}
                  disabled={sameAddress}
                  onChange={(e) => set('presentAddress', e.target.value)}
                />
              </Grid>
            </Grid>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <PhotoPicker file={photo} onFile={setPhoto} onError={toast.error} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={clear} disabled={saving}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Submit'}
        </Button>
      </Stack>
    </Paper>
  );
}
