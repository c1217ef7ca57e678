import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { ZPassInput, type TPass, type TPassInput, type TRoute } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useHolders, useIssuePass } from './api';
import { errorText } from './common';
import { rupees } from './format';

interface FormIn {
  holderType: 'student' | 'staff';
  holder: string;
  stopId: number | '';
}
const EMPTY: FormIn = { holderType: 'student', holder: '', stopId: '' };

/** Issue a bus pass: holder (student roll number or staff login), route and stop; refused when the bus is full. */
export function IssuePassDialog({
  open,
  routes,
  onClose,
  onIssued,
}: {
  open: boolean;
  routes: TRoute[];
  onClose: () => void;
  onIssued: (p: TPass) => void;
}) {
  const issue = useIssuePass();
  const form = useForm<FormIn, unknown, TPassInput>({ resolver: zodResolver(ZPassInput) as never, defaultValues: EMPTY });
  const { control, handleSubmit, reset, watch, setValue, formState } = form;
  const errors = formState.errors;
  const [routeId, setRouteId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const holderType = watch('holderType');
  const holders = useHolders(holderType, search);
  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setRouteId('');
    setSearch('');
    issue.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  const route = routes.find((r) => r.id === routeId);
  const full = route && route.seatingCapacity !== null && (route.seatsTaken ?? 0) >= route.seatingCapacity;

  const submit = handleSubmit((body) => issue.mutate(body, { onSuccess: (p) => onIssued(p) }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      titleId="pass-dialog-title"
      title="Issue a bus pass"
      onSubmit={submit}
      error={issue.isError ? errorText(issue.error) : undefined}
      errorTestId="pass-error"
      submitLabel="Issue pass"
      busy={issue.isPending}
      spinner
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Controller
          name="holderType"
          control={control}
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={field.value}
              onChange={(_, v) => {
                if (!v) return;
                field.onChange(v);
                setValue('holder', '');
                setSearch('');
              }}
              aria-label="Holder"
            >
              <ToggleButton value="student">Student</ToggleButton>
              <ToggleButton value="staff">Staff</ToggleButton>
            </ToggleButtonGroup>
          )}
        />
        <Controller
          name="holder"
          control={control}
          render={({ field }) => (
            <Autocomplete
              freeSolo
              options={holders.data ?? []}
              filterOptions={(x) => x}
              getOptionLabel={(o) => (typeof o === 'string' ? o : o.ref)}
              renderOption={(props, o) => (
                <li {...props} key={o.ref}>
                  {`${o.ref} · ${o.name} (${o.detail})`}
                </li>
              )}
              inputValue={field.value}
              onInputChange={(_, v) => {
                field.onChange(v);
                setSearch(v);
              }}
              onChange={(_, v) => field.onChange(typeof v === 'string' ? v : (v?.ref ?? ''))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={holderType === 'student' ? 'Student roll number or name' : 'Staff login or name'}
                  size="small"
                  required
                  error={Boolean(errors.holder)}
                  helperText={errors.holder?.message}
                  slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'pass-holder' } }}
                />
              )}
            />
          )}
        />
        <TextField
          select
          label="Route"
          size="small"
          value={routeId}
          onChange={(e) => {
            setRouteId(Number(e.target.value));
            setValue('stopId', '');
          }}
          slotProps={{ htmlInput: { 'data-testid': 'pass-route' } }}
        >
          {routes.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {`${r.code} · ${r.name}${r.vehicleRegNo ? ` (${r.seatsTaken}/${r.seatingCapacity} seats)` : ' (no vehicle)'}`}
            </MenuItem>
          ))}
        </TextField>
        {full && (
          <Alert severity="warning">{`${route.vehicleRegNo} is full: all ${route.seatingCapacity} seats are taken.`}</Alert>
        )}
        <Controller
          name="stopId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Stop"
              size="small"
              required
              disabled={!route}
              {...field}
              error={Boolean(errors.stopId)}
              helperText={errors.stopId?.message}
              slotProps={{ htmlInput: { 'data-testid': 'pass-stop' } }}
            >
              {(route?.stops ?? []).map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {`${s.name} · ${s.pickupTime} · ${rupees(s.fare, 0)} a year`}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
    </FormDialog>
  );
}
