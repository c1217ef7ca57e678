import { useState } from 'react';
import { useForm, useFieldArray, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { ZAllotmentCreate, ZHostelPayment, ZRoomTransfer } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useAllot, useRecordPayment, useTransfer, useVacate } from './api';
import { BedPicker } from './BedPicker';
import { LeavingPreview } from './LeavingPreview';
import { rupees, todayIso } from './format';
import { FormDialog } from '../../components/FormDialog';

const serverError = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : 'Something went wrong');

type AllotForm = z.input<typeof ZAllotmentCreate>;

/** Allot a bed: to a named student (from an application) or a roll number typed in. */
export function AllotDialog(props: {
  open: boolean;
  onClose: () => void;
  rollNo?: string;
  gender?: string;
  applicationId?: number;
  bedId?: number;
  bedText?: string;
}) {
  const toast = useToast();
  const allot = useAllot();
  const form = useForm<AllotForm>({
    resolver: zodResolver(ZAllotmentCreate),
    values: {
      rollNo: props.rollNo ?? '',
      bedId: (props.bedId ?? '') as number,
      applicationId: props.applicationId,
      fromDate: todayIso(),
    },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await allot.mutateAsync(v);
      toast.success(r.message);
      props.onClose();
    } catch (e) {
      form.setError('root', { message: serverError(e) });
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="allot-title"
      title="Allot a bed"
      onSubmit={submit}
      error={errors.root?.message}
      submitLabel="Allot"
      busy={allot.isPending}
    >
      <TextField
        label="Roll number"
        {...form.register('rollNo')}
        disabled={!!props.rollNo}
        error={!!errors.rollNo}
        helperText={errors.rollNo?.message}
        autoFocus={!props.rollNo}
      />
      {props.bedId ? (
        <Typography>
          Bed: <b>{props.bedText}</b>
        </Typography>
      ) : (
        <Controller
          control={form.control}
          name="bedId"
          render={({ field }) => (
            <BedPicker
              gender={props.gender}
              applicationId={props.applicationId}
              value={(field.value as number) || ''}
              onChange={field.onChange}
              error={errors.bedId?.message}
            />
          )}
        />
      )}
      <TextField
        label="From"
        type="date"
        {...form.register('fromDate')}
        error={!!errors.fromDate}
        helperText={errors.fromDate?.message}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}

type TransferForm = z.input<typeof ZRoomTransfer>;

export function TransferDialog(props: {
  allotment: { id: number; name: string; gender: string; bedId: number } | null;
  requestId?: number;
  reason?: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const move = useTransfer();
  const form = useForm<TransferForm>({
    resolver: zodResolver(ZRoomTransfer),
    values: { bedId: '' as unknown as number, reason: props.reason ?? '', requestId: props.requestId },
  });
  const a = props.allotment;
  const submit = form.handleSubmit(async (v) => {
    try {
      await move.mutateAsync({ ...v, _id: a!.id });
      toast.success(`${a!.name} moved`);
      props.onClose();
    } catch (e) {
      form.setError('root', { message: serverError(e) });
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={!!a}
      onClose={props.onClose}
      titleId="transfer-title"
      title={a ? `Room transfer: ${a.name}` : 'Room transfer'}
      onSubmit={submit}
      error={errors.root?.message}
      submitLabel="Transfer"
      busy={move.isPending}
    >
      <Controller
        control={form.control}
        name="bedId"
        render={({ field }) => (
          <BedPicker
            gender={a?.gender}
            exceptBedId={a?.bedId}
            value={(field.value as number) || ''}
            onChange={field.onChange}
            error={errors.bedId?.message}
          />
        )}
      />
      <TextField
        label="Reason"
        {...form.register('reason')}
        error={!!errors.reason}
        helperText={errors.reason?.message}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}

/** Checkout form: rupees typed, paise sent. */
const ZVacateForm = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the vacate date'),
  damages: z
    .array(
      z.object({
        description: z.string().trim().min(2, 'Describe the damage').max(200),
        rupees: z.coerce.number({ message: 'Enter the amount' }).positive('More than zero'),
      }),
    )
    .max(20),
  collected: z.coerce.number({ message: 'Enter the amount' }).min(0, 'Cannot be negative'),
  overrideReason: z.string().trim().max(300),
  note: z.string().trim().max(300),
});
type VacateForm = z.input<typeof ZVacateForm>;

export function VacateDialog(props: { allotment: { id: number; name: string; dues: number } | null; onClose: () => void }) {
  const toast = useToast();
  const vacate = useVacate();
  const [needsOverride, setNeedsOverride] = useState(false);
  const form = useForm<VacateForm>({
    resolver: zodResolver(ZVacateForm),
    values: { date: todayIso(), damages: [], collected: 0, overrideReason: '', note: '' },
  });
  const damages = useFieldArray({ control: form.control, name: 'damages' });
  const a = props.allotment;
  const date = form.watch('date');
  // The damages typed so far, in paise, for the preview (a half-typed amount counts as nothing).
  const damagesPaise = (form.watch('damages') ?? []).reduce((n, d) => {
    const r = Number(d.rupees);
    return n + (Number.isFinite(r) && r > 0 ? Math.round(r * 100) : 0);
  }, 0);
  const close = () => {
    setNeedsOverride(false);
    props.onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    const body = v as z.output<typeof ZVacateForm>;
    try {
      const r = await vacate.mutateAsync({
        _id: a!.id,
        date: body.date,
        damages: body.damages.map((d) => ({ description: d.description, amount: Math.round(d.rupees * 100) })),
        collected: Math.round(body.collected * 100),
        overrideReason: body.overrideReason,
        note: body.note,
      });
      toast.success(r.message);
      close();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && (e.body as { dues?: number })?.dues) setNeedsOverride(true);
      form.setError('root', { message: serverError(e) });
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={!!a}
      onClose={close}
      titleId="vacate-title"
      title={a ? `Vacate: ${a.name}` : 'Vacate'}
      onSubmit={submit}
      error={errors.root?.message}
      errorSeverity="warning"
      intro={
        a && (
          <Typography>
            Dues before checkout: <b>{rupees(a.dues)}</b>
          </Typography>
        )
      }
      submitLabel={needsOverride ? 'Vacate with override' : 'Vacate'}
      submitColor="warning"
      busy={vacate.isPending}
    >
      <TextField
        label="Vacate date"
        type="date"
        {...form.register('date')}
        error={!!errors.date}
        helperText={errors.date?.message}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box>
        <Typography variant="subtitle2">Damages found at checkout</Typography>
        {damages.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ mt: 1 }}>
            <TextField
              label="Item"
              size="small"
              {...form.register(`damages.${i}.description`)}
              error={!!errors.damages?.[i]?.description}
              helperText={errors.damages?.[i]?.description?.message}
              sx={{ flex: 2 }}
            />
            <TextField
              label="₹"
              size="small"
              type="number"
              {...form.register(`damages.${i}.rupees`)}
              error={!!errors.damages?.[i]?.rupees}
              helperText={errors.damages?.[i]?.rupees?.message}
              sx={{ flex: 1 }}
            />
            <IconButton aria-label="Remove damage" onClick={() => damages.remove(i)}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Button size="small" onClick={() => damages.append({ description: '', rupees: '' as unknown as number })} sx={{ mt: 1 }}>
          Add damage
        </Button>
      </Box>
      <LeavingPreview id={a?.id ?? null} date={date} damages={damagesPaise} />
      <TextField
        label="Collected now (₹)"
        type="number"
        {...form.register('collected')}
        error={!!errors.collected}
        helperText={errors.collected?.message ?? 'Paid at the counter during checkout'}
      />
      {needsOverride && (
        <TextField
          label="Override reason (vacate with dues)"
          {...form.register('overrideReason')}
          autoFocus
          helperText="The incharge's reason for letting the student go with dues unpaid"
        />
      )}
      <TextField label="Note" {...form.register('note')} />
    </FormDialog>
  );
}

const ZPaymentForm = ZHostelPayment.omit({ amount: true }).extend({
  rupees: z.coerce.number({ message: 'Enter the amount' }).positive('Enter the amount paid'),
});
type PaymentForm = z.input<typeof ZPaymentForm>;

export function PaymentDialog(props: { allotment: { id: number; name: string; dues: number } | null; onClose: () => void }) {
  const toast = useToast();
  const pay = useRecordPayment();
  const form = useForm<PaymentForm>({
    resolver: zodResolver(ZPaymentForm),
    values: { rupees: '' as unknown as number, kind: 'PAYMENT', mode: 'Cash', reference: '', paidOn: todayIso() },
  });
  const a = props.allotment;
  const submit = form.handleSubmit(async (v) => {
    const { rupees: r, ...rest } = v as z.output<typeof ZPaymentForm>;
    try {
      const res = await pay.mutateAsync({ ...rest, amount: Math.round(r * 100), _id: a!.id });
      toast.success(res.message);
      props.onClose();
    } catch (e) {
      form.setError('root', { message: serverError(e) });
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={!!a}
      onClose={props.onClose}
      maxWidth="xs"
      titleId="pay-title"
      title={a ? `Hostel dues: ${a.name}` : 'Hostel dues'}
      onSubmit={submit}
      error={errors.root?.message}
      intro={
        a && (
          <Typography>
            Due: <b>{rupees(a.dues)}</b>
          </Typography>
        )
      }
      submitLabel="Record"
      busy={pay.isPending}
    >
      <TextField
        label="Amount (₹)"
        type="number"
        {...form.register('rupees')}
        error={!!errors.rupees}
        helperText={errors.rupees?.message}
      />
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <TextField select label="Kind" {...field}>
            <MenuItem value="PAYMENT">Payment</MenuItem>
            <MenuItem value="WAIVER">Waiver</MenuItem>
          </TextField>
        )}
      />
      <TextField label="Mode" {...form.register('mode')} />
      <TextField label="Reference (UTR, cheque no.)" {...form.register('reference')} />
    </FormDialog>
  );
}
