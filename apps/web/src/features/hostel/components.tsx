import { useState, type ReactNode } from 'react';
import { useForm, useFieldArray, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { HOSTEL_KIND_LABELS, ZAllotmentCreate, ZHostelPayment, ZRoomTransfer, type THostelKind } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useAllot, useBuildings, useHostelMutation, useOccupancy } from './api';
import { rupees, todayIso } from './format';

/** Loading, failed (with retry) or the content. */
export function QueryState(props: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  children: ReactNode;
  height?: number;
}) {
  const { query } = props;
  if (query.isPending) return <Skeleton variant="rounded" height={props.height ?? 120} data-testid="loading" />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {query.error?.message || 'Could not load'}
      </Alert>
    );
  return <>{props.children}</>;
}

/** A building (of the student's gender when known) and one of its free beds. */
export function BedPicker(props: {
  gender?: string;
  value: number | '';
  onChange: (bedId: number | '') => void;
  error?: string;
  exceptBedId?: number;
}) {
  const buildings = useBuildings();
  const wanted = props.gender === 'FEMALE' ? 'GIRLS' : props.gender === 'MALE' ? 'BOYS' : undefined;
  const choices = (buildings.data ?? []).filter((b) => b.kind !== 'STAFF' && (!wanted || b.kind === wanted));
  const [buildingId, setBuildingId] = useState<number | ''>('');
  const board = useOccupancy({ buildingId: buildingId || undefined, status: 'free' }, buildingId !== '');
  const beds = (board.data?.rooms ?? []).flatMap((r) =>
    r.beds
      .filter((b) => b.status === 'free' && b.id !== props.exceptBedId)
      .map((b) => ({
        id: b.id,
        label: `${r.roomNo}-${b.label} · ${r.sharing}-sharing${r.ac ? ', AC' : ''} · ${rupees(r.yearlyFee)}/yr`,
      })),
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Hostel"
        value={buildingId}
        onChange={(e) => {
          setBuildingId(Number(e.target.value) || '');
          props.onChange('');
        }}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'pick-building' } }}
      >
        {choices.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name} ({HOSTEL_KIND_LABELS[b.kind as THostelKind]}, {b.free} free)
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Free bed"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value) || '')}
        disabled={!buildingId}
        error={!!props.error}
        helperText={props.error || (buildingId && board.isSuccess && beds.length === 0 ? 'No free beds in this hostel' : ' ')}
        sx={{ flex: 1, minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'pick-bed' } }}
      >
        {beds.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

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
      const r = await allot.mutateAsync(v as Record<string, unknown>);
      toast.success(r.message);
      props.onClose();
    } catch (e) {
      form.setError('root', { message: serverError(e) });
    }
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="allot-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="allot-title">Allot a bed</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={allot.isPending}>
            Allot
          </Button>
        </DialogActions>
      </form>
    </Dialog>
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
  const move = useHostelMutation((v) => `allotments/${v._id}/transfer`);
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
    <Dialog open={!!a} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="transfer-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="transfer-title">Room transfer{a ? `: ${a.name}` : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={move.isPending}>
            Transfer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
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
  const vacate = useHostelMutation<{ message: string }>((v) => `allotments/${v._id}/vacate`);
  const [needsOverride, setNeedsOverride] = useState(false);
  const form = useForm<VacateForm>({
    resolver: zodResolver(ZVacateForm),
    values: { date: todayIso(), damages: [], collected: 0, overrideReason: '', note: '' },
  });
  const damages = useFieldArray({ control: form.control, name: 'damages' });
  const a = props.allotment;
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
    <Dialog open={!!a} onClose={close} fullWidth maxWidth="sm" aria-labelledby="vacate-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="vacate-title">Vacate{a ? `: ${a.name}` : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {a && (
              <Typography>
                Dues before checkout: <b>{rupees(a.dues)}</b>
              </Typography>
            )}
            {errors.root && <Alert severity="warning">{errors.root.message}</Alert>}
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
              <Button
                size="small"
                onClick={() => damages.append({ description: '', rupees: '' as unknown as number })}
                sx={{ mt: 1 }}
              >
                Add damage
              </Button>
            </Box>
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={vacate.isPending}>
            {needsOverride ? 'Vacate with override' : 'Vacate'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const ZPaymentForm = ZHostelPayment.omit({ amount: true }).extend({
  rupees: z.coerce.number({ message: 'Enter the amount' }).positive('Enter the amount paid'),
});
type PaymentForm = z.input<typeof ZPaymentForm>;

export function PaymentDialog(props: { allotment: { id: number; name: string; dues: number } | null; onClose: () => void }) {
  const toast = useToast();
  const pay = useHostelMutation<{ message: string }>((v) => `allotments/${v._id}/payments`);
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
    <Dialog open={!!a} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="pay-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="pay-title">Hostel dues{a ? `: ${a.name}` : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {a && (
              <Typography>
                Due: <b>{rupees(a.dues)}</b>
              </Typography>
            )}
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pay.isPending}>
            Record
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
