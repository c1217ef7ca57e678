import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { z } from 'zod';
import { ZAccountsSettings, type TAccountsSettings } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useSaveSettings, useSettings } from './api';
import { RupeeField } from './RupeeField';
import { Section } from './Section';
import { isOfficer } from './roles';

/** The college's policy when a student leaves the hostel or gives up a bus pass early, and the hostel's caution deposit. */
export function LeavingPolicy() {
  const q = useSettings();
  return <QueryState spinner query={q}>{q.data && <LeavingPolicyForm settings={q.data} />}</QueryState>;
}

function LeavingPolicyForm({ settings }: { settings: TAccountsSettings }) {
  const save = useSaveSettings();
  const toast = useToast();
  const editable = isOfficer();
  const form = useForm<z.input<typeof ZAccountsSettings>, unknown, TAccountsSettings>({
    resolver: zodResolver(ZAccountsSettings),
    defaultValues: settings,
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(v);
      toast.success('Leaving policy saved');
    } catch {
      /* shown below */
    }
  });
  return (
    <Section title="When a student leaves early">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Vacating the hostel or cancelling a bus pass keeps the year&apos;s charge for the months (or semesters) begun; what was
        paid beyond it becomes an excess credit to adjust or refund. The caution deposit is charged at allotment and given back at
        checkout, less damages.
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Leaving policy"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'start' }}
      >
        <Controller
          name="leavingBasis"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              select
              size="small"
              label="Charge by"
              sx={{ minWidth: 220 }}
              value={field.value ?? 'month'}
              onChange={field.onChange}
              disabled={!editable}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              <MenuItem value="month">The month begun</MenuItem>
              <MenuItem value="semester">The semester begun</MenuItem>
            </TextField>
          )}
        />
        <Controller
          name="hostelCautionDepositPaise"
          control={form.control}
          render={({ field }) => (
            <RupeeField
              label="Hostel caution deposit"
              size="small"
              value={Number(field.value) || 0}
              onChange={field.onChange}
              disabled={!editable}
            />
          )}
        />
        {editable && (
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            Save policy
          </Button>
        )}
      </Box>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
    </Section>
  );
}
