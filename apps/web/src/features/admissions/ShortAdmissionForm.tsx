import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { Button, Chip, Grid, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  MSG,
  SHORT_FORM_REQUIRED,
  firstAdmissionError,
  shortFormBlur,
  shortFormChange,
  shortFormMissingRequired,
} from '@erp/shared';
import { ApiError, openBase64Pdf } from '../../lib/api-client';
import {
  SHORT_FORM,
  admissionFieldErrors,
  asFormErrors,
  emptyForm,
  formFromSaved,
  type AdmissionField,
  type TAdmissionForm,
} from './admission-form';
import { getNormalData, nextAdmissionNumber, useAdmissionSettings, useSaveAdmission } from './api';
import { FeePackageFields } from './FeePackageFields';
import { useAdmissionToast } from './form-controls';
import { PhotoPicker } from './PhotoPicker';
import { useAdmissionOptions } from './useAdmissionOptions';
import { WatchedAdmissionField } from './WatchedAdmissionField';

/**
 * Required fields first, then the shared save-payload schema (the API answers with the same
 * messages): every failing field gets its message on the field, and the first, in the spec's
 * order, is the form's own (shown as the legacy toast too).
 */
const resolver: Resolver<TAdmissionForm> = async (values) => {
  const first = shortFormMissingRequired(values) ?? firstAdmissionError(values);
  if (!first) return { values, errors: {} };
  const fields = admissionFieldErrors(values, SHORT_FORM_REQUIRED, MSG.fillAllRequired);
  return { values: {}, errors: asFormErrors(fields, first) } as unknown as Awaited<ReturnType<Resolver<TAdmissionForm>>>;
};

const CELL = { xs: 12, sm: 6, md: 4 } as const;

/**
 * 'ADMISSION FORM' (the short form): new, or modify (?mode=modify&rollNumber=) prefilled from
 * getNormalData. Its values are the save payload (same field names); drop-downs cascade through
 * useAdmissionOptions. Each field watches its own value, so typing re-renders that field alone.
 */
export function ShortAdmissionForm() {
  const toast = useAdmissionToast();
  const [params] = useSearchParams();
  const modify = params.get('mode') === 'modify';
  const rollNumber = params.get('rollNumber') ?? '';
  const [editedAadhar, setEditedAadhar] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const save = useSaveAdmission();
  const form = useForm<TAdmissionForm>({ defaultValues: emptyForm(), resolver });
  // Read while rendering, so the form re-renders when a save attempt (or Clear) changes it.
  const { isSubmitted } = form.formState;
  // After a first save attempt, each change re-checks so a corrected field loses its message.
  const set = useCallback(
    (name: AdmissionField, value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted }),
    [form, isSubmitted],
  );
  const settings = useAdmissionSettings();
  const lists = useAdmissionOptions(form);

  useEffect(() => {
    if (!modify || !rollNumber) return;
    getNormalData(rollNumber)
      .then((data) => {
        const values = formFromSaved(data);
        form.reset(values);
        setEditedAadhar(values.aadharNo);
      })
      .catch((e: unknown) => toast.error(e instanceof Error ? e.message : MSG.noDataFoundDot));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modify, rollNumber]);

  /** On-change rules of spec section 5: refused input keeps the old value and shows a toast. */
  const type = useCallback(
    (name: AdmissionField, raw: string) => {
      if (name === 'adminNo') return set(name, raw);
      const r = shortFormChange(name, raw, form.getValues(name));
      if (r.message) toast.error(r.message);
      set(name, r.value);
    },
    [form, toast, set],
  );
  const listChoose = lists.choose;
  const choose = useCallback(
    (name: AdmissionField, value: string) => {
      listChoose(name, value);
      // The admission type decides the seat type.
      if (name === 'admissionType') set('seatType', value);
    },
    [listChoose, set],
  );
  const blur = useCallback(
    (name: AdmissionField) => {
      const m = shortFormBlur(name, form.getValues(name));
      if (m) toast.error(m);
    },
    [form, toast],
  );

  const clear = () => {
    form.reset(emptyForm());
    setPhoto(null);
    setEditedAadhar('');
  };

  const onSave = form.handleSubmit(
    async (values) => {
      try {
        const payload = { ...values, rollNumber: values.rollNumber || (modify ? rollNumber : '') };
        const res = await save.mutateAsync({
          payload,
          photo,
          editedAadharNumber: modify ? editedAadhar || undefined : undefined,
        });
        toast.success(res.message);
        clear();
        openBase64Pdf(res.pdf, `${res.adminNo.replace(/\//g, '_')}.pdf`);
      } catch (e) {
        toast.error(e instanceof ApiError ? e.message || MSG.failedToSaveData : MSG.errorSavingData);
      }
    },
    (errors) => toast.error(errors.root?.message ?? MSG.fillAllRequired),
  );

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
            {SHORT_FORM.map((f) => (
              <Grid size={CELL} key={f.name}>
                <Stack direction="row" spacing={1}>
                  <WatchedAdmissionField
                    control={form.control}
                    field={f}
                    idPrefix="adm"
                    options={lists.options(f.options)}
                    loading={lists.loading(f.options)}
                    disabled={lists.waiting(f.name)}
                    onValue={f.options ? choose : type}
                    onLeave={blur}
                    withError
                  />
                  {f.name === 'adminNo' && (
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
                  )}
                </Stack>
              </Grid>
            ))}
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <PhotoPicker file={photo} onFile={setPhoto} onError={toast.error} />
        </Grid>
      </Grid>

      {settings.data?.feePackage && <FeePackageFields control={form.control} onChange={type} />}

      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={clear} disabled={save.isPending}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : modify ? 'Update' : 'Save'}
        </Button>
      </Stack>
    </Paper>
  );
}
