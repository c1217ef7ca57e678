import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  academicYear,
  OUTPASS_KIND_LABELS,
  OUTPASS_KINDS,
  ZApplicationCreate,
  ZOutpassCreate,
  ZTransferRequestCreate,
  type TMyHostel,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import { downloadLetter, useApply, useBuildings, useCreateOutpass, useMyHostel, useRequestTransfer } from './api';
import { QueryState } from '../../components/QueryState';
import { dmy, rupees, stayText } from './format';
import { OutpassCard } from './OutpassesPage';

function ApplyForm({ gender }: { gender: string }) {
  const toast = useToast();
  const buildings = useBuildings();
  const apply = useApply();
  const form = useForm<z.input<typeof ZApplicationCreate>>({
    resolver: zodResolver(ZApplicationCreate),
    defaultValues: {
      academicYear: academicYear(),
      preferredBuildingId: null,
      preferredSharing: null,
      prefersAc: false,
      guardianName: '',
      guardianMobile: '',
      notes: '',
    },
  });
  const errors = form.formState.errors;
  const wanted = gender === 'FEMALE' ? 'GIRLS' : 'BOYS';
  const submit = form.handleSubmit(async (v) => {
    try {
      await apply.mutateAsync(v);
      toast.success('Application sent to the hostel office');
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        <TextField
          label="Academic year"
          {...form.register('academicYear')}
          error={!!errors.academicYear}
          helperText={errors.academicYear?.message}
        />
        <Controller
          control={form.control}
          name="preferredBuildingId"
          render={({ field }) => (
            <TextField
              select
              label="Preferred hostel"
              value={field.value ?? ''}
              onChange={(e) => field.onChange(Number(e.target.value) || null)}
            >
              <MenuItem value="">No preference</MenuItem>
              {(buildings.data ?? [])
                .filter((b) => b.kind === wanted)
                .map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.name}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="preferredSharing"
          render={({ field }) => (
            <TextField
              select
              label="Preferred sharing"
              value={field.value ?? ''}
              onChange={(e) => field.onChange(Number(e.target.value) || null)}
            >
              <MenuItem value="">Any</MenuItem>
              {[1, 2, 3, 4].map((n) => (
                <MenuItem key={n} value={n}>
                  {n}-sharing
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="prefersAc"
          render={({ field }) => (
            <FormControlLabel
              label="AC room"
              control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          )}
        />
        <TextField
          label="Parent / guardian name"
          {...form.register('guardianName')}
          error={!!errors.guardianName}
          helperText={errors.guardianName?.message}
        />
        <TextField
          label="Parent mobile"
          {...form.register('guardianMobile')}
          error={!!errors.guardianMobile}
          helperText={errors.guardianMobile?.message}
        />
        <TextField label="Anything the warden should know" {...form.register('notes')} multiline minRows={2} />
        <Button type="submit" variant="contained" disabled={apply.isPending} sx={{ alignSelf: 'start' }}>
          Apply
        </Button>
      </Stack>
    </form>
  );
}

function TransferRequestForm() {
  const toast = useToast();
  const send = useRequestTransfer();
  const form = useForm<z.input<typeof ZTransferRequestCreate>>({
    resolver: zodResolver(ZTransferRequestCreate),
    defaultValues: { reason: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await send.mutateAsync(v);
      toast.success('Transfer request sent');
      form.reset();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'start' }}>
        <TextField
          label="Why do you want to move?"
          {...form.register('reason')}
          error={!!errors.reason || !!errors.root}
          helperText={errors.reason?.message ?? errors.root?.message}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={send.isPending} sx={{ mt: { sm: 1 } }}>
          Request transfer
        </Button>
      </Stack>
    </form>
  );
}

function OutpassForm() {
  const toast = useToast();
  const send = useCreateOutpass();
  const form = useForm<z.input<typeof ZOutpassCreate>>({
    resolver: zodResolver(ZOutpassCreate),
    defaultValues: { kind: 'OUTING', purpose: '', destination: '', leaveAt: '', returnBy: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await send.mutateAsync(v);
      toast.success('Out-pass requested; the warden will approve it');
      form.reset();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const time = { inputLabel: { shrink: true } };
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <TextField select label="Kind" {...field} sx={{ minWidth: 150 }}>
                {OUTPASS_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {OUTPASS_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Purpose"
            {...form.register('purpose')}
            error={!!errors.purpose}
            helperText={errors.purpose?.message}
            sx={{ flex: 1 }}
          />
          <TextField label="Going to" {...form.register('destination')} sx={{ flex: 1 }} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Leaving at"
            type="datetime-local"
            {...form.register('leaveAt')}
            error={!!errors.leaveAt}
            helperText={errors.leaveAt?.message}
            slotProps={time}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Back by"
            type="datetime-local"
            {...form.register('returnBy')}
            error={!!errors.returnBy}
            helperText={errors.returnBy?.message}
            slotProps={time}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Button type="submit" variant="contained" disabled={send.isPending} sx={{ alignSelf: 'start' }}>
          Request out-pass
        </Button>
      </Stack>
    </form>
  );
}

function MyRoom({ data }: { data: TMyHostel }) {
  const toast = useToast();
  const a = data.allotment!;
  const pending = data.transferRequests.find((r) => r.status === 'PENDING');
  return (
    <Card sx={{ borderRadius: 3 }} data-testid="my-room">
      <CardContent>
        <Typography variant="h6" component="h2">
          {a.status === 'ACTIVE' ? 'My room' : a.status === 'CANCELLED' ? 'Allotment cancelled' : 'My last room'}
        </Typography>
        <Typography sx={{ fontSize: 20, fontWeight: 700 }}>
          {a.building}, Room {a.roomNo}, Bed {a.bedLabel}
        </Typography>
        <Typography color="text.secondary">
          {a.allotmentNo} · {a.academicYear} · {stayText(a)}
        </Typography>
        {a.status === 'CANCELLED' && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            The hostel office cancelled this allotment ({a.vacateNote}); nothing of it is charged, and anything you paid for it is
            held as credit by the accounts office.
          </Typography>
        )}
        <Typography sx={{ my: 1 }} data-testid="my-dues">
          Hostel dues: <b>{rupees(a.dues)}</b> (in your fee account; pay at the hostel office or the accounts counter)
        </Typography>
        {a.status === 'ACTIVE' && (
          <Button
            variant="outlined"
            onClick={() => downloadLetter(a.id, data.student.rollNo).catch((e: Error) => toast.error(e.message))}
            sx={{ mb: 2 }}
          >
            Allotment letter (PDF)
          </Button>
        )}
        {a.history.length > 1 && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2">Rooms I have held</Typography>
            {a.history.map((h, i) => (
              <Typography key={i} variant="body2">
                {h.building} {h.roomNo}-{h.bedLabel}: {dmy(h.fromDate)} to {h.toDate ? dmy(h.toDate) : 'now'}
              </Typography>
            ))}
          </Box>
        )}
        {a.status === 'ACTIVE' &&
          (pending ? (
            <Alert severity="info">
              Transfer requested on {dmy(pending.createdAt)}: “{pending.reason}”. The warden will decide.
            </Alert>
          ) : (
            <TransferRequestForm />
          ))}
        {data.transferRequests
          .filter((r) => r.status === 'REJECTED')
          .slice(0, 1)
          .map((r) => (
            <Typography key={r.id} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Last transfer request refused: {r.decisionNote}
            </Typography>
          ))}
      </CardContent>
    </Card>
  );
}

/** The student's hostel: apply, see the room and dues, ask for a transfer or an out-pass. */
export function StudentHostelPage() {
  const me = useMyHostel();
  const d = me.data;
  const active = d?.allotment?.status === 'ACTIVE';
  const pendingApp = d?.applications.find((a) => a.status === 'PENDING');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 2 }}>
        Hostel
      </Typography>
      <QueryState query={me} height={240}>
        {d && (
          <Stack spacing={2}>
            {d.allotment && <MyRoom data={d} />}
            {!active && (
              <Card sx={{ borderRadius: 3 }}>
                <CardContent>
                  <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                    Apply for a hostel room
                  </Typography>
                  {pendingApp ? (
                    <Alert severity="info">Your application for {pendingApp.academicYear} is with the hostel office.</Alert>
                  ) : (
                    <ApplyForm gender={d.student.gender} />
                  )}
                </CardContent>
              </Card>
            )}
            {active && (
              <Card sx={{ borderRadius: 3 }}>
                <CardContent>
                  <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                    Out-pass
                  </Typography>
                  <OutpassForm />
                </CardContent>
              </Card>
            )}
            {d.outpasses.length > 0 && (
              <Box>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  My out-passes
                </Typography>
                <Stack spacing={1}>
                  {d.outpasses.map((o) => (
                    <OutpassCard key={o.id} o={o} />
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
