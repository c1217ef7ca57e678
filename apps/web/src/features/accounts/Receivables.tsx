import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, TextField } from '@mui/material';
import type { z } from 'zod';
import { ZAccountsSettings, type TAccountsSettings } from '@erp/shared';
import { cappedQueryRows, DataTable, errorText, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useReceivables, useSaveSettings, useSettings, useUpdateReceivable, type Receivable } from './api';
import { payerLabel, rupees, statusLabel } from './format';
import { QueryState } from '../../components/QueryState';
import { RupeeField } from './RupeeField';
import { Section, StatusSection } from './Section';
import { StatusChip } from './StatusChip';
import { canPropose, isOfficer, isPrincipal } from './roles';

const COLUMNS: Array<DataColumn<Receivable>> = [
  { key: 'student', header: 'Student', value: (r) => `${r.rollNo} · ${r.studentName}` },
  { key: 'payer', header: 'Payer', value: (r) => payerLabel(r.payer) },
  { key: 'head', header: 'Head / year', value: (r) => `${r.headName} ${r.fy}` },
  { key: 'amount', header: 'Amount', align: 'right', value: (r) => r.amountPaise / 100, render: (r) => rupees(r.amountPaise) },
  {
    key: 'status',
    header: 'Status',
    value: (r) => statusLabel(r.sanctionStatus),
    render: (r) => <StatusChip status={r.sanctionStatus} />,
  },
];

/** The government's and sponsors' share: the college's receivable, never the student's due. */
export function Receivables() {
  const [status, setStatus] = useState('pending');
  const q = useReceivables(status);
  return (
    <StatusSection
      title="Government and sponsor share (receivable)"
      filterLabel="Sanction status"
      statuses={['pending', 'sanctioned', 'received', '']}
      status={status}
      onStatus={setStatus}
    >
      <DataTable
        label="Receivables"
        columns={COLUMNS}
        {...cappedQueryRows(q)}
        rowKey={(r) => r.lineId}
        rowTestId={(r) => `receivable-${r.lineId}`}
        emptyText="No receivables with this status."
        search
        searchPlaceholder="Roll number, name, head"
        exportName="receivables"
        actions={(r) => canPropose() && r.sanctionStatus !== 'received' && <SanctionActions r={r} />}
      />
    </StatusSection>
  );
}

/** Mark a receivable sanctioned, or received with the bank's credit reference. */
function SanctionActions({ r }: { r: Receivable }) {
  const update = useUpdateReceivable();
  const toast = useToast();
  const [reference, setReference] = useState('');
  const act = async (status: 'sanctioned' | 'received') => {
    try {
      await update.mutateAsync({ lineId: r.lineId, status, reference });
      toast.success(`${r.rollNo}: ${statusLabel(status)}`);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {r.sanctionStatus === 'pending' && (
        <Button size="small" onClick={() => act('sanctioned')} disabled={update.isPending}>
          Sanctioned
        </Button>
      )}
      <TextField
        size="small"
        label="Credit reference"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        sx={{ width: 150 }}
      />
      <Button size="small" variant="outlined" onClick={() => act('received')} disabled={update.isPending || !reference}>
        Received
      </Button>
    </Box>
  );
}

/** The amounts above which the principal approves concessions and bills. */
export function Limits() {
  const q = useSettings();
  return <QueryState spinner query={q}>{q.data && <LimitsForm settings={q.data} />}</QueryState>;
}

function LimitsForm({ settings }: { settings: TAccountsSettings }) {
  const save = useSaveSettings();
  const toast = useToast();
  const editable = isOfficer() || isPrincipal();
  const form = useForm<z.input<typeof ZAccountsSettings>, unknown, TAccountsSettings>({
    resolver: zodResolver(ZAccountsSettings),
    defaultValues: settings,
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(v);
      toast.success('Approval limits saved');
    } catch {
      /* shown below */
    }
  });
  return (
    <Section title="Principal approves above">
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Approval limits"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'start' }}
      >
        <Controller
          name="concessionPrincipalLimitPaise"
          control={form.control}
          render={({ field }) => (
            <RupeeField
              label="Concession"
              size="small"
              value={Number(field.value) || 0}
              onChange={field.onChange}
              disabled={!editable}
            />
          )}
        />
        <Controller
          name="billPrincipalLimitPaise"
          control={form.control}
          render={({ field }) => (
            <RupeeField
              label="Vendor bill"
              size="small"
              value={Number(field.value) || 0}
              onChange={field.onChange}
              disabled={!editable}
            />
          )}
        />
        {editable && (
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            Save limits
          </Button>
        )}
      </Box>
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
    </Section>
  );
}
