import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  ACCOUNTS_MSG,
  COUNTER_MODES,
  rupeesInWords,
  ZCancelReceipt,
  ZCollect,
  type TCollect,
  type TReceipt,
  type TStudentLedger,
} from '@erp/shared';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { openFile, useCancelReceipt, useCollect, useLedger, useStudentSearch } from './api';
import { dmy, modeLabel, payerLabel, rupees, statusLabel } from './format';
import { AccountsHeader } from './AccountsHeader';
import { QueryState } from '../../components/QueryState';
import { RupeeField } from './RupeeField';
import { Section } from './Section';
import { canCollect, isOfficer } from './roles';

/** Fee Collection: find a student, see the ledger, collect at the counter, print or cancel a receipt. */
export function CounterPage() {
  const [params, setParams] = useSearchParams();
  const rollNo = params.get('roll');
  const [q, setQ] = useState('');
  const hits = useStudentSearch(q);
  const ledger = useLedger(rollNo);
  const choose = (r: string) => {
    setParams({ roll: r });
    setQ('');
  };
  return (
    <Box>
      <AccountsHeader title="Fee Collection" />
      <Section title="Find a student">
        <TextField
          label="Roll number, name or admission number"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && hits.data?.length === 1) choose(hits.data[0].rollNo);
          }}
          fullWidth
          size="small"
          autoFocus
        />
        {q.trim().length >= 2 && (
          <QueryState spinner query={hits} empty={hits.data?.length === 0}>
            <List dense aria-label="Students found">
              {hits.data?.map((s) => (
                <ListItemButton key={s.rollNo} onClick={() => choose(s.rollNo)}>
                  <ListItemText
                    primary={`${s.rollNo} · ${s.name}`}
                    secondary={`${s.course} ${s.branch} ${s.batch} · section ${s.section}${s.admissionNo ? ` · ${s.admissionNo}` : ''}`}
                  />
                </ListItemButton>
              ))}
            </List>
          </QueryState>
        )}
      </Section>
      {rollNo && <QueryState spinner query={ledger}>{ledger.data && <StudentLedger ledger={ledger.data} />}</QueryState>}
    </Box>
  );
}

function StudentLedger({ ledger }: { ledger: TStudentLedger }) {
  const s = ledger.student;
  const t = ledger.totals;
  return (
    <>
      <Section
        title={`${s.name} (${s.rollNo})`}
        action={
          <Button size="small" onClick={() => openFile(`accounts/students/${s.rollNo}/statement`, `statement-${s.rollNo}.pdf`)}>
            Ledger statement (PDF)
          </Button>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {s.course} {s.branch} · batch {s.batch} · section {s.section} · {s.seatType} seat · parent {s.parentPhone}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} data-testid="ledger-totals">
          <Chip label={`Demand ${rupees(t.demandPaise)}`} />
          <Chip label={`Paid ${rupees(t.paidPaise)}`} color="success" variant="outlined" />
          <Chip label={`Waived ${rupees(t.waivedPaise)}`} variant="outlined" />
          <Chip
            label={`Due ${rupees(t.studentDuePaise)}`}
            color={t.studentDuePaise ? 'warning' : 'success'}
            data-testid="student-due"
          />
          {t.governmentReceivablePaise > 0 && (
            <Chip label={`Government share due ${rupees(t.governmentReceivablePaise)}`} color="info" variant="outlined" />
          )}
          {t.advancePaise > 0 && <Chip label={`Advance ${rupees(t.advancePaise)}`} variant="outlined" />}
        </Box>
        <Box sx={{ mt: 1 }}>
          <DataTable
            label="Dues by head and year"
            columns={[
              { key: 'fy', header: 'Year' },
              { key: 'headName', header: 'Head' },
              {
                key: 'payer',
                header: 'Payer',
                value: (l) => `${payerLabel(l.payer)}${l.payer !== 'student' ? ` (${statusLabel(l.sanctionStatus)})` : ''}`,
              },
              { key: 'amountPaise', header: 'Demand', align: 'right', value: (l) => rupees(l.amountPaise) },
              { key: 'paidPaise', header: 'Paid', align: 'right', value: (l) => rupees(l.paidPaise) },
              { key: 'waivedPaise', header: 'Waived', align: 'right', value: (l) => rupees(l.waivedPaise) },
              { key: 'balancePaise', header: 'Balance', align: 'right', value: (l) => rupees(l.balancePaise) },
            ]}
            rows={ledger.lines}
            rowKey={(l) => l.id}
            cardTitle={(l) => `${l.headName} · ${l.fy}`}
            loading={false}
            emptyText="Nothing has been charged yet."
            paging={false}
          />
        </Box>
      </Section>
      {canCollect() && t.studentDuePaise > 0 && <CollectForm ledger={ledger} />}
      <Receipts receipts={ledger.receipts} />
    </>
  );
}

