import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { ZRouteInput, type TRoute, type TRouteInput, type TVehicle } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useSaveRoute } from './api';
import { errorText } from './common';
import { toPaise } from './format';

interface FormIn {
  code: string;
  name: string;
  vehicleId: number | '';
  stops: Array<{ id?: number; name: string; pickupTime: string; fare: string | number }>;
}
const EMPTY: FormIn = { code: '', name: '', vehicleId: '', stops: [{ name: '', pickupTime: '07:00', fare: '' }] };

/** The shared schema checks the route; fares are typed in rupees and sent in paise. */
const zod = zodResolver(ZRouteInput);
const resolver: Resolver<FormIn, unknown, TRouteInput> = (values, ctx, opts) =>
  zod(
    {
      ...values,
      vehicleId: values.vehicleId === '' ? null : values.vehicleId,
      stops: values.stops.map((s) => ({ ...s, fare: toPaise(s.fare) })),
    },
    ctx,
    opts as never,
  ) as never;

/** Add or edit a route with its ordered stops, pickup times and yearly fares. */
export function RouteDialog({
  open,
  route,
  vehicles,
  onClose,
}: {
  open: boolean;
  route: TRoute | null;
  vehicles: TVehicle[];
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveRoute();
  const form = useForm<FormIn, unknown, TRouteInput>({ resolver, defaultValues: EMPTY });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const stops = useFieldArray({ control, name: 'stops' });
  useEffect(() => {
    if (!open) return;
    save.reset();
    reset(
      route
        ? {
            code: route.code,
            name: route.name,
            vehicleId: route.vehicleId ?? '',
            stops: route.stops.map((s) => ({ id: s.id, name: s.name, pickupTime: s.pickupTime, fare: s.fare / 100 })),
          }
        : EMPTY,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, route, reset]);
  const free = vehicles.filter((v) => v.status === 'active' && (!v.routeId || v.routeId === route?.id));

  const submit = handleSubmit((body) =>
    save.mutate(
      { id: route?.id ?? null, body },
      {
        onSuccess: (r) => {
          toast.success(`Route ${r.code} saved`);
          onClose();
        },
      },
    ),
  );

  const stopsError = errors.stops?.message ?? errors.stops?.root?.message;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      titleId="route-dialog-title"
      title={route ? `Edit route ${route.code}` : 'Add a route'}
      onSubmit={submit}
      error={save.isError ? errorText(save.error) : undefined}
      submitLabel="Save"
      busy={save.isPending}
      spinner
    >
      <Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '120px 1fr 220px' } }}>
          <TextField
            label="Code"
            size="small"
            required
            {...register('code')}
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
          />
          <TextField
            label="Name"
            size="small"
            required
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <Controller
            name="vehicleId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Vehicle"
                size="small"
                {...field}
                error={Boolean(errors.vehicleId)}
                helperText={errors.vehicleId?.message}
              >
                <MenuItem value="">No vehicle yet</MenuItem>
                {free.map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {`${v.regNo} (${v.seatingCapacity} seats)`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          Stops in pickup order
        </Typography>
        {stopsError && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {stopsError}
          </Alert>
        )}
        {stops.fields.map((f, i) => (
          <Box
            key={f.id}
            sx={{
              display: 'grid',
              gap: 1,
              mb: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '32px 1fr 120px 150px auto' },
            }}
          >
            <Typography sx={{ display: { xs: 'none', sm: 'block' }, pt: 1 }}>{i + 1}.</Typography>
            <TextField
              label="Stop"
              size="small"
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              {...register(`stops.${i}.name`)}
              error={Boolean(errors.stops?.[i]?.name)}
              helperText={errors.stops?.[i]?.name?.message}
            />
            <TextField
              label="Pickup"
              size="small"
              type="time"
              {...register(`stops.${i}.pickupTime`)}
              error={Boolean(errors.stops?.[i]?.pickupTime)}
              helperText={errors.stops?.[i]?.pickupTime?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Yearly fare (₹)"
              size="small"
              inputMode="decimal"
              {...register(`stops.${i}.fare`)}
              error={Boolean(errors.stops?.[i]?.fare)}
              helperText={errors.stops?.[i]?.fare?.message}
            />
            <IconButton
              aria-label={`Remove stop ${i + 1}`}
              onClick={() => stops.remove(i)}
              disabled={stops.fields.length === 1}
            >
              <Delete />
            </IconButton>
          </Box>
        ))}
        <Button
          startIcon={<Add />}
          onClick={() => stops.append({ name: '', pickupTime: stops.fields.at(-1)?.pickupTime ?? '07:00', fare: '' })}
        >
          Add stop
        </Button>
      </Box>
    </FormDialog>
  );
}
