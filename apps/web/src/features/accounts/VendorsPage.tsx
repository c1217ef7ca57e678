import { useState } from 'react';
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
import {
  ZBillInput,
  ZBillPaymentInput,
  ZVendorInput,
  type TBill,
  type TBillInput,
  type TBillPaymentInput,
  type TVendorInput,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { openFile, useAddBill, useAddVendor, useBills, useDecideBill, usePayBill, useVendors } from './api';
import { dmy, modeLabel, rupees, statusLabel } from './format';
import { AccountsHeader, QueryState, RupeeField, Scroll, Section } from './parts';
import { canPropose, isOfficer, isPrincipal } from './roles';

const STATUSES = ['submitted', 'awaiting_principal', 'approved', 'paid', 'rejected', ''] as const;

/** Vendor Payment: vendors (GSTIN checked), bills through approval, payments with vouchers. */
export function VendorsPage() {
  const [status, setStatus] = useState<string>(isPrincipal() && !isOfficer() ? 'awaiting_principal' : '');
  const bills = useBills(status);
  const vendors = useVendors();
  const [paying, setPaying] = useState<TBill | null>(null);
  return (
    <Box>
      <AccountsHeader title="Vendor Payment" />
      <Section
        title="Bills"
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_, v) => v !== null && setStatus(v)}
            aria-label="Bill status"
          >
            {STATUSES.map((s) => (
              <ToggleButton key={s || 'all'} value={s}>
                {s ? statusLabel(s) : 'All'}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      >
        <QueryState query={bills} empty={bills.data?.length === 0}>
          <Scroll>
            <Table size="small" sx={{ minWidth: 900 }} aria-label="Bills">
              <TableHead>
                <TableRow>
                  <TableCell>Vendor</TableCell>
                  <TableCell>Bill</TableCell>
                  <TableCell align="right">Amount + GST − TDS</TableCell>
                  <TableCell align="right">Payable</TableCell>
                  <TableCell align="right">Paid</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {bills.data?.map((b) => (
                  <BillRow key={b.id} b={b} onPay={() => setPaying(b)} />
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </QueryState>
      </Section>
      {canPropose() && <BillForm />}
      <Section title="Vendors">
        <QueryState query={vendors} empty={vendors.data?.length === 0}>
          <Scroll>
            <Table size="small" sx={{ minWidth: 760 }} aria-label="Vendors">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>GSTIN</TableCell>
                  <TableCell>PAN</TableCell>
                  <TableCell>Bank account / IFSC</TableCell>
                  <TableCell align="right">Outstanding</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {vendors.data?.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell>{v.name}</TableCell>
                    <TableCell>{v.gstin}</TableCell>
                    <TableCell>{v.pan}</TableCell>
                    <TableCell>{v.bankAccount && `${v.bankAccount} / ${v.ifsc}`}</TableCell>
                    <TableCell align="right">{rupees(v.outstandingPaise)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Scroll>
        </QueryState>
        {canPropose() && <VendorForm />}
      </Section>
      {paying && <PayDialog bill={paying} onClose={() => setPaying(null)} />}
    </Box>
  );
}

function BillRow({ b, onPay }: { b: TBill; onPay: () => void }) {
  const decide = useDecideBill();
  const toast = useToast();
  const canDecide = (b.status === 'submitted' && isOfficer()) || (b.status === 'awaiting_principal' && isPrincipal());
  const act = async (decision: 'approve' | 'reject') => {
    try {
      const r = await decide.mutateAsync({ id: b.id, decision, note: '' });
      toast.success(`Bill ${b.billNo}: ${statusLabel(r.status)}`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <TableRow data-testid={`bill-${b.billNo}`}>
      <TableCell>{b.vendorName}</TableCell>
      <TableCell>
        {b.billNo} · {dmy(b.billDate)}
        <br />
        <small>{b.description}</small>
      </TableCell>
      <TableCell align="right">
        {rupees(b.amountPaise)} + {rupees(b.gstPaise)} − {rupees(b.tdsPaise)}
      </TableCell>
      <TableCell align="right">{rupees(b.payablePaise)}</TableCell>
      <TableCell align="right">
        {rupees(b.paidPaise)}
        {b.payments.map((p) => (
          <Box key={p.id}>
            <Button size="small" onClick={() => openFile(p.pdfUrl, `${p.label.replace(/\//g, '-')}.pdf`)}>
              {p.label}
            </Button>
          </Box>
        ))}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={statusLabel(b.status)}
          color={
            b.status === 'paid' ? 'success' : b.status === 'rejected' ? 'error' : b.status === 'approved' ? 'info' : 'warning'
          }
        />
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
        {b.status === 'approved' && canPropose() && (
          <Button size="small" variant="contained" onClick={onPay}>
            Pay
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function PayDialog({ bill, onClose }: { bill: TBill; onClose: () => void }) {
  const pay = usePayBill();
  const toast = useToast();
  const form = useForm<TBillPaymentInput>({
    resolver: zodResolver(ZBillPaymentInput),
    defaultValues: { mode: 'bank_transfer', reference: '', amountPaise: bill.payablePaise - bill.paidPaise },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const p = await pay.mutateAsync({ id: bill.id, ...values });
      toast.success(`Paid ${rupees(p.amountPaise)} · voucher ${p.label}`);
      onClose();
    } catch {
      /* shown below */
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pay-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="pay-title">
          Pay {bill.vendorName} · bill {bill.billNo}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Controller
            name="mode"
            control={form.control}
            render={({ field }) => (
              <TextField select label="Mode" size="small" {...field}>
                {(['bank_transfer', 'cheque', 'dd', 'upi', 'cash'] as const).map((m) => (
                  <MenuItem key={m} value={m}>
                    {modeLabel(m)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Reference (UTR / cheque number)"
            size="small"
            {...form.register('reference')}
            error={!!err.reference}
            helperText={err.reference?.message}
          />
          <Controller
            name="amountPaise"
            control={form.control}
            render={({ field }) => (
              <RupeeField
                label="Amount"
                size="small"
                value={Number(field.value) || 0}
                onChange={field.onChange}
                error={!!err.amountPaise}
                helperText={err.amountPaise?.message ?? `Balance ${rupees(bill.payablePaise - bill.paidPaise)}`}
              />
            )}
          />
          {pay.isError && <Alert severity="error">{pay.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={pay.isPending}>
            Pay and issue voucher
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function BillForm() {
  const vendors = useVendors();
  const add = useAddBill();
  const toast = useToast();
  const blank: TBillInput = {
    vendorId: '' as unknown as number,
    billNo: '',
    billDate: new Date().toISOString().slice(0, 10),
    description: '',
    amountPaise: 0,
    gstPaise: 0,
    tdsPaise: 0,
  };
  const form = useForm<TBillInput>({ resolver: zodResolver(ZBillInput), defaultValues: blank });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const b = await add.mutateAsync(values);
      toast.success(`Bill ${b.billNo} entered for approval`);
      form.reset(blank);
    } catch {
      /* shown below */
    }
  });
  const money = (name: 'amountPaise' | 'gstPaise' | 'tdsPaise', label: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <RupeeField
          label={label}
          size="small"
          value={Number(field.value) || 0}
          onChange={field.onChange}
          error={!!err[name]}
          helperText={err[name]?.message}
        />
      )}
    />
  );
  return (
    <Section title="Enter a bill">
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Enter a bill"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        <Controller
          name="vendorId"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label="Vendor"
              size="small"
              {...field}
              value={field.value ?? ''}
              error={!!err.vendorId}
              helperText={err.vendorId ? 'Choose the vendor' : ' '}
            >
              {vendors.data?.map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  {v.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Bill number"
          size="small"
          {...form.register('billNo')}
          error={!!err.billNo}
          helperText={err.billNo?.message ?? ' '}
        />
        <TextField
          label="Bill date"
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.register('billDate')}
          error={!!err.billDate}
          helperText={err.billDate?.message ?? ' '}
        />
        <TextField
          label="Description"
          size="small"
          {...form.register('description')}
          error={!!err.description}
          helperText={err.description?.message ?? ' '}
        />
        {money('amountPaise', 'Amount (before GST)')}
        {money('gstPaise', 'GST')}
        {money('tdsPaise', 'TDS deducted')}
        <Box sx={{ display: 'flex', alignItems: 'start', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            Enter bill
          </Button>
        </Box>
        {add.isError && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {add.error.message}
          </Alert>
        )}
      </Box>
    </Section>
  );
}

function VendorForm() {
  const add = useAddVendor();
  const toast = useToast();
  const blank: TVendorInput = { name: '', gstin: '', pan: '', bankAccount: '', ifsc: '', phone: '', address: '' };
  const form = useForm<TVendorInput>({ resolver: zodResolver(ZVendorInput), defaultValues: blank });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const v = await add.mutateAsync(values);
      toast.success(`Vendor ${v.name} added`);
      form.reset(blank);
    } catch {
      /* shown below */
    }
  });
  const field = (name: keyof TVendorInput, label: string) => (
    <TextField label={label} size="small" {...form.register(name)} error={!!err[name]} helperText={err[name]?.message ?? ' '} />
  );
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Add a vendor"
      sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {field('name', 'Vendor name')}
      {field('gstin', 'GSTIN')}
      {field('pan', 'PAN')}
      {field('bankAccount', 'Bank account number')}
      {field('ifsc', 'IFSC')}
      {field('phone', 'Phone')}
      {add.isError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {add.error.message}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" disabled={add.isPending}>
          Add vendor
        </Button>
      </Box>
    </Box>
  );
}
