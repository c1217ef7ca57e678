import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import {
  TDS_SECTIONS,
  ZBillInput,
  ZBillPaymentInput,
  ZVendorInput,
  type TBill,
  type TBillInput,
  type TBillPaymentInput,
  type TVendor,
  type TVendorInput,
} from '@erp/shared';
import { cappedQueryRows, DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { FormSelect } from '../../components/FormSelect';
import { useToast } from '../../components/feedback';
import { openFile, useAddBill, useAddVendor, useAttachInvoice, useBills, useDecideBill, usePayBill, useVendors } from './api';
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
    value: (b) => taxLine(b),
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
    render: (b) => (
      <>
        <StatusChip status={b.status} colours={{ approved: 'info' }} />
        {b.decidedBy && <small> by {b.decidedBy}</small>}
        {b.decisionNote && (
          <>
            <br />
            <small>“{b.decisionNote}”</small>
          </>
        )}
      </>
    ),
  },
];

/** "₹10,000 + CGST ₹900 + SGST ₹900 − TDS 194C (2%) ₹200" */
function taxLine(b: TBill) {
  const split = b.cgstPaise + b.sgstPaise + b.igstPaise > 0;
  const gst = split
    ? [b.cgstPaise && `CGST ${rupees(b.cgstPaise)}`, b.sgstPaise && `SGST ${rupees(b.sgstPaise)}`, b.igstPaise && `IGST ${rupees(b.igstPaise)}`]
    : [b.gstPaise && `GST ${rupees(b.gstPaise)}`];
  const tds = b.tdsPaise ? ` − TDS ${b.tdsSection}${b.tdsRatePercent ? ` (${b.tdsRatePercent}%)` : ''} ${rupees(b.tdsPaise)}` : '';
  return [rupees(b.amountPaise), ...gst.filter(Boolean)].join(' + ') + tds;
}

const invoiceButton = (b: TBill) =>
  b.invoiceUrl && (
    <Button size="small" onClick={() => openFile(b.invoiceUrl, `invoice-${b.billNo}`)}>
      View invoice
    </Button>
  );

/** What the approver reads before deciding: the amounts, the tax breakdown and the vendor's invoice. */
function BillDetails({ bill }: { bill: TBill }) {
  return (
    <Box aria-label="Bill details">
      <Typography variant="body2">
        {bill.vendorName} · bill {bill.billNo} of {dmy(bill.billDate)}: {bill.description}
      </Typography>
      <Typography variant="body2">{taxLine(bill)}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Payable {rupees(bill.payablePaise)}
      </Typography>
      <Typography variant="body2">Entered by {bill.createdBy}</Typography>
      {invoiceButton(bill) || <Alert severity="warning">No invoice attached</Alert>}
    </Box>
  );
}

/** Attach (or replace) the invoice of a bill not yet decided. */
function AttachInvoice({ bill }: { bill: TBill }) {
  const attach = useAttachInvoice();
  const toast = useToast();
  return (
    <Button size="small" component="label" disabled={attach.isPending}>
      {bill.invoiceUrl ? 'Replace invoice' : 'Attach invoice'}
      <input
        hidden
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        onChange={async (e) => {
          const invoice = e.target.files?.[0];
          e.target.value = '';
          if (!invoice) return;
          try {
            await attach.mutateAsync({ id: bill.id, invoice });
            toast.success(`Invoice attached to bill ${bill.billNo}`);
          } catch (err) {
            toast.error((err as Error).message);
          }
        }}
      />
    </Button>
  );
}

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
          {...cappedQueryRows(bills)}
          rowKey={(b) => b.id}
          rowTestId={(b) => `bill-${b.billNo}`}
          emptyText="No bills with this status."
          search
          searchPlaceholder="Vendor, bill number, description"
          exportName="vendor-bills"
          actions={(b) => (
            <>
              {invoiceButton(b)}
              {b.status === 'submitted' && canPropose() && <AttachInvoice bill={b} />}
              {mayDecide(b) && (
                <DecisionButtons
                  id={b.id}
                  subject={`bill ${b.billNo}`}
                  details={<BillDetails bill={b} />}
                  useDecide={useDecideBill}
                  done={(s) => `Bill ${b.billNo}: ${statusLabel(s)}`}
                />
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
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    tdsSection: '',
    tdsRatePercent: 0,
    tdsPaise: 0,
  };
  const form = useForm<TBillInput>({ resolver: zodResolver(ZBillInput), defaultValues: blank });
  const [invoice, setInvoice] = useState<File | null>(null);
  const [invoiceKey, setInvoiceKey] = useState(0);
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const b = await add.mutateAsync({ ...values, invoice });
      toast.success(`Bill ${b.billNo} entered for approval`);
      form.reset(blank);
      setInvoice(null);
      setInvoiceKey((k) => k + 1);
    } catch {
      /* shown below */
    }
  });
  const money = (name: 'amountPaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'tdsPaise', label: string) => (
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
        {money('cgstPaise', 'CGST (same state)')}
        {money('sgstPaise', 'SGST (same state)')}
        {money('igstPaise', 'IGST (other state)')}
        <FormSelect
          control={form.control}
          name="tdsSection"
          label="TDS section"
          helperText={err.tdsSection?.message ?? ' '}
          options={[
            { value: '', label: 'No TDS' },
            ...Object.entries(TDS_SECTIONS).map(([code, what]) => ({ value: code, label: `${code} · ${what}` })),
          ]}
        />
        <TextField
          label="TDS rate (%)"
          size="small"
          type="number"
          slotProps={{ htmlInput: { min: 0, max: 30, step: 0.01 } }}
          {...form.register('tdsRatePercent')}
          error={!!err.tdsRatePercent}
          helperText={err.tdsRatePercent?.message ?? ' '}
        />
        {money('tdsPaise', 'TDS deducted')}
        <TextField
          key={invoiceKey}
          label="Vendor’s invoice (PDF, JPG or PNG)"
          size="small"
          type="file"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'application/pdf,image/jpeg,image/png' } }}
          onChange={(e) => setInvoice((e.target as HTMLInputElement).files?.[0] ?? null)}
          helperText=" "
        />
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
