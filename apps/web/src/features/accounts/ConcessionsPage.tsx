import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { accountsFy, ZConcessionInput, type TConcession, type TConcessionInput } from '@erp/shared';
import { cappedQueryRows, DataTable, type DataColumn } from '../../components/DataTable';
import { FormSelect } from '../../components/FormSelect';
import { useToast } from '../../components/feedback';
import { useConcessions, useConcessionTypes, useDecideConcession, useHeads, useProposeConcession } from './api';
import { dmy, payerLabel, rupees, statusLabel } from './format';
import { AccountsHeader } from './AccountsHeader';
import { DecisionButtons } from './DecisionButtons';
import { RupeeField } from './RupeeField';
import { Section, StatusSection } from './Section';
import { StatusChip } from './StatusChip';
import { Limits, Receivables } from './Receivables';
import { canPropose, isOfficer, isPrincipal } from './roles';

const STATUSES = ['proposed', 'awaiting_principal', 'approved', 'rejected', ''] as const;

const COLUMNS: Array<DataColumn<TConcession>> = [
  {
    key: 'student',
    header: 'Student',
    value: (c) => `${c.rollNo} ${c.studentName}`,
    render: (c) => (
      <>
        {c.rollNo}
        <br />
        {c.studentName}
      </>
    ),
  },
  {
    key: 'type',
    header: 'Concession',
    value: (c) => `${c.typeName} (${payerLabel(c.payer)})`,
    render: (c) => (
      <>
        {c.typeName}
        <br />
        <small>{payerLabel(c.payer)}</small>
      </>
    ),
  },
  { key: 'head', header: 'Head / year', value: (c) => `${c.headName} ${c.fy}` },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    nowrap: true,
    value: (c) => c.amountPaise / 100,
    render: (c) => (
      <>
        {rupees(c.amountPaise)}
        {c.basis === 'percent' && <small> ({c.value}%)</small>}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    value: (c) => statusLabel(c.status),
    render: (c) => (
      <>
        <StatusChip status={c.status} />
        {c.decidedBy && <small> by {c.decidedBy}</small>}
        {c.decisionNote && (
          <>
            <br />
            <small>“{c.decisionNote}”</small>
          </>
        )}
      </>
    ),
  },
  { key: 'proposed', header: 'Proposed', hideBelow: 'md', value: (c) => `${c.proposedBy} ${dmy(c.createdAt)}` },
];

const mayDecide = (c: TConcession) =>
  (c.status === 'proposed' && isOfficer()) || (c.status === 'awaiting_principal' && isPrincipal());

/** Scholarship and Waiver: proposals by the accountant, decisions by the officer (and the principal above the limit). */
export function ConcessionsPage() {
  const [status, setStatus] = useState<string>(isPrincipal() && !isOfficer() ? 'awaiting_principal' : 'proposed');
  const list = useConcessions(status);
  return (
    <Box>
      <AccountsHeader title="Scholarship and Waiver" />
      {canPropose() && <ProposeForm />}
      <StatusSection title="Concessions" filterLabel="Status" statuses={STATUSES} status={status} onStatus={setStatus}>
        <DataTable
          label="Concessions"
          columns={COLUMNS}
          {...cappedQueryRows(list)}
          rowKey={(c) => c.id}
          rowTestId={(c) => `concession-${c.id}`}
          emptyText="No concessions with this status."
          search
          searchPlaceholder="Roll number, name, head"
          exportName="concessions"
          actions={(c) =>
            mayDecide(c) && (
              <DecisionButtons
                id={c.id}
                subject={`the concession for ${c.rollNo}`}
                details={
                  <Typography variant="body2">
                    {c.studentName} ({c.rollNo}) · {c.typeName} on {c.headName} {c.fy}: {rupees(c.amountPaise)}
                    {c.note && <><br />Proposed by {c.proposedBy}: {c.note}</>}
                  </Typography>
                }
                useDecide={useDecideConcession}
                done={(s) => `${c.rollNo}: ${statusLabel(s)}`}
              />
            )
          }
        />
      </StatusSection>
      <Receivables />
      <Limits />
    </Box>
  );
}

function ProposeForm() {
  const types = useConcessionTypes();
  const heads = useHeads();
  const propose = useProposeConcession();
  const toast = useToast();
  const fy = accountsFy(new Date().toISOString().slice(0, 10));
  const blank: TConcessionInput = {
    rollNo: '',
    typeId: '' as unknown as number,
    fy,
    headId: '' as unknown as number,
    basis: 'percent',
    value: '' as unknown as number,
    note: '',
  };
  const form = useForm<TConcessionInput>({ resolver: zodResolver(ZConcessionInput), defaultValues: blank });
  const basis = form.watch('basis');
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const c = await propose.mutateAsync(values);
      toast.success(`Proposed ${rupees(c.amountPaise)} for ${c.rollNo}`);
      form.reset(blank);
    } catch {
      /* shown below */
    }
  });
  return (
    <Section title="Propose a concession">
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Propose a concession"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        <TextField
          label="Roll number"
          size="small"
          required
          {...form.register('rollNo')}
          error={!!err.rollNo}
          helperText={err.rollNo?.message ?? ' '}
        />
        <FormSelect
          control={form.control}
          name="typeId"
          label="Type"
          required
          message="Choose the type"
          options={(types.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${payerLabel(t.payer)})` }))}
        />
        <TextField
          label="Financial year"
          size="small"
          required
          {...form.register('fy')}
          error={!!err.fy}
          helperText={err.fy?.message ?? ' '}
        />
        <FormSelect
          control={form.control}
          name="headId"
          label="Fee head"
          required
          message="Choose the head"
          options={(heads.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
        />
        <FormSelect
          control={form.control}
          name="basis"
          label="Basis"
          options={[
            { value: 'percent', label: 'Percentage of the head' },
            { value: 'amount', label: 'Fixed amount' },
          ]}
        />
        <Controller
          name="value"
          control={form.control}
          render={({ field }) =>
            basis === 'amount' ? (
              <RupeeField
                label="Amount"
                size="small"
                required
                value={Number(field.value) || 0}
                onChange={field.onChange}
                error={!!err.value}
                helperText={err.value?.message}
              />
            ) : (
              <TextField
                label="Percentage"
                size="small"
                required
                inputMode="numeric"
                {...field}
                value={field.value ?? ''}
                error={!!err.value}
                helperText={err.value?.message}
              />
            )
          }
        />
        <TextField label="Note" size="small" {...form.register('note')} sx={{ gridColumn: { md: 'span 2' } }} />
        {propose.isError && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {propose.error.message}
          </Alert>
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={propose.isPending}>
            Propose
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
