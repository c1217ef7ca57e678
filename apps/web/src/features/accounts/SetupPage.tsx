import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { ZFeeHeadInput, ZRaiseDemand, type TFeeHeadInput, type TRaiseDemand } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useState } from 'react';
import { useAddHead, useHeads, useRaiseDemand, useStructures } from './api';
import { rupees } from './format';
import { AccountsHeader } from './AccountsHeader';
import { DataTable, queryRows } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { LeavingPolicy } from './LeavingPolicy';
import { Section } from './Section';
import { canPropose, isOfficer } from './roles';
import { StructureDialog } from './StructureDialog';
import type { TFeeStructure } from '@erp/shared';

/** Fee heads, fee structures per course/batch/year/seat type, and raising a batch's demand. */
export function SetupPage() {
  const heads = useHeads();
  const structures = useStructures();
  const [editing, setEditing] = useState<TFeeStructure | 'new' | null>(null);
  const officer = isOfficer();
  return (
    <Box>
      <AccountsHeader title="Fee Structures" />
      {canPropose() && <DemandForm />}
      <Section
        title="Fee structures"
        action={
          officer && (
            <Button variant="contained" size="small" onClick={() => setEditing('new')}>
              New structure
            </Button>
          )
        }
      >
        <DataTable
          label="Fee structures"
          columns={[
            { key: 'course', header: 'Course / batch', value: (s) => `${s.course} ${s.batch}` },
            { key: 'yearOfStudy', header: 'Year' },
            { key: 'seatType', header: 'Seat type' },
            { key: 'heads', header: 'Heads', value: (s) => s.lines.map((l) => `${l.headName} ${rupees(l.amountPaise)}`).join(' · ') },
            { key: 'totalPaise', header: 'Total', align: 'right', value: (s) => rupees(s.totalPaise) },
          ]}
          {...queryRows(structures)}
          rowKey={(s) => s.id}
          emptyText="Nothing to show."
          paging={false}
          actions={
            officer
              ? (s) => (
                  <Button
                    size="small"
                    onClick={() => setEditing(s)}
                    aria-label={`Edit ${s.course} ${s.batch} year ${s.yearOfStudy} ${s.seatType}`}
                  >
                    Edit
                  </Button>
                )
              : undefined
          }
        />
      </Section>
      <Section title="Fee heads">
        <QueryState spinner query={heads} empty={heads.data?.length === 0}>
          {/* in their order; the order number is the office's setting, not part of the name */}
          <Typography variant="body2">{heads.data?.map((h) => `${h.name} (${h.code})`).join(' · ')}</Typography>
        </QueryState>
        {officer && <HeadForm />}
      </Section>
      <LeavingPolicy />
      {editing !== null && <StructureDialog structure={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function DemandForm() {
  const raise = useRaiseDemand();
  const form = useForm<TRaiseDemand>({ resolver: zodResolver(ZRaiseDemand), defaultValues: { batch: '', year: 1 } });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await raise.mutateAsync(v);
    } catch {
      /* shown below */
    }
  });
  const r = raise.data;
  return (
    <Section title="Raise the year's demand">
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Raise demand"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'start' }}
      >
        <TextField
          label="Batch (e.g. 2025-2029)"
          size="small"
          {...form.register('batch')}
          error={!!err.batch}
          helperText={err.batch?.message ?? ' '}
        />
        <Controller
          name="year"
          control={form.control}
          render={({ field }) => (
            <TextField select label="Year of study" size="small" {...field} sx={{ minWidth: 140 }}>
              {[1, 2, 3, 4, 5, 6].map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={raise.isPending}>
          Raise demand
        </Button>
      </Box>
      {raise.isError && <Alert severity="error">{raise.error.message}</Alert>}
      {r && (
        <Alert severity="success">
          {r.fy}: {r.raised} lines raised for {r.students} students ({r.alreadyRaised} were already there
          {r.withoutStructure ? `, ${r.withoutStructure} students have no matching structure` : ''}); the batch owes{' '}
          {rupees(r.totalPaise)} for the year.
        </Alert>
      )}
    </Section>
  );
}

function HeadForm() {
  const add = useAddHead();
  const toast = useToast();
  const form = useForm<TFeeHeadInput>({
    resolver: zodResolver(ZFeeHeadInput),
    defaultValues: { code: '', name: '', sortOrder: 100 },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      const h = await add.mutateAsync(v);
      toast.success(`Head ${h.name} added`);
      form.reset({ code: '', name: '', sortOrder: 100 });
    } catch {
      /* shown below */
    }
  });
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Add a fee head"
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2, alignItems: 'start' }}
    >
      <TextField label="Code" size="small" {...form.register('code')} error={!!err.code} helperText={err.code?.message ?? ' '} />
      <TextField label="Name" size="small" {...form.register('name')} error={!!err.name} helperText={err.name?.message ?? ' '} />
      <TextField
        label="Collection order"
        size="small"
        {...form.register('sortOrder')}
        error={!!err.sortOrder}
        helperText={err.sortOrder?.message ?? ' '}
      />
      <Button type="submit" variant="outlined" disabled={add.isPending}>
        Add head
      </Button>
      {add.isError && <Alert severity="error">{add.error.message}</Alert>}
    </Box>
  );
}
