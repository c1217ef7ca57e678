import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import type { z } from 'zod';
import { ZAccountsSettings, type TAccountsSettings } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useReceivables, useSaveSettings, useSettings, useUpdateReceivable, type Receivable } from './api';
import { payerLabel, rupees, statusLabel } from './format';
import { QueryState, RupeeField, Scroll, Section } from './parts';
import { canPropose, isOfficer, isPrincipal } from './roles';

/** The government's and sponsors' share: the college's receivable, never the student's due. */
export function Receivables() {
  const [status, setStatus] = useState('pending');
  const q = useReceivables(status);
  return (
    <Section
      title="Government and sponsor share (receivable)"
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          onChange={(_, v) => v !== null && setStatus(v)}
          aria-label="Sanction status"
        >
          {['pending', 'sanctioned', 'received', ''].map((s) => (
            <ToggleButton key={s || 'all'} value={s}>
              {s ? statusLabel(s) : 'All'}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <QueryState query={q} empty={q.data?.length === 0}>
        <Scroll>
          <Table size="small" sx={{ minWidth: 760 }} aria-label="Receivables">
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell>Payer</TableCell>
                <TableCell>Head / year</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data?.map((r) => (
                <Row key={r.lineId} r={r} />
              ))}
            </TableBody>
          </Table>
        </Scroll>
      </QueryState>
    </Section>
  );
}

function Row({ r }: { r: Receivable }) {
  const update = useUpdateReceivable();
  const toast = useToast();
  const [reference, setReference] = useState('');
  const act = async (status: 'sanctioned' | 'received') => {
    try {
      await update.mutateAsync({ lineId: r.lineId, status, reference });
      toast.success(`${r.rollNo}: ${statusLabel(status)}`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <TableRow>
      <TableCell>
        {r.rollNo} · {r.studentName}
      </TableCell>
      <TableCell>{payerLabel(r.payer)}</TableCell>
      <TableCell>
        {r.headName} {r.fy}
      </TableCell>
      <TableCell align="right">{rupees(r.amountPaise)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={statusLabel(r.sanctionStatus)}
          color={r.sanctionStatus === 'received' ? 'success' : 'warning'}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {canPropose() && r.sanctionStatus !== 'received' && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
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
        )}
      </TableCell>
    </TableRow>
  );
}

/** The amounts above which the principal approves concessions and bills. */
export function Limits() {
  const q = useSettings();
  return <QueryState query={q}>{q.data && <LimitsForm settings={q.data} />}</QueryState>;
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
