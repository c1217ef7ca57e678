import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { accountsFy, ZConcessionInput, type TConcession, type TConcessionInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useConcessions, useConcessionTypes, useDecideConcession, useHeads, useProposeConcession } from './api';
import { dmy, payerLabel, rupees, statusLabel } from './format';
import { AccountsHeader, QueryState, RupeeField, Scroll, Section } from './parts';
import { Limits, Receivables } from './Receivables';
import { canPropose, isOfficer, isPrincipal } from './roles';

const STATUSES = ['proposed', 'awaiting_principal', 'approved', 'rejected', ''] as const;

/** Scholarship and Waiver: proposals by the accountant, decisions by the officer (and the principal above the limit). */
export function ConcessionsPage() {
  const [status, setStatus] = useState<string>(isPrincipal() && !isOfficer() ? 'awaiting_principal' : 'proposed');
  const list = useConcessions(status);
  return (
    <Box>
      <AccountsHeader title="Scholarship and Waiver" />
      {canPropose() && <ProposeForm />}
      <Section
        title="Concessions"
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_, v) => v !== null && setStatus(v)}
            aria-label="Status"
          >
            {STATUSES.map((s) => (
              <ToggleButton key={s || 'all'} value={s}>
                {s ? statusLabel(s) : 'All'}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      >
        <QueryState query={list} empty={list.data?.length === 0}>
          <Scroll>
            <Table size="small" sx={{ minWidth: 820 }} aria-label="Concessions">
              <TableHead>
                <TableRow>
                  <TableCell>Student</TableCell>
                  <TableCell>Concession</TableCell>
                  <TableCell>Head / year</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Proposed</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data?.map((c) => (
                  <Row key={c.id} c={c} />
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </QueryState>
      </Section>
      <Receivables />
      <Limits />
    </Box>
  );
}

function Row({ c }: { c: TConcession }) {
  const decide = useDecideConcession();
  const toast = useToast();
  const canDecide = (c.status === 'proposed' && isOfficer()) || (c.status === 'awaiting_principal' && isPrincipal());
  const act = async (decision: 'approve' | 'reject') => {
    try {
      const r = await decide.mutateAsync({ id: c.id, decision, note: '' });
      toast.success(`${c.rollNo}: ${statusLabel(r.status)}`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <TableRow data-testid={`concession-${c.id}`}>
      <TableCell>
        {c.rollNo}
        <br />
        {c.studentName}
      </TableCell>
      <TableCell>
        {c.typeName}
        <br />
        <small>{payerLabel(c.payer)}</small>
      </TableCell>
      <TableCell>
        {c.headName} {c.fy}
      </TableCell>
      <TableCell align="right">
        {rupees(c.amountPaise)}
        {c.basis === 'percent' && <small> ({c.value}%)</small>}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={statusLabel(c.status)}
          color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'warning'}
        />
        {c.decidedBy && <small> by {c.decidedBy}</small>}
      </TableCell>
      <TableCell>
        {c.proposedBy} {dmy(c.createdAt)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {canDecide && (
          <>
            <Button size="small" variant="contained" onClick={() => act('approve')} disabled={decide.isPending}>
              Approve
            </Button>{' '}
            <Button size="small" color="error" onClick={() => act('reject')} disabled={decide.isPending}>
              Reject
            </Button>
          </>
        )}
      </TableCell>
    </TableRow>
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
          {...form.register('rollNo')}
          error={!!err.rollNo}
          helperText={err.rollNo?.message}
        />
        <Controller
          name="typeId"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label="Type"
              size="small"
              {...field}
              value={field.value ?? ''}
              error={!!err.typeId}
              helperText={err.typeId ? 'Choose the type' : ' '}
            >
              {types.data?.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name} ({payerLabel(t.payer)})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Financial year"
          size="small"
          {...form.register('fy')}
          error={!!err.fy}
          helperText={err.fy?.message ?? ' '}
        />
        <Controller
          name="headId"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label="Fee head"
              size="small"
              {...field}
              value={field.value ?? ''}
              error={!!err.headId}
              helperText={err.headId ? 'Choose the head' : ' '}
            >
              {heads.data?.map((h) => (
                <MenuItem key={h.id} value={h.id}>
                  {h.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="basis"
          control={form.control}
          render={({ field }) => (
            <TextField select label="Basis" size="small" {...field}>
              <MenuItem value="percent">Percentage of the head</MenuItem>
              <MenuItem value="amount">Fixed amount</MenuItem>
            </TextField>
          )}
        />
        <Controller
          name="value"
          control={form.control}
          render={({ field }) =>
            basis === 'amount' ? (
              <RupeeField
                label="Amount"
                size="small"
                value={Number(field.value) || 0}
                onChange={field.onChange}
                error={!!err.value}
                helperText={err.value?.message}
              />
            ) : (
              <TextField
                label="Percentage"
                size="small"
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
