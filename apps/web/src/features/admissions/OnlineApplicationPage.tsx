import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, Card, CardContent, Divider, Grid, IconButton, Stack, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import TaskAlt from '@mui/icons-material/TaskAlt';
import {
  APPLICANT_FIELDS,
  APPLICATION_DOCUMENT_ACCEPT,
  MAX_APPLICATION_DOCUMENTS,
  ONLINE_APPLICATION_MSG,
  PATHS,
  applicantPayload,
  firstApplicationError,
  type ApplicantField,
} from '@erp/shared';
import { PublicShell } from '../../components/common';
import { ApiError } from '../../lib/api-client';
import { emptyForm, payloadField, type FormField, type TAdmissionForm } from './admission-form';
import { useApplicationOptions, useSubmitApplication } from './api';
import { useAdmissionToast } from './form-controls';
import { PhotoPicker } from './PhotoPicker';
import { useCourseCascade } from './useAdmissionOptions';
import { WatchedAdmissionField } from './WatchedAdmissionField';

/** Today in the visitor's calendar, as the application's date. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The shared application rules (the admission schema and what an application adds): the server answers alike. */
const resolver: Resolver<TAdmissionForm> = async (values) => {
  const message = firstApplicationError(applicantPayload(values, today()));
  if (message)
    return { values: {}, errors: { root: { type: 'validate', message } } } as unknown as Awaited<ReturnType<Resolver<TAdmissionForm>>>;
  return { values, errors: {} };
};

const f = (name: ApplicantField, extra: Partial<FormField> = {}) => payloadField(name, extra);
const SECTIONS: ReadonlyArray<{ title: string; fields: readonly FormField[] }> = [
  {
    title: 'Course',
    fields: [
      f('admissionType', { options: [] }),
      f('courseAppliedFor', { label: 'Course', options: 'courses' }),
      f('batch', { options: 'batches' }),
      f('branch', { options: 'branches' }),
      f('entranceType'),
      f('hallTicketNo', { label: 'Entrance Hall Ticket No' }),
      f('rank', { label: 'Entrance Rank', numeric: true }),
    ],
  },
  {
    title: "Applicant's details",
    fields: [
      f('name'),
      f('gender'),
      f('dateOfBirth', { required: true }),
      f('aadharNo', { numeric: true, maxLength: 12 }),
      f('emailId', { required: true }),
      f('studentContactNo', { label: 'Mobile Number', required: true, numeric: true, maxLength: 10 }),
      f('bloodGroup'),
      f('nationality'),
      f('religion'),
      f('category'),
    ],
  },
  {
    title: 'Parents',
    fields: [
      f('fathersName'),
      f('mothersName'),
      f('fatherContactNo', { numeric: true, maxLength: 10 }),
      f('occupationOfFather'),
      f('annualIncome', { label: 'Annual Family Income (₹)', numeric: true }),
    ],
  },
  {
    title: 'Education and address',
    fields: [
      f('previousInstitution'),
      f('sscPercentage', { label: 'SSC Percentage' }),
      f('percentageOfMarks', { label: 'Inter / Diploma Percentage' }),
      f('permanentAddress'),
      f('presentAddress'),
      f('isHostler', { label: 'Needs Hostel' }),
      f('physicallyChallanged'),
    ],
  },
];

const CELL = { xs: 12, sm: 6, md: 4 } as const;

