import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import {
  ZBillInput,
  ZBillPaymentInput,
  ZVendorInput,
  type TBill,
  type TBillInput,
  type TBillPaymentInput,
  type TVendor,
  type TVendorInput,
} from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { FormSelect } from '../../components/FormSelect';
import { useToast } from '../../components/feedback';
import { openFile, useAddBill, useAddVendor, useBills, useDecideBill, usePayBill, useVendors } from './api';
import { dmy, modeLabel, rupees, statusLabel } from './format';
import { AccountsHeader } from './AccountsHeader';
import { DecisionButtons } from './DecisionButtons';
import { RupeeField } from './RupeeField';
import { Section, StatusSection } from './Section';
import { StatusChip } from './StatusChip';
import { canPropose, isOfficer, isPrincipal } from './roles';

const STATUSES = ['submitted', 'awaiting_principal', 'approved', 'paid', 'rejected', ''] as const;

const BILL_COLUMNS: Array<DataColumn<TBill>> = [
  { key: 'vendorName', header: 'Vendor' },
  {
    key: 'bill',
    header: 'Bill',
    value: (b) => `${b.billNo} · ${dmy(b.billDate)} ${b.description}`,
    render: (b) => (
      <>
        {b.billNo} · {dmy(b.billDate)}
        <br />
        <small>{b.description}</small>
      </>
    ),
  },
  {
    key: 'amounts',
    header: 'Amount + GST − TDS',
    align: 'right',
    hideBelow: 'md',
    value: (b) => `${rupees(b.amountPaise)} + ${rupees(b.gstPaise)} − ${rupees(b.tdsPaise)}`,
  },
  {
    key: 'payable',
    header: 'Payable',
    align: 'right',
    nowrap: true,
    value: (b) => b.payablePaise / 100,
    render: (b) => rupees(b.payablePaise),
  },
  {
    key: 'paid',
    header: 'Paid',
    align: 'right',
    value: (b) => b.paidPaise / 100,
    render: (b) => (
      <>
        {rupees(b.paidPaise)}
        {b.payments.map((p) => (
          <Box key={p.id}>
            <Button size="small" onClick={() => openFile(p.pdfUrl, `${p.label.replace(/\//g, '-')}.pdf`)}>
              {p.label}
            </Button>
          </Box>
        ))}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    value: (b) => statusLabel(b.status),
    render: (b) => <StatusChip status={b.status} colours={{ approved: 'info' }} />,
  },
];

const VENDOR_COLUMNS: Array<DataColumn<TVendor>> = [
  { key: 'name', header: 'Name' },
  { key: 'gstin', header: 'GSTIN' },
  { key: 'pan', header: 'PAN', hideBelow: 'md' },
  {
    key: 'bank',
    header: 'Bank account / IFSC',
    hideBelow: 'md',
    value: (v) => (v.bankAccount ? `${v.bankAccount} / ${v.ifsc}` : ''),
  },
  {
    key: 'outstanding',
    header: 'Outstanding',
    align: 'right',
    value: (v) => v.outstandingPaise / 100,
    render: (v) => rupees(v.outstandingPaise),
  },
];

const mayDecide = (b: TBill) => (b.status === 'submitted' && isOfficer()) || (b.status === 'awaiting_principal' && isPrincipal());

/** Vendor Payment: vendors (GSTIN checked), bills through approval, payments with vouchers. */
export function VendorsPage() {
  const [status, setStatus] = useState<string>(isPrincipal() && !isOfficer() ? 'awaiting_principal' : '');
  const bills = useBills(status);
  const vendors = useVendors();
  const [paying, setPaying] = useState<TBill | null>(null);
  return (
    <Box>
      <AccountsHeader title="Vendor Payment" />
      <StatusSection title="Bills" filterLabel="Bill status" statuses={STATUSES} status={status} onStatus={setStatus}>
        <DataTable
          label="Bills"
          columns={BILL_COLUMNS}
          {...queryRows(bills)}
          rowKey={(b) => b.id}
          rowTestId={(b) => `bill-${b.billNo}`}
          emptyText="No bills with this status."
          search
          searchPlaceholder="Vendor, bill number, description"
          exportName="vendor-bills"
          actions={(b) => (
            <>
              {mayDecide(b) && (
                <DecisionButtons id={b.id} useDecide={useDecideBill} done={(s) => `Bill ${b.billNo}: ${statusLabel(s)}`} />
              )}
              {b.status === 'approved' && canPropose() && (
                <Button size="small" variant="contained" onClick={() => setPaying(b)}>
                  Pay
                </Button>
              )}
            </>
          )}
        />
      </StatusSection>
      {canPropose() && <BillForm />}
      <Section title="Vendors">
        <DataTable
          label="Vendors"
          columns={VENDOR_COLUMNS}
          {...queryRows(vendors)}
          rowKey={(v) => v.id}
          emptyText="No vendors yet."
          search
          searchPlaceholder="Name, GSTIN, PAN"
          exportName="vendors"
        />
        {canPropose() && <VendorForm />}
      </Section>
      {paying && <PayDialog bill={paying} onClose={() => setPaying(null)} />}
    </Box>
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
          <FormSelect
            control={form.control}
            name="mode"
            label="Mode"
            helperText=""
            options={(['bank_transfer', 'cheque', 'dd', 'upi', 'cash'] as const).map((m) => ({ value: m, label: modeLabel(m) }))}
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
        <FormSelect
          control={form.control}
          name="vendorId"
          label="Vendor"
          required
          message="Choose the vendor"
          options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
        />
        <TextField
          label="Bill number"
          required
          size="small"
          {...form.register('billNo')}
          error={!!err.billNo}
          helperText={err.billNo?.message ?? ' '}
        />
        <TextField
          label="Bill date"
          required
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          {...form.register('billDate')}
          error={!!err.billDate}
          helperText={err.billDate?.message ?? ' '}
        />
        <TextField
          label="Description"
          required
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
