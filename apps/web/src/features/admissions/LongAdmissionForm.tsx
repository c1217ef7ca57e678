import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { MSG, ZAdmission, firstAdmissionError, longAadharBlur, longMobileBlur, longMobileInput } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { AddressFields } from './AddressFields';
import { AdmissionFieldInput } from './AdmissionFieldInput';
import { AdmissionsImport } from './AdmissionsImport';
import { LONG_FORM_SECTIONS, emptyForm, type AdmissionField, type TAdmissionForm } from './admission-form';
import { useSaveAdmission } from './api';
import { useAdmissionToast } from './form-controls';
import { PhotoPicker } from './PhotoPicker';
import { useAdmissionOptions } from './useAdmissionOptions';

const MOBILES = new Set<AdmissionField>(['studentContactNo', 'fatherContactNo', 'motherContactNo']);

/** 'STUDENT ADMISSION FORM' (the long form), with the Upload toggle to the Excel import. */
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
  const v = form.watch();
  // After a first submit, each change re-checks so a corrected field loses its message.
  const set = (name: AdmissionField, value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const lists = useAdmissionOptions(form);

  const type = (name: AdmissionField, raw: string) => set(name, MOBILES.has(name) ? longMobileInput(raw) : raw);
  /** Aadhaar and mobiles are checked on leaving the field; a wrong one is cleared with the reason. */
  const blur = (name: AdmissionField) => () => {
    const message = name === 'aadharNo' ? longAadharBlur(v[name]) : MOBILES.has(name) ? longMobileBlur(v[name]) : null;
    if (message) {
      toast.error(message);
      set(name, '');
    }
  };

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
          {LONG_FORM_SECTIONS.map((section) => (
            <Box key={section.title} component="section" sx={{ mb: 3 }} aria-label={section.title}>
              <Typography variant="subtitle1" fontWeight={700} gutterBottom>
                {section.title}
              </Typography>
              <Grid container spacing={2}>
                {section.fields.map((f) => (
                  <Grid size={g} key={f.name}>
                    <AdmissionFieldInput
                      field={f}
                      idPrefix="long"
                      value={v[f.name]}
                      options={lists.options(f.options)}
                      loading={lists.loading(f.options)}
                      disabled={lists.waiting(f.name)}
                      onChange={(x) => (f.options ? lists.choose(f.name, x) : type(f.name, x))}
                      onBlur={blur(f.name)}
                      error={form.formState.errors[f.name]?.message}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
          <AddressFields
            permanent={v.permanentAddress}
            present={v.presentAddress}
            same={sameAddress}
            onPermanent={(x) => set('permanentAddress', x)}
            onPresent={(x) => set('presentAddress', x)}
            onSame={setSameAddress}
          />
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