/** /apply: a visitor applies for admission; the admissions office reviews the application. Each field watches its own value. */
export function OnlineApplicationPage() {
  const toast = useAdmissionToast();
  const form = useForm<TAdmissionForm>({ defaultValues: emptyForm(), resolver });
  const cascade = useCourseCascade(form);
  const options = useApplicationOptions();
  const submit = useSubmitApplication();
  const [photo, setPhoto] = useState<File | null>(null);
  const [documents, setDocuments] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<{ number: string; message: string } | null>(null);
  const docInput = useRef<HTMLInputElement>(null);

  const listOf = (field: FormField): readonly string[] | undefined => {
    if (field.name === 'admissionType') return options.data?.admissionTypes;
    if (typeof field.options === 'string') return cascade.lists[field.options as keyof typeof cascade.lists];
    return field.options;
  };
  const choose = cascade.choose;
  const set = useCallback(
    (name: FormField['name'], value: string) => {
      setProblem(null);
      if (!choose(name, value)) form.setValue(name, value, { shouldDirty: true });
    },
    [choose, form],
  );
  const choosePhoto = useCallback((p: File | null) => {
    setProblem(null);
    setPhoto(p);
  }, []);
  const fail = useCallback(
    (message: string) => {
      setProblem(message);
      toast.error(message);
    },
    [toast],
  );

  const addDocuments = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (docInput.current) docInput.current.value = '';
    if (chosen.some((d) => !/\.(pdf|jpe?g|png)$/i.test(d.name))) return fail(ONLINE_APPLICATION_MSG.documentType);
    const next = [...documents, ...chosen];
    if (next.length > MAX_APPLICATION_DOCUMENTS) return fail(ONLINE_APPLICATION_MSG.tooManyDocuments);
    setProblem(null);
    setDocuments(next);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!photo) return fail(ONLINE_APPLICATION_MSG.photoRequired);
      if (!documents.length) return fail(ONLINE_APPLICATION_MSG.documentsRequired);
      const fields = Object.fromEntries(APPLICANT_FIELDS.map((n) => [n, values[n]]));
      try {
        const res = await submit.mutateAsync({ fields, photo, documents });
        setReceipt(res);
        window.scrollTo({ top: 0 });
      } catch (e) {
        fail(e instanceof ApiError ? e.message : 'The application could not be sent. Please try again.');
      }
    },
    (errors) => fail(errors.root?.message ?? 'Please check the form'),
  );

  if (receipt)
    return (
      <PublicShell maxWidth="sm">
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ textAlign: 'center', p: { xs: 3, sm: 5 } }}>
            <TaskAlt color="success" sx={{ fontSize: 56, mb: 1 }} />
            <Typography variant="h5" component="h1" fontWeight={700} gutterBottom>
              Application submitted
            </Typography>
            <Typography color="text.secondary">Your application number is</Typography>
            <Typography variant="h4" component="p" fontWeight={800} sx={{ my: 1.5, letterSpacing: 1 }} data-testid="application-number">
              {receipt.number}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Keep this number. With it and the applicant's date of birth you can check the status of the application at any
              time.
            </Typography>
            <Button
              variant="contained"
              component={RouterLink}
              to={`${PATHS.applicationStatus}?number=${encodeURIComponent(receipt.number)}`}
            >
              Check the status
            </Button>
          </CardContent>
        </Card>
      </PublicShell>
    );

  return (
    <PublicShell maxWidth="lg">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Application for admission">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-end' }, mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: 26, md: 32 } }}>
              Apply for Admission
            </Typography>
            <Typography color="text.secondary">
              Fill in the applicant's details, add a photo and your documents, and send the application. Fields marked * are
              required.
            </Typography>
          </Box>
          <Button component={RouterLink} to={PATHS.applicationStatus} size="small">
            Already applied? Check the status
          </Button>
        </Stack>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 9 }}>
                {SECTIONS.map((section, i) => (
                  <Box key={section.title} component="section" aria-label={section.title} sx={{ mb: 3 }}>
                    {i > 0 && <Divider sx={{ mb: 2 }} />}
                    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                      {section.title}
                    </Typography>
                    <Grid container spacing={2}>
                      {section.fields.map((field) => (
                        <Grid key={field.name} size={CELL}>
                          <WatchedAdmissionField
                            control={form.control}
                            field={field}
                            idPrefix="apply"
                            options={listOf(field)}
                            loading={field.name === 'admissionType' ? options.isLoading : false}
                            disabled={cascade.waiting[field.name]}
                            onValue={set}
                          />
                        </Grid>
                      ))}
                    </Grid>
                  </Box>
                ))}
              </Grid>
              <Grid size={{ xs: 12, md: 3 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                  Photo and documents
                </Typography>
                <PhotoPicker file={photo} onFile={choosePhoto} onError={fail} note="A recent passport-size photo, .jpg only." />
                <Divider sx={{ my: 2 }} />
                <Stack spacing={1}>
                  <Typography variant="body2" fontWeight={600}>
                    Documents * (up to {MAX_APPLICATION_DOCUMENTS})
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Marks memo, transfer certificate, entrance rank card: PDF, JPG or PNG.
                  </Typography>
                  {documents.map((d, i) => (
                    <Stack key={`${d.name}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="chosen-document">
                      <AttachFile fontSize="small" color="action" />
                      <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
                        {d.name}
                      </Typography>
                      <IconButton size="small" aria-label={`Remove ${d.name}`} onClick={() => setDocuments(documents.filter((_, j) => j !== i))}>
                        <Close fontSize="small" />
                      </IconButton>
                    </Stack>
                  ))}
                  <Button component="label" variant="outlined" size="small" disabled={documents.length >= MAX_APPLICATION_DOCUMENTS}>
                    Add documents
                    <input
                      ref={docInput}
                      hidden
                      type="file"
                      multiple
                      accept={APPLICATION_DOCUMENT_ACCEPT}
                      aria-label="Documents (pdf, jpg or png)"
                      data-testid="documents-input"
                      onChange={(e) => addDocuments(e.target.files)}
                    />
                  </Button>
                </Stack>
              </Grid>
            </Grid>
            {problem && (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="application-problem">
                {problem}
              </Alert>
            )}
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
                {submit.isPending ? 'Sending…' : 'Submit Application'}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </PublicShell>
  );
}
