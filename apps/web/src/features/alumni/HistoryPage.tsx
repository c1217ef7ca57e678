import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import {
  ALUMNI_CERTIFICATE_ACCEPT,
  ALUMNI_MSG,
  ALUMNI_VIEW_ROLES,
  ALUMNI_PHOTO_ACCEPT,
  ALUMNI_STATUSES,
  MSG,
  ZAlumniHistory,
  applyAlumniStatus,
  checkAlumniHistory,
  type TAlumniHistory,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/authorization';
import { useAlumniBatches, useSaveHistory, useAlumniCourses, useAlumniData } from './api';
import { fileProblem } from './files';
import { HistoryTable } from './HistoryTable';

type Field = Exclude<keyof TAlumniHistory, 'shareContact'>;
type ErrorKey = keyof TAlumniHistory | 'photo' | 'certificate';
const EMPTY: Record<Field, string> = {
  status: '',
  rollNumber: '',
  name: '',
  branch: '',
  batch: '',
  studentMobile: '',
  studentEmail: '',
  course: '',
  fatherName: '',
  section: '',
  company: '',
  packages: '',
  designation: '',
  experience: '',
  location: '',
  instituteName: '',
};
const STATUS_LABELS: Record<string, string> = { working: 'Working', studying: 'Studying' };

/** Alumni history (form 2): the status picks the working or studying fields; checks in the spec's order. */
export function HistoryPage() {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [shareContact, setShareContact] = useState(false);
  const saveHistory = useSaveHistory();
  const canView = useCan(ALUMNI_VIEW_ROLES);
  const list = useAlumniData(canView);
  const courses = useAlumniCourses();
  const batches = useAlumniBatches(values.course);
  const branches = (courses.data ?? []).find((c) => c.course === values.course)?.branches ?? [];
  const working = values.status === 'working';

  const set = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value, ...(f === 'course' ? { batch: '', branch: '' } : {}) }));
    setErrors((e) => ({ ...e, [f]: undefined }));
  };
  const fail = (field: ErrorKey, message: string) => {
    setErrors({ [field]: message });
    toast.error(message);
  };
  const clear = () => {
    setValues(EMPTY);
    setShareContact(false);
    setErrors({});
    setPhoto(null);
    setCertificate(null);
    setFileKey((k) => k + 1);
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAlumniHistory.safeParse({ ...values, shareContact });
    if (!parsed.success) {
      // Every failing field shows its message at once; the first (the spec's order) is also the toast.
      const all: Partial<Record<ErrorKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = (issue.path[0] as Field | undefined) ?? 'status';
        all[f] ??= issue.message;
      }
      setErrors(all);
      toast.error(parsed.error.issues[0].message);
      return;
    }
    const v = applyAlumniStatus(parsed.data);
    const problem = checkAlumniHistory(v, {
      rollNumberExists: (roll) => (list.data ?? []).some((r) => r.rollNumber === roll),
      hasCertificate: Boolean(certificate),
      isKnownSelection: (course, batch, branch) =>
        (courses.data ?? []).some((c) => c.course === course && c.branches.includes(branch)) &&
        (batches.data ?? []).includes(batch),
    });
    if (problem) return fail(problem.field, problem.message);
    const photoError = fileProblem(photo, ALUMNI_PHOTO_ACCEPT, ALUMNI_MSG.photoFileType);
    if (photoError) return fail('photo', photoError);
    const certError = fileProblem(certificate, ALUMNI_CERTIFICATE_ACCEPT, ALUMNI_MSG.certificateFileType);
    if (certError) return fail('certificate', certError);

    const body = new FormData();
    body.append('alumniData', JSON.stringify(v));
    // Photo first, then the certificate; a lone file is the certificate.
    if (photo) body.append('file', photo);
    body.append('file', certificate!);
    try {
      await saveHistory.mutateAsync(body);
      toast.success(MSG.alumniHistorySaved);
      clear();
    } catch (err) {
      if (err instanceof ApiError) {
        toast.error(MSG.alumniHistoryFailed);
        const field = (err.body as { field?: ErrorKey } | null)?.field ?? (err.status === 409 ? 'rollNumber' : undefined);
        if (field) setErrors({ [field]: err.message });
      } else {
        // The spec: exceptions are only logged.
        console.error('Saving alumni history failed', err);
      }
    }
  };

  const text = (f: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      fullWidth
      value={values[f]}
      onChange={(e) => set(f, e.target.value)}
      error={Boolean(errors[f])}
      helperText={errors[f]}
      slotProps={{ htmlInput: { 'data-testid': `history-${f}`, ...extra } }}
    />
  );
  const select = (f: Field, label: string, options: string[], labels: Record<string, string> = {}) => (
    <TextField
      select
      label={label}
      fullWidth
      value={values[f]}
      onChange={(e) => set(f, e.target.value)}
      error={Boolean(errors[f])}
      helperText={errors[f]}
      slotProps={{ htmlInput: { 'data-testid': `history-${f}` } }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {labels[o] ?? o}
        </MenuItem>
      ))}
    </TextField>
  );
  const fileInput = (key: 'photo' | 'certificate', label: string, accept: string, onFile: (f: File | null) => void) => (
    <TextField
      key={`${key}-${fileKey}`}
      type="file"
      label={label}
      fullWidth
      onChange={(e) => {
        onFile((e.target as HTMLInputElement).files?.[0] ?? null);
        setErrors((er) => ({ ...er, [key]: undefined }));
      }}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept, 'data-testid': `history-${key}` } }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent component="form" noValidate onSubmit={onSave} aria-label="Alumni History" sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Alumni History
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            {select('status', 'Status', [...ALUMNI_STATUSES], STATUS_LABELS)}
            {text('rollNumber', 'Roll Number', { maxLength: 30 })}
            {text('name', 'Student Name', { maxLength: 120 })}
            {text('fatherName', "Father's Name", { maxLength: 120 })}
            {select(
              'course',
              'Course',
              (courses.data ?? []).map((c) => c.course),
            )}
            {select('batch', 'Batch', batches.data ?? [])}
            {select('branch', 'Branch', branches)}
            {text('section', 'Section', { maxLength: 10 })}
            {text('studentEmail', 'Student Email', { maxLength: 160, type: 'email' })}
            {text('studentMobile', 'Student Phone Number', { maxLength: 10, inputMode: 'numeric' })}
            <FormControlLabel
              sx={{ gridColumn: '1 / -1' }}
              control={<Checkbox checked={shareContact} onChange={(e) => setShareContact(e.target.checked)} />}
              label="Show my phone number and email to other alumni in the alumni directory"
            />
            {working && (
              <>
                {text('company', 'Company Name', { maxLength: 200 })}
                {text('packages', 'Package', { maxLength: 60 })}
                {text('designation', 'Designation', { maxLength: 120 })}
                {text('experience', 'Experience', { maxLength: 60 })}
                {text('location', 'Location', { maxLength: 200 })}
              </>
            )}
            {values.status === 'studying' && (
              <>
                {text('instituteName', 'Institute Name', { maxLength: 200 })}
                {text('location', 'Location', { maxLength: 200 })}
              </>
            )}
            {fileInput('photo', 'Passport Photo (jpg or png)', ALUMNI_PHOTO_ACCEPT, setPhoto)}
            {values.status &&
              fileInput(
                'certificate',
                working ? 'Offer Letter' : 'University Admit Card',
                ALUMNI_CERTIFICATE_ACCEPT,
                setCertificate,
              )}
          </Box>
          <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" disabled={saveHistory.isPending}>
              Save
            </Button>
            <Button type="button" variant="outlined" size="large" onClick={clear}>
              Clear
            </Button>
          </Box>
        </CardContent>
      </Card>
      {canView && <HistoryTable query={list} />}
    </Box>
  );
}
