import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, TextField } from '@mui/material';
import { ZDeskHold, type TDeskHold, type TPatronMatch, type TTitle } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { usePatronSearch, usePlaceHold, useTitlePicker } from './api';

const titleState = (t: TTitle) =>
  t.copies === 0 ? 'no copies' : `${t.available} of ${t.copies} on the shelf${t.holds ? `, ${t.holds} waiting` : ''}`;
/** The chosen title's authors and copies, under the box (which shows the title alone, whole on a phone). */
const titleDetail = (t: TTitle) => [t.authors, t.year, titleState(t)].filter(Boolean).join(' · ');

/**
 * The desk places a hold for any patron: found by roll number, employee code or name, and the
 * title by its words. The module's hold rules apply as to the patron's own (limits, one per title,
 * none while a copy is on the shelf); a refusal shows the rule's message.
 */
export function DeskHoldDialog({ patron, onClose }: { patron?: string; onClose: () => void }) {
  const hold = usePlaceHold();
  const toast = useToast();
  const [patronText, setPatronText] = useState(patron ?? '');
  const [titleText, setTitleText] = useState('');
  const [chosenPatron, setChosenPatron] = useState<TPatronMatch | null>(null);
  const [chosenTitle, setChosenTitle] = useState<TTitle | null>(null);
  const patrons = usePatronSearch(patronText);
  const titles = useTitlePicker(titleText);
  const { control, handleSubmit, setValue, formState } = useForm<TDeskHold>({
    resolver: zodResolver(ZDeskHold) as never,
    defaultValues: { patron: patron ?? '', titleId: undefined as unknown as number },
  });
  const errors = formState.errors;
  const submit = handleSubmit((body) =>
    hold.mutate(body, {
      onSuccess: (h) => {
        toast.success(`Hold placed for ${h.patronName || h.patron} (${h.patron}) on “${h.title}”: number ${h.position} in the queue`);
        onClose();
      },
    }),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="desk-hold-title"
      title="Place a hold for a patron"
      onSubmit={submit}
      error={hold.isError ? hold.error.message : undefined}
      errorTestId="desk-hold-error"
      submitLabel="Place hold"
      busy={hold.isPending}
      spinner
    >
      <Controller
        name="patron"
        control={control}
        render={({ field }) => (
          <Autocomplete<TPatronMatch, false, false, true>
            freeSolo
            options={patronText.trim().length >= 2 ? (patrons.data?.items ?? []) : []}
            filterOptions={(x) => x}
            getOptionLabel={(o) => (typeof o === 'string' ? o : o.code)}
            isOptionEqualToValue={(o, v) => o.code === v.code}
            renderOption={(props, o) => (
              <li {...props} key={o.code}>
                {`${o.code} · ${o.name}${o.detail ? ` (${o.detail})` : ''}`}
              </li>
            )}
            inputValue={patronText}
            onInputChange={(_, v) => {
              setPatronText(v);
              field.onChange(v.trim().toUpperCase());
              if (chosenPatron && v !== chosenPatron.code) setChosenPatron(null);
              hold.reset();
            }}
            onChange={(_, v) => {
              const picked = typeof v === 'string' || !v ? null : v;
              setChosenPatron(picked);
              field.onChange(picked?.code ?? (typeof v === 'string' ? v.trim().toUpperCase() : ''));
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Patron: roll number, employee code or name"
                required
                autoFocus={!patron}
                error={!!errors.patron}
                helperText={errors.patron?.message ?? (chosenPatron ? `${chosenPatron.name} · ${chosenPatron.detail}` : ' ')}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'hold-patron' } }}
              />
            )}
          />
        )}
      />
      <Controller
        name="titleId"
        control={control}
        render={() => (
          <Autocomplete<TTitle>
            options={titleText.trim().length >= 2 ? (titles.data?.items ?? []) : []}
            filterOptions={(x) => x}
            getOptionLabel={(t) => t.title}
            isOptionEqualToValue={(o, v) => o.id === v.id}
            value={chosenTitle}
            renderOption={(props, o) => (
              <li {...props} key={o.id}>
                {`${o.title}${o.authors ? ` · ${o.authors}` : ''} — ${titleState(o)}`}
              </li>
            )}
            inputValue={titleText}
            onInputChange={(_, v) => setTitleText(v)}
            onChange={(_, v) => {
              setChosenTitle(v);
              setValue('titleId', v?.id as number, { shouldValidate: formState.isSubmitted });
              hold.reset();
            }}
            noOptionsText={titleText.trim().length < 2 ? 'Type 2 letters or more of the title' : 'No titles match'}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Title: words of the title, author or ISBN"
                required
                autoFocus={!!patron}
                error={!!errors.titleId}
                helperText={errors.titleId?.message ?? (chosenTitle ? titleDetail(chosenTitle) : ' ')}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'hold-title' } }}
              />
            )}
          />
        )}
      />
      {chosenTitle && chosenTitle.available > 0 && (
        <Alert severity="info">A copy is on the shelf: the patron can borrow it now instead of waiting.</Alert>
      )}
    </FormDialog>
  );
}
