import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { Box, Button, Chip, Grid, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import {
  BLOOD_GROUPS,
  FEE_PARTS,
  FEE_YEARS,
  GENDERS,
  MSG,
  SHORT_FORM_FIELDS,
  YES_NO,
  firstAdmissionError,
  payloadToShortForm,
  shortFormBlur,
  shortFormChange,
  shortFormMissingRequired,
  shortFormToPayload,
} from '@erp/shared';
import { ApiError, openBase64Pdf } from '../../lib/api-client';
import {
  getNormalData,
  nextAdmissionNumber,
  saveAdmission,
  useAdmissionSettings,
  useAdmissionTypes,
  useAgents,
  useBatches,
  useBranches,
  useCastes,
  useCourses,
  useKeyValues,
  useSemesters,
  useSubCastes,
} from './api';
import { SelectField, useAdmissionToast } from './parts';
import { PhotoPicker } from './PhotoPicker';

type Form = Record<string, string>;
const empty = (): Form => Object.fromEntries(SHORT_FORM_FIELDS.map((f) => [f, ''])) as Form;

/** Required fields first, then the shared save-payload schema: the API answers with the same messages. */
const resolver: Resolver<Form> = async (values) => {
  const message = shortFormMissingRequired(values) ?? firstAdmissionError(shortFormToPayload(values));
  if (message)
    return { values: {}, errors: { root: { type: 'validate', message } } } as unknown as Awaited<ReturnType<Resolver<Form>>>;
  return { values, errors: {} };
};

const TEXT: Array<[string, string]> = [
  ['fathersName', "Father's Name"],
  ['mothersName', "Mother's Name"],
  ['motherTongue', 'Mother Tongue'],
  ['identificationMarks1', 'Identification Mark'],
  ['lastAttendedInstituded', 'Last Attended Institution'],
  ['rank', 'Rank'],
  ['hollticketNo', 'Hall Ticket No'],
  ['rationCardNo', 'Ration Card No'],
  ['landLineNumber', 'Landline Number'],
  ['studentMobileNumber', 'Student Mobile Number'],
  ['fatherContactNo', 'Father Contact No'],
  ['motherContactNo', 'Mother Contact No'],
  ['emailId', 'Email Id'],
  ['studentType', 'Student Type'],
  ['agentAmount', 'Agent Amount'],
  ['feeCommitment', 'Fee Commitment'],
  ['studentPaidAmount', 'Student Paid Amount'],
];

/**
 * 'ADMISSION FORM' (the short form): new, or modify (?mode=modify&rollNumber=) prefilled from
 * getNormalData. Cascades course → batches → branches → semesters and caste → sub-castes.
 */
export function ShortAdmissionForm() {
  const toast = useAdmissionToast();
  const [params] = useSearchParams();
  const modify = params.get('mode') === 'modify';
  const rollNumber = params.get('rollNumber') ?? '';
  const [editedAadhar, setEditedAadhar] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<Form>({ defaultValues: empty(), resolver });
  const v = form.watch();
  const set = (name: string, value: string) => form.setValue(name, value, { shouldDirty: true });

  const settings = useAdmissionSettings();
  const courses = useCourses();
  const batches = useBatches(v.course);
  const branches = useBranches(v.course, v.batch);
  const semesters = useSemesters(v.course, !!v.branch);
  const types = useAdmissionTypes();
  const castes = useCastes();
  const subCastes = useSubCastes(v.casteCategory);
  const agents = useAgents();
  const entrance = useKeyValues('entrancetype');

  useEffect(() => {
    if (!modify || !rollNumber) return;
    getNormalData(rollNumber)
      .then((data) => {
        const values = { ...empty(), ...payloadToShortForm(data) };
        form.reset(values);
        setEditedAadhar(values.adharNo ?? '');
      })
      .catch((e: unknown) => toast.error(e instanceof Error ? e.message : MSG.noDataFoundDot));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modify, rollNumber]);

  /** On-change rules of spec section 5: refused input keeps the old value and shows a toast. */
  const change = (name: string) => (e: { target: { value: string } }) => {
    const r = shortFormChange(name, e.target.value, v[name] ?? '');
    if (r.message) toast.error(r.message);
    set(name, r.value);
  };
  const blur = (name: string) => () => {
    const m = shortFormBlur(name, v[name] ?? '');
    if (m) toast.error(m);
  };
  const text = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      fullWidth
      size="small"
      id={`adm-${name}`}
      label={label}
      value={v[name] ?? ''}
      onChange={change(name)}
      onBlur={blur(name)}
      {...extra}
    />
  );

  const courseNames = useMemo(() => courses.data?.map((c) => c.courseName), [courses.data]);

  const clear = () => {
    form.reset(empty());
    setPhoto(null);
    setEditedAadhar('');
  };

  const onSave = form.handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        const payload = shortFormToPayload(values);
        if (rollNumber && modify) payload.rollNumber = payload.rollNumber || rollNumber;
        const res = await saveAdmission(payload, photo, modify ? editedAadhar || undefined : undefined);
        toast.success(res.message);
        clear();
        openBase64Pdf(res.pdf, `${res.adminNo.replace(/\//g, '_')}.pdf`);
      } catch (e) {
        toast.error(e instanceof ApiError ? e.message || MSG.failedToSaveData : MSG.errorSavingData);
      } finally {
        setSaving(false);
      }
    },
    (errors) => toast.error(errors.root?.message ?? MSG.fillAllRequired),
  );

  const g = { xs: 12, sm: 6, md: 4 } as const;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }} component="form" onSubmit={onSave} noValidate aria-label="ADMISSION FORM">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flexGrow: 1 }}>
          ADMISSION FORM
        </Typography>
        <Chip label={modify ? `Modify ${rollNumber}` : 'New admission'} color={modify ? 'secondary' : 'primary'} size="small" />
      </Stack>
      <Tabs value={0} aria-label="Admission form sections" sx={{ mb: 2 }}>
        <Tab label="Personal Details" id="adm-tab-personal" />
      </Tabs>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 9 }}>
          <Grid container spacing={2}>
            <Grid size={g}>{text('fullName', 'Full Name *')}</Grid>
            <Grid size={g}>
              <SelectField
                id="adm-course"
                label="Course *"
                value={v.course}
                options={courseNames}
                loading={courses.isLoading}
                onValue={(c) => {
                  set('course', c);
                  set('batch', '');
                  set('branch', '');
                  set('semester', '');
                }}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-batch"
                label="Batch *"
                value={v.batch}
                options={batches.data}
                loading={batches.isFetching}
                disabled={!v.course}
                onValue={(b) => {
                  set('batch', b);
                  set('branch', '');
                  set('semester', '');
                }}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-branch"
                label="Branch *"
                value={v.branch}
                options={branches.data}
                loading={branches.isFetching}
                disabled={!v.batch}
                onValue={(b) => {
                  set('branch', b);
                  set('semester', '');
                }}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-semester"
                label="Semester"
                value={v.semester}
                options={semesters.data}
                disabled={!v.branch}
                onValue={(s) => set('semester', s)}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-gender"
                label="Gender *"
                value={v.gender}
                options={GENDERS}
                onValue={(x) => set('gender', x)}
              />
            </Grid>
            <Grid size={g}>{text('adharNo', 'Aadhar Number *', { inputProps: { inputMode: 'numeric', maxLength: 12 } })}</Grid>
            <Grid size={g}>
              <Stack direction="row" spacing={1}>
                {text('adminNo', 'Admission No', {
                  helperText: 'Leave empty to generate on save',
                  onChange: (e) => set('adminNo', e.target.value),
                })}
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ whiteSpace: 'nowrap', alignSelf: 'flex-start', mt: 0.5 }}
                  onClick={() =>
                    nextAdmissionNumber()
                      .then((n) => set('adminNo', n))
                      .catch((e: Error) => toast.error(e.message))
                  }
                >
                  Generate
                </Button>
              </Stack>
            </Grid>
            <Grid size={g}>
              {text('adminDate', 'Admission Date', {
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
                onChange: (e) => set('adminDate', e.target.value),
              })}
            </Grid>
            <Grid size={g}>
              {text('dateofBirth', 'Date of Birth', {
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
                onChange: (e) => set('dateofBirth', e.target.value),
              })}
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-admissionType"
                label="Admission Type"
                value={v.admissionType}
                options={types.data}
                onValue={(t) => {
                  set('admissionType', t);
                  set('seatType', t);
                }}
              />
            </Grid>
            <Grid size={g}>
              {text('seatType', 'Seat Type', {
                slotProps: { input: { readOnly: true } },
                helperText: 'Set by the admission type',
              })}
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-admissionEntryType"
                label="Admission Entry Type"
                value={v.admissionEntryType}
                options={['Regular', 'Lateral']}
                onValue={(x) => set('admissionEntryType', x)}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-entranceType"
                label="Entrance Type"
                value={v.entranceType}
                options={entrance.data?.map((e) => e.value)}
                onValue={(x) => set('entranceType', x)}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-casteCategory"
                label="Caste Category"
                value={v.casteCategory}
                options={castes.data}
                onValue={(c) => {
                  set('casteCategory', c);
                  set('subCastInfo', '');
                }}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-subCastInfo"
                label="Sub Caste"
                value={v.subCastInfo}
                options={subCastes.data}
                disabled={!v.casteCategory}
                loading={subCastes.isFetching}
                onValue={(x) => set('subCastInfo', x)}
              />
            </Grid>
            <Grid size={g}>
              <SelectField
                id="adm-bloodGroup"
                label="Blood Group"
                value={v.bloodGroup}
                options={BLOOD_GROUPS}
                onValue={(x) => set('bloodGroup', x)}
              />
            </Grid>
            {(['scholarship', 'lateralEntry', 'physicallyHandicapped', 'certificateSubmission', 'isHostler'] as const).map(
              (name) => (
                <Grid size={g} key={name}>
                  <SelectField
                    id={`adm-${name}`}
                    label={LABELS[name]}
                    value={v[name]}
                    options={YES_NO}
                    onValue={(x) => set(name, x)}
                  />
                </Grid>
              ),
            )}
            <Grid size={g}>
              <SelectField id="adm-agent" label="Agent" value={v.agent} options={agents.data} onValue={(x) => set('agent', x)} />
            </Grid>
            {TEXT.map(([name, label]) => (
              <Grid size={g} key={name}>
                {text(name, label)}
              </Grid>
            ))}
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <PhotoPicker file={photo} onFile={setPhoto} onError={toast.error} />
        </Grid>
      </Grid>

      {settings.data?.feePackage && (
        <Box sx={{ mt: 3 }} data-testid="fee-package">
          <Typography variant="subtitle1" fontWeight={700} gutterBottom>
            Fee Package
          </Typography>
          <Grid container spacing={1}>
            {FEE_YEARS.map((y) => (
              <Grid size={12} key={y.key}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <Typography sx={{ minWidth: 70 }} fontWeight={600}>
                    {y.label}
                  </Typography>
                  {FEE_PARTS.map((p) => (
                    <Box key={p} sx={{ flex: 1 }}>
                      {text(
                        `${y.key}Year${p}`,
                        `${y.label} ${p === 'TutionFee' ? 'Tution Fee' : p === 'MiscFee' ? 'Misc Fee' : p}`,
                      )}
                    </Box>
                  ))}
                </Stack>
              </Grid>
            ))}
          </Grid>
        </Box>
      )}

      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={clear} disabled={saving}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : modify ? 'Update' : 'Save'}
        </Button>
      </Stack>
    </Paper>
  );
}

const LABELS: Record<string, string> = {
  scholarship: 'Scholarship',
  lateralEntry: 'Lateral Entry',
  physicallyHandicapped: 'Physically Handicapped',
  certificateSubmission: 'Certificate Submission',
  isHostler: 'Hostler',
};