function CollectForm({ ledger }: { ledger: TStudentLedger }) {
  const collect = useCollect();
  const [done, setDone] = useState<TReceipt | null>(null);
  const [choose, setChoose] = useState(false);
  const open = ledger.lines.filter((l) => l.payer === 'student' && l.balancePaise > 0);
  const form = useForm<TCollect>({
    resolver: zodResolver(ZCollect),
    defaultValues: {
      rollNo: ledger.student.rollNo,
      mode: 'cash',
      reference: '',
      bank: '',
      instrumentDate: '',
      amount: ledger.totals.studentDuePaise,
    },
  });
  const mode = form.watch('mode');
  const amount = Number(form.watch('amount')) || 0;
  const err = form.formState.errors;
  const [split, setSplit] = useState<Record<number, number>>({});
  const submit = form.handleSubmit(async (values) => {
    const allocation = choose
      ? Object.entries(split)
          .filter(([, v]) => v > 0)
          .map(([lineId, amountPaise]) => ({ lineId: Number(lineId), amountPaise }))
      : undefined;
    try {
      const r = await collect.mutateAsync({
        ...values,
        allocation,
        amount: allocation ? allocation.reduce((a, x) => a + x.amountPaise, 0) : values.amount,
      });
      setDone(r);
      form.reset({ ...values, reference: '', bank: '', instrumentDate: '', amount: 0 });
      setSplit({});
    } catch {
      /* shown below from the mutation's error */
    }
  });
  return (
    <Section title="Collect at the counter">
      <Box component="form" onSubmit={submit} noValidate aria-label="Collect fee">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          <Controller
            name="mode"
            control={form.control}
            render={({ field }) => (
              <TextField select label="Mode" size="small" {...field} error={!!err.mode} helperText={err.mode?.message}>
                {COUNTER_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {modeLabel(m)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {mode !== 'cash' && (
            <TextField
              label={
                mode === 'dd' || mode === 'cheque'
                  ? `${modeLabel(mode)} number`
                  : mode === 'upi'
                    ? 'UPI reference'
                    : 'Transaction reference'
              }
              size="small"
              {...form.register('reference')}
              error={!!err.reference}
              helperText={err.reference?.message}
            />
          )}
          {(mode === 'dd' || mode === 'cheque') && (
            <>
              <TextField label="Bank" size="small" {...form.register('bank')} error={!!err.bank} helperText={err.bank?.message} />
              <TextField
                label="Instrument date"
                type="date"
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register('instrumentDate')}
                error={!!err.instrumentDate}
                helperText={err.instrumentDate?.message}
              />
            </>
          )}
          {!choose && (
            <Controller
              name="amount"
              control={form.control}
              render={({ field }) => (
                <RupeeField
                  label="Amount"
                  size="small"
                  value={Number(field.value) || 0}
                  onChange={field.onChange}
                  error={!!err.amount}
                  helperText={
                    err.amount?.message ?? (amount ? rupeesInWords(amount) : `Due ${rupees(ledger.totals.studentDuePaise)}`)
                  }
                />
              )}
            />
          )}
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={choose}
              onChange={(e) => {
                setChoose(e.target.checked);
                form.setValue('amount', e.target.checked ? 1 : ledger.totals.studentDuePaise);
              }}
            />
          }
          label="Choose the heads (otherwise oldest year first, then the heads' order)"
        />
        {choose && (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              mt: 1,
            }}
          >
            {open.map((l) => (
              <RupeeField
                key={l.id}
                label={`${l.headName} ${l.fy} (due ${rupees(l.balancePaise)})`}
                size="small"
                value={split[l.id] ?? 0}
                onChange={(p) => setSplit((s) => ({ ...s, [l.id]: p }))}
              />
            ))}
          </Box>
        )}
        {collect.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {collect.error.message}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={collect.isPending}>
            {collect.isPending ? 'Saving…' : 'Collect and issue receipt'}
          </Button>
        </Box>
      </Box>
      <Dialog open={!!done} onClose={() => setDone(null)} aria-labelledby="receipt-title">
        <DialogTitle id="receipt-title">Receipt {done?.label}</DialogTitle>
        <DialogContent>
          <Typography data-testid="receipt-amount">
            {done && rupees(done.amountPaise)} received by {done && modeLabel(done.mode)} on {done && dmy(done.date)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {done && rupeesInWords(done.amountPaise)}
          </Typography>
          <Box component="ul" sx={{ pl: 2 }}>
            {done?.allocations.map((a) => (
              <li key={a.lineId}>
                {a.headName} {a.fy}: {rupees(a.amountPaise)}
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => done && openFile(done.pdfUrl, `${done.label.replace(/\//g, '-')}.pdf`)}>
            Print receipt (PDF)
          </Button>
          <Button variant="contained" onClick={() => setDone(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

const RECEIPT_COLUMNS: Array<DataColumn<TReceipt>> = [
  { key: 'label', header: 'Receipt', nowrap: true },
  { key: 'date', header: 'Date', nowrap: true, value: (r) => dmy(r.date) },
  { key: 'mode', header: 'Mode', value: (r) => `${modeLabel(r.mode)}${r.reference ? ` · ${r.reference}` : ''}` },
  { key: 'amount', header: 'Amount', align: 'right', value: (r) => r.amountPaise / 100, render: (r) => rupees(r.amountPaise) },
  {
    key: 'status',
    header: 'Status',
    value: (r) => (r.kind === 'reversal' ? 'Reversal' : r.status === 'cancelled' ? 'Cancelled' : 'Active'),
    render: (r) =>
      r.kind === 'reversal' ? (
        <Chip size="small" label="Reversal" />
      ) : r.status === 'cancelled' ? (
        <Chip size="small" color="error" label="Cancelled" title={r.cancelReason} />
      ) : (
        <Chip size="small" color="success" label="Active" variant="outlined" />
      ),
  },
];

function Receipts({ receipts }: { receipts: TReceipt[] }) {
  const [cancelling, setCancelling] = useState<TReceipt | null>(null);
  return (
    <Section title="Receipts">
      <DataTable
        label="Receipts"
        columns={RECEIPT_COLUMNS}
        rows={receipts}
        loading={false}
        rowKey={(r) => r.id}
        emptyText="No receipts yet."
        paging={10}
        exportName="receipts"
        actions={(r) => (
          <>
            {r.pdfUrl && (
              <Button size="small" onClick={() => openFile(r.pdfUrl, `${r.label.replace(/\//g, '-')}.pdf`)}>
                PDF
              </Button>
            )}
            {isOfficer() && r.kind === 'receipt' && r.status === 'active' && r.mode !== 'online' && (
              <Button size="small" color="error" onClick={() => setCancelling(r)}>
                Cancel
              </Button>
            )}
          </>
        )}
      />
      {cancelling && <CancelDialog receipt={cancelling} onClose={() => setCancelling(null)} />}
    </Section>
  );
}

function CancelDialog({ receipt, onClose }: { receipt: TReceipt; onClose: () => void }) {
  const cancel = useCancelReceipt();
  const toast = useToast();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(ZCancelReceipt), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ id: receipt.id, reason });
      toast.success(`Receipt ${receipt.label} cancelled`);
      onClose();
    } catch {
      /* shown below */
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="cancel-title">Cancel receipt {receipt.label}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            The receipt keeps its number and is marked cancelled; a reversal entry puts {rupees(receipt.amountPaise)} back on the
            student&apos;s dues.
          </Typography>
          <TextField
            label="Reason"
            fullWidth
            multiline
            minRows={2}
            {...form.register('reason')}
            error={!!form.formState.errors.reason}
            helperText={form.formState.errors.reason?.message}
            autoFocus
          />
          {cancel.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {cancel.error.message === ACCOUNTS_MSG.alreadyCancelled ? ACCOUNTS_MSG.alreadyCancelled : cancel.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep it</Button>
          <Button type="submit" color="error" variant="contained" disabled={cancel.isPending}>
            Cancel receipt
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
