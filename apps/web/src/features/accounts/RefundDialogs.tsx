import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import {
  REFUND_MODES,
  ZRefundInput,
  ZRefundPay,
  type TExcessCredit,
  type TRefund,
  type TRefundInput,
  type TRefundPay,
} from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { FormSelect } from '../../components/FormSelect';
import { useToast } from '../../components/feedback';
import { usePayRefund, useProposeRefund } from './api';
import { modeLabel, rupees, todayIst } from './format';
import { RupeeField } from './RupeeField';

/** Proposes refunding an excess credit (all that is open unless changed), for the accounts officer to decide. */
export function ProposeRefundDialog({ credit, onClose }: { credit: TExcessCredit; onClose: () => void }) {
  const propose = useProposeRefund();
  const toast = useToast();
  const form = useForm<TRefundInput>({
    resolver: zodResolver(ZRefundInput),
    defaultValues: { excessId: credit.id, amountPaise: credit.excessPaise, reason: '' },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const r = await propose.mutateAsync(values);
      toast.success(`Refund of ${rupees(r.amountPaise)} to ${r.studentName} proposed; it waits for the accounts officer`);
      onClose();
    } catch {
      /* shown in the dialog */
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="propose-refund-title"
      title={`Refund ${credit.studentName} (${credit.rollNo})`}
      intro={
        <Typography variant="body2">
          {rupees(credit.excessPaise)} of receipt {credit.receiptLabel} is held for the student. The amount proposed is set aside
          at once; the accounts officer approves or rejects it.
        </Typography>
      }
      onSubmit={submit}
      error={propose.error?.message}
      submitLabel="Propose refund"
      busy={propose.isPending}
      maxWidth="xs"
    >
      <Controller
        name="amountPaise"
        control={form.control}
        render={({ field }) => (
          <RupeeField
            label="Amount"
            size="small"
            required
            value={Number(field.value) || 0}
            onChange={field.onChange}
            error={!!err.amountPaise}
            helperText={err.amountPaise?.message ?? `At most ${rupees(credit.excessPaise)}`}
          />
        )}
      />
      <TextField
        label="Reason"
        size="small"
        required
        multiline
        minRows={2}
        {...form.register('reason')}
        error={!!err.reason}
        helperText={err.reason?.message ?? 'e.g. the fee was paid both at the counter and online'}
      />
    </FormDialog>
  );
}

/** Pays an approved refund: the mode, its reference (not for cash) and the day the money went out. */
export function PayRefundDialog({ refund, onClose }: { refund: TRefund; onClose: () => void }) {
  const pay = usePayRefund();
  const toast = useToast();
  const form = useForm<TRefundPay>({
    resolver: zodResolver(ZRefundPay),
    defaultValues: { mode: 'bank_transfer', reference: '', date: todayIst() },
  });
  const err = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const r = await pay.mutateAsync({ id: refund.id, ...values });
      toast.success(`Refunded ${rupees(r.amountPaise)} to ${r.studentName} · voucher ${r.voucherLabel}`);
      onClose();
    } catch {
      /* shown in the dialog */
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      titleId="pay-refund-title"
      title={`Pay ${rupees(refund.amountPaise)} to ${refund.studentName}`}
      intro={
        <Typography variant="body2">
          Approved by {refund.decidedBy}: {refund.decisionNote}
        </Typography>
      }
      onSubmit={submit}
      error={pay.error?.message}
      submitLabel="Pay and issue voucher"
      busy={pay.isPending}
      spinner
      maxWidth="xs"
    >
      <FormSelect
        control={form.control}
        name="mode"
        label="Mode"
        helperText=""
        options={REFUND_MODES.map((m) => ({ value: m, label: modeLabel(m) }))}
      />
      <TextField
        label="Reference (UTR / cheque / UPI number)"
        size="small"
        {...form.register('reference')}
        error={!!err.reference}
        helperText={err.reference?.message ?? 'Not needed for cash'}
      />
      <TextField
        label="Paid on"
        type="date"
        size="small"
        required
        {...form.register('date')}
        error={!!err.date}
        helperText={err.date?.message}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIst() } }}
      />
    </FormDialog>
  );
}
