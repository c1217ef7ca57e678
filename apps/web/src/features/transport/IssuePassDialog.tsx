import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { ZPassInput, type TPass, type TPassInput, type TRoute, type TWaitlistEntry } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useHolders, useIssuePass, useJoinWaitlist } from './api';
import { errorText } from './common';
import { rupees } from './format';

interface FormIn {
  holderType: 'student' | 'staff';
  holder: string;
  stopId: number | '';
}
const EMPTY: FormIn = { holderType: 'student', holder: '', stopId: '' };

/** A route in the picker: its seats, or that it is full and how many wait. */
export const routeChoice = (r: TRoute) =>
  `${r.code} · ${r.name}${
    !r.vehicleRegNo
      ? ' (no vehicle)'
      : r.full
        ? ` (Full · ${r.waiting} waiting)`
        : ` (${r.seatsTaken}/${r.seatingCapacity} seats)`
  }`;

/**
 * Issue a bus pass: holder (student roll number or staff login), route and stop. A full route is
 * marked full in the picker, and the form then puts the holder on its waiting list instead.
 */
export function IssuePassDialog({
  open,
  routes,
  onClose,
  onIssued,
  onWaiting,
}: {
  open: boolean;
  routes: TRoute[];
  onClose: () => void;
  onIssued: (p: TPass) => void;
  onWaiting: (e: TWaitlistEntry) => void;
}) {
  const issue = useIssuePass();
  const join = useJoinWaitlist();
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
    join.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  const route = routes.find((r) => r.id === routeId);
  const full = route?.full ?? false;
  const failed = full ? join : issue;

  const submit = handleSubmit((body) =>
    full ? join.mutate(body, { onSuccess: (e) => onWaiting(e) }) : issue.mutate(body, { onSuccess: (p) => onIssued(p) }),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      titleId="pass-dialog-title"
      title="Issue a bus pass"
      onSubmit={submit}
      error={failed.isError ? errorText(failed.error) : undefined}
      errorTestId="pass-error"
      submitLabel={full ? 'Join waiting list' : 'Issue pass'}
      busy={issue.isPending || join.isPending}
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
              {routeChoice(r)}
            </MenuItem>
          ))}
        </TextField>
        {full && route && (
          <Alert severity="warning" data-testid="route-full">
            {`${route.code} is full: all ${route.seatingCapacity} seats of ${route.vehicleRegNo} are taken${
              route.waiting ? ` and ${route.waiting} ${route.waiting === 1 ? 'is' : 'are'} waiting` : ''
            }. Join the waiting list: the holder becomes number ${route.waiting + 1} and is offered the first seat that frees.`}
          </Alert>
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
