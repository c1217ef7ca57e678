import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { MSG, ZAdmission, firstAdmissionError, longAadharBlur, longMobileBlur, longMobileInput } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { AddressFields } from './AddressFields';
import { AdmissionsImport } from './AdmissionsImport';
import { LONG_FORM_SECTIONS, emptyForm, type AdmissionField, type TAdmissionForm } from './admission-form';
import { useSaveAdmission } from './api';
import { useAdmissionToast } from './form-controls';
import { PhotoPicker } from './PhotoPicker';
import { useAdmissionOptions } from './useAdmissionOptions';
import { WatchedAdmissionField } from './WatchedAdmissionField';

const MOBILES = new Set<AdmissionField>(['studentContactNo', 'fatherContactNo', 'motherContactNo']);
const CELL = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/**
 * 'STUDENT ADMISSION FORM' (the long form), with the Upload toggle to the Excel import. Each field
 * watches its own value, so the form itself re-renders only for drop-down cascades, submits and saving.
 */
export function LongAdmissionForm() {
  const toast = useAdmissionToast();
  const [excel, setExcel] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [sameAddress, setSameAddress] = useState(false);
  const save = useSaveAdmission();
  const form = useForm<TAdmissionForm>({
    defaultValues: emptyForm(),
    // The same schema the API checks: each failing field shows its message; the first (spec order) is also the toast.
    resolver: zodResolver(ZAdmission as never) as never,
  });
  // Read while rendering, so the form re-renders when a submit (or Clear) changes it.
  const { isSubmitted } = form.formState;
  // After a first submit, each change re-checks so a corrected field loses its message.
  const set = useCallback(
    (name: AdmissionField, value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted }),
    [form, isSubmitted],
  );
  const lists = useAdmissionOptions(form);

  const type = useCallback(
    (name: AdmissionField, raw: string) => set(name, MOBILES.has(name) ? longMobileInput(raw) : raw),
    [set],
  );
  /** Aadhaar and mobiles are checked on leaving the field; a wrong one is cleared with the reason. */
  const blur = useCallback(
    (name: AdmissionField) => {
      const value = form.getValues(name);
      const message = name === 'aadharNo' ? longAadharBlur(value) : MOBILES.has(name) ? longMobileBlur(value) : null;
      if (message) {
        toast.error(message);
        set(name, '');
      }
    },
    [form, toast, set],
  );

  const clear = () => {
    form.reset(emptyForm());
    setPhoto(null);
    setSameAddress(false);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const res = await save.mutateAsync({ payload: values, photo });
        toast.success(`${res.message} (${res.adminNo})`);
        clear();
      } catch (e) {
        toast.error(e instanceof ApiError && e.message ? e.message : MSG.unableToUploadFile);
      }
    },
    () => toast.error(firstAdmissionError(form.getValues()) ?? MSG.invalidData),
  );

  if (excel) return <AdmissionsImport onClose={() => setExcel(false)} />;

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
          {LONG_FORM_SECTIONS.map((section) => (
            <Box key={section.title} component="section" sx={{ mb: 3 }} aria-label={section.title}>
              <Typography variant="subtitle1" fontWeight={700} gutterBottom>
                {section.title}
              </Typography>
              <Grid container spacing={2}>
                {section.fields.map((f) => (
                  <Grid size={CELL} key={f.name}>
                    <WatchedAdmissionField
                      control={form.control}
                      field={f}
                      idPrefix="long"
                      options={lists.options(f.options)}
                      loading={lists.loading(f.options)}
                      disabled={lists.waiting(f.name)}
                      onValue={f.options ? lists.choose : type}
                      onLeave={blur}
                      withError
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
          <AddressFields control={form.control} same={sameAddress} onValue={set} onSame={setSameAddress} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <PhotoPicker file={photo} onFile={setPhoto} onError={toast.error} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={clear} disabled={save.isPending}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Submit'}
        </Button>
      </Stack>
    </Paper>
  );
}
