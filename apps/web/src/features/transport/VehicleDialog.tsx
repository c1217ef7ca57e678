import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { VEHICLE_TYPES, ZVehicleInput, type TVehicle, type TVehicleInput } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useSaveVehicle } from './api';
import { errorText } from './common';

type FormIn = Record<keyof TVehicleInput, string | number>;
const EMPTY: FormIn = {
  regNo: '',
  vehicleType: 'Bus',
  makeModel: '',
  seatingCapacity: '',
  driverName: '',
  driverPhone: '',
  driverLicence: '',
  attenderName: '',
  attenderPhone: '',
  attenderLicence: '',
  insuranceExpiry: '',
  fitnessExpiry: '',
  permitExpiry: '',
  pollutionExpiry: '',
};

const fromVehicle = (v: TVehicle): FormIn => ({
  regNo: v.regNo,
  vehicleType: v.vehicleType,
  makeModel: v.makeModel,
  seatingCapacity: v.seatingCapacity,
  driverName: v.driverName,
  driverPhone: v.driverPhone,
  driverLicence: v.driverLicence,
  attenderName: v.attenderName,
  attenderPhone: v.attenderPhone,
  attenderLicence: v.attenderLicence,
  insuranceExpiry: v.insuranceExpiry,
  fitnessExpiry: v.fitnessExpiry,
  permitExpiry: v.permitExpiry,
  pollutionExpiry: v.pollutionExpiry,
});

/** Add or edit a vehicle; the shared schema checks the registration number, licences and dates. */
export function VehicleDialog({ open, vehicle, onClose }: { open: boolean; vehicle: TVehicle | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveVehicle();
  const form = useForm<FormIn, unknown, TVehicleInput>({ resolver: zodResolver(ZVehicleInput) as never, defaultValues: EMPTY });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  useEffect(() => {
    if (open) {
      reset(vehicle ? fromVehicle(vehicle) : EMPTY);
      save.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, vehicle, reset]);

  const submit = handleSubmit((body) =>
    save.mutate(
      { id: vehicle?.id ?? null, body },
      {
        onSuccess: (v) => {
          toast.success(`${v.regNo} saved`);
          onClose();
        },
      },
    ),
  );

  const field = (name: keyof TVehicleInput, label: string, opts: { required?: boolean; type?: string; help?: string } = {}) => (
    <TextField
      label={label}
      required={opts.required}
      type={opts.type}
      fullWidth
      size="small"
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? opts.help}
      slotProps={{
        htmlInput: { 'data-testid': `vehicle-${name}` },
        ...(opts.type === 'date' ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      titleId="vehicle-dialog-title"
      title={vehicle ? `Edit ${vehicle.regNo}` : 'Add a vehicle'}
      onSubmit={submit}
      error={save.isError ? errorText(save.error) : undefined}
      submitLabel="Save"
      busy={save.isPending}
      spinner
    >
      <Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {field('regNo', 'Registration number', { required: true, help: 'e.g. AP03TA1234' })}
          <Controller
            name="vehicleType"
            control={control}
            render={({ field: f }) => (
              <TextField
                select
                label="Type"
                size="small"
                required
                {...f}
                error={Boolean(errors.vehicleType)}
                helperText={errors.vehicleType?.message}
              >
                {VEHICLE_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {field('seatingCapacity', 'Seating capacity', { required: true, type: 'number' })}
          {field('makeModel', 'Make and model')}
          {field('driverName', 'Driver name', { required: true })}
          {field('driverPhone', 'Driver phone')}
          {field('driverLicence', 'Driver licence number', { help: 'e.g. AP0320150012345' })}
          {field('attenderName', 'Attender name')}
          {field('attenderPhone', 'Attender phone')}
          {field('attenderLicence', 'Attender licence number')}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          Certificate expiry dates
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {field('insuranceExpiry', 'Insurance', { required: true, type: 'date' })}
          {field('fitnessExpiry', 'Fitness', { required: true, type: 'date' })}
          {field('permitExpiry', 'Permit', { required: true, type: 'date' })}
          {field('pollutionExpiry', 'Pollution (PUC)', { required: true, type: 'date' })}
        </Box>
      </Box>
    </FormDialog>
  );
}
