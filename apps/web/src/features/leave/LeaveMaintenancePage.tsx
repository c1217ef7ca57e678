import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { academicYear, ZLeaveTypeInput, type TLeaveTypeInput } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useBalances, useLeaveTypes, useOpenYear, useRetireType, useSaveType } from './api';

function TypeForm() {
  const save = useSaveType();
  const toast = useToast();
  const { register, handleSubmit, reset, formState } = useForm<TLeaveTypeInput>({
    resolver: zodResolver(ZLeaveTypeInput) as never,
    defaultValues: { code: '', name: '', yearlyQuota: 0, carryForward: false, maxCarry: 0, halfDayAllowed: true },
  });
  const e = formState.errors;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((body) =>
        save.mutate(
          { body },
          {
            onSuccess: (t) => {
              toast.success(`Leave type ${t.code} saved`);
              reset();
            },
            onError: (err) => toast.error(err.message),
          },
        ),
      )}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField size="small" label="Code" {...register('code')} error={Boolean(e.code)} helperText={e.code?.message} />
        <TextField size="small" label="Name" {...register('name')} error={Boolean(e.name)} helperText={e.name?.message} />
        <TextField
          size="small"
          type="number"
          label="Days a year"
          {...register('yearlyQuota')}
          error={Boolean(e.yearlyQuota)}
          helperText={e.yearlyQuota?.message ?? '0 = not counted'}
        />
        <TextField size="small" type="number" label="Carry at most" {...register('maxCarry')} />
        <FormControlLabel control={<Checkbox {...register('carryForward')} />} label="Carry forward" />
        <FormControlLabel control={<Checkbox defaultChecked {...register('halfDayAllowed')} />} label="Half day" />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Add
        </Button>
      </Stack>
    </Box>
  );
}

/** The admin's leave maintenance: leave types and the year's balances per faculty. */
export function LeaveMaintenancePage() {
  const types = useLeaveTypes();
  const retire = useRetireType();
  const [year, setYear] = useState(academicYear());
  const balances = useBalances(year);
  const open = useOpenYear();
  const toast = useToast();
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Leave maintenance
      </Typography>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Leave types
      </Typography>
      <TypeForm />
      <Box sx={{ my: 2 }}>
        <DataTable
          label="Leave types"
          columns={[
            { key: 'code', header: 'Code' },
            { key: 'name', header: 'Name' },
            { key: 'yearlyQuota', header: 'Days a year', align: 'right', value: (t) => t.yearlyQuota || 'not counted' },
            { key: 'carryForward', header: 'Carry forward', value: (t) => (t.carryForward ? `up to ${t.maxCarry}` : 'no') },
            { key: 'halfDayAllowed', header: 'Half day', value: (t) => (t.halfDayAllowed ? 'yes' : 'no') },
          ]}
          {...queryRows(types, (d) => d.filter((t) => !t.retired))}
          rowKey={(t) => t.id}
          emptyText="No leave types yet."
          paging={false}
          actions={(t) => (
            <Button size="small" color="error" onClick={() => retire.mutate(t.id, { onSuccess: (r) => toast.success(r.message) })}>
              Retire
            </Button>
          )}
        />
      </Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Balances
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField size="small" label="Academic year" value={year} onChange={(e) => setYear(e.target.value)} />
        <Button
          variant="outlined"
          onClick={() =>
            open.mutate(year, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) })
          }
        >
          Open the year's balances
        </Button>
      </Stack>
      <DataTable
        label="Leave balances"
        columns={[
          { key: 'facultyName', header: 'Faculty' },
          { key: 'department', header: 'Department' },
          { key: 'code', header: 'Type' },
          { key: 'opening', header: 'Opening', align: 'right' },
          { key: 'used', header: 'Used', align: 'right' },
          { key: 'pending', header: 'Pending', align: 'right' },
          { key: 'available', header: 'Available', align: 'right' },
        ]}
        {...queryRows(balances)}
        rowKey={(b) => `${b.facultyId}:${b.leaveTypeId}`}
        emptyText="No balances for this year yet."
        search
        searchPlaceholder="Faculty, department or type"
        paging={50}
        exportName={`leave-balances-${year}`}
      />
    </Box>
  );
}
