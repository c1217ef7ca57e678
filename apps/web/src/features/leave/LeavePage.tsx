import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { displayDate, ROLES, ZLeaveApply, type TLeaveApplication, type TLeaveApplyInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { getSessionUser } from '../../lib/session';
import {
  useApplications,
  useApply,
  useBackupDecision,
  useBalances,
  useDecision,
  useLeaveCalendar,
  useLeaveTypes,
  useMissedClasses,
  useReplaceBackup,
} from './api';

const STATUS: Record<string, { label: string; color: 'default' | 'info' | 'warning' | 'success' | 'error' }> = {
  pending_backup: { label: 'Waiting for backups', color: 'info' },
  pending_approval: { label: 'Waiting for approval', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  pending: { label: 'Asked', color: 'info' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  replaced: { label: 'Replaced', color: 'default' },
};
const dates = (a: { fromDate: string; toDate: string; halfDay: boolean }) =>
  a.fromDate === a.toDate
    ? `${displayDate(a.fromDate)}${a.halfDay ? ' (half day)' : ''}`
    : `${displayDate(a.fromDate)} to ${displayDate(a.toDate)}`;

function ApplyForm() {
  const types = useLeaveTypes();
  const apply = useApply();
  const toast = useToast();
  const form = useForm<TLeaveApplyInput>({
    resolver: zodResolver(ZLeaveApply) as never,
    defaultValues: { leaveTypeId: 0, fromDate: '', toDate: '', halfDay: false, reason: '', backups: [] },
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const [from, to] = [watch('fromDate'), watch('toDate')];
  const missed = useMissedClasses(from, to);
  const backups = watch('backups') ?? [];
  const choose = (date: string, period: number, id: number) =>
    setValue('backups', [
      ...backups.filter((b) => !(b.date === date && b.period === period)),
      { date, period, backupFacultyId: id },
    ]);
  const submit = handleSubmit((v) =>
    apply.mutate(v, {
      onSuccess: (r) => {
        toast.success(r.message);
        form.reset();
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const err = formState.errors;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 640 }}>
      <Stack spacing={2}>
        <TextField
          select
          label="Leave type"
          {...register('leaveTypeId', { valueAsNumber: true })}
          defaultValue={0}
          error={Boolean(err.leaveTypeId)}
          helperText={err.leaveTypeId?.message}
        >
          <MenuItem value={0} disabled>
            Choose
          </MenuItem>
          {(types.data ?? [])
            .filter((t) => !t.retired)
            .map((t) => (
              <MenuItem key={t.id} value={t.id}>{`${t.code} · ${t.name}`}</MenuItem>
            ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label="From"
            {...register('fromDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(err.fromDate)}
            helperText={err.fromDate?.message}
            fullWidth
          />
          <TextField
            type="date"
            label="To"
            {...register('toDate')}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(err.toDate)}
            helperText={err.toDate?.message}
            fullWidth
          />
        </Stack>
        <FormControlLabel control={<Checkbox {...register('halfDay')} />} label="Half day" />
        {err.halfDay && <Alert severity="error">{err.halfDay.message}</Alert>}
        <TextField
          label="Reason"
          multiline
          minRows={2}
          {...register('reason')}
          error={Boolean(err.reason)}
          helperText={err.reason?.message}
        />
        {missed.data && missed.data.length > 0 && (
          <Box>
            <Typography fontWeight={700} sx={{ mb: 1 }}>
              Classes you would miss: name a backup for each
            </Typography>
            <Stack spacing={1}>
              {missed.data.map((m) => (
                <TextField
                  key={`${m.date}:${m.period}`}
                  select
                  size="small"
                  label={`${displayDate(m.date)} P${m.period} · ${m.sectionLabel} ${m.subjectCode}`}
                  value={backups.find((b) => b.date === m.date && b.period === m.period)?.backupFacultyId ?? ''}
                  onChange={(e) => choose(m.date, m.period, Number(e.target.value))}
                >
                  {m.candidates.map((c) => (
                    <MenuItem key={c.facultyId} value={c.facultyId}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
          </Box>
        )}
        {missed.data && missed.data.length === 0 && from && to && (
          <Alert severity="info">No classes on those days: no backup is needed.</Alert>
        )}
        <Button type="submit" variant="contained" disabled={apply.isPending}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </Stack>
    </Box>
  );
}

function AppCard({ a, actions }: { a: TLeaveApplication; actions?: React.ReactNode }) {
  const s = STATUS[a.status] ?? { label: a.status, color: 'default' as const };
  return (
    <Card variant="outlined" data-testid={`leave-${a.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            fontWeight={700}
            sx={{ flex: 1, minWidth: 200 }}
          >{`${a.facultyName} · ${a.leaveType} · ${dates(a)}`}</Typography>
          <Chip size="small" color={s.color} label={s.label} />
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
        >{`${a.days} day(s) · ${a.reason}${a.decisionNote ? ` · Note: ${a.decisionNote}` : ''}`}</Typography>
        {a.backups.length > 0 && (
          <Box sx={{ mt: 1 }}>
            {a.backups.map((b) => (
              <Typography
                key={b.id}
                variant="body2"
              >{`${displayDate(b.date)} P${b.period} ${b.sectionLabel} ${b.subjectCode}: ${b.backupName} (${STATUS[b.status]?.label ?? b.status})`}</Typography>
            ))}
          </Box>
        )}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function ListView({ view }: { view: 'mine' | 'backup' | 'approvals' | 'department' }) {
  const q = useApplications(view);
  const backup = useBackupDecision();
  const decision = useDecision();
  const replace = useReplaceBackup();
  const missedFor = (a: TLeaveApplication) => a.backups.filter((b) => b.status === 'declined');
  const toast = useToast();
  const done = { onSuccess: () => toast.success('Saved'), onError: (e: Error) => toast.error(e.message) };
  if (q.isLoading) return <CircularProgress />;
  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>
        {q.error.message}
      </Alert>
    );
  if (!q.data?.length) return <Alert severity="info">Nothing here.</Alert>;
  return (
    <Stack spacing={1}>
      {q.data.map((a) => (
        <AppCard
          key={a.id}
          a={a}
          actions={
            view === 'backup' && a.status === 'pending_backup' && a.backups.some((b) => b.status === 'pending') ? (
              <>
                <Button variant="contained" size="small" onClick={() => backup.mutate({ id: a.id, accept: true }, done)}>
                  Accept as backup
                </Button>
                <Button size="small" color="error" onClick={() => backup.mutate({ id: a.id, accept: false }, done)}>
                  Decline
                </Button>
              </>
            ) : view === 'approvals' ? (
              <>
                <Button variant="contained" size="small" onClick={() => decision.mutate({ id: a.id, approve: true }, done)}>
                  Approve
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => decision.mutate({ id: a.id, approve: false, note: 'Rejected' }, done)}
                >
                  Reject
                </Button>
              </>
            ) : view === 'mine' && missedFor(a).length > 0 ? (
              <ReplaceBackup
                a={a}
                onPick={(backupId, backupFacultyId) => replace.mutate({ id: a.id, backupId, backupFacultyId }, done)}
              />
            ) : undefined
          }
        />
      ))}
    </Stack>
  );
}

function ReplaceBackup({ a, onPick }: { a: TLeaveApplication; onPick: (backupId: number, facultyId: number) => void }) {
  const declined = a.backups.find((b) => b.status === 'declined')!;
  const missed = useMissedClasses(declined.date, declined.date);
  const slot = missed.data?.find((m) => m.period === declined.period);
  return (
    <TextField
      select
      size="small"
      label={`Another backup for ${displayDate(declined.date)} P${declined.period}`}
      value=""
      onChange={(e) => onPick(declined.id, Number(e.target.value))}
      sx={{ minWidth: 260 }}
    >
      {(slot?.candidates ?? [])
        .filter((c) => c.facultyId !== declined.backupFacultyId)
        .map((c) => (
          <MenuItem key={c.facultyId} value={c.facultyId}>
            {c.name}
          </MenuItem>
        ))}
    </TextField>
  );
}

function Balances() {
  const q = useBalances();
  if (q.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>
        {q.error.message}
      </Alert>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }} data-testid="balances">
      {(q.data ?? []).map((b) => (
        <Chip
          key={`${b.facultyId}:${b.leaveTypeId}`}
          label={`${b.code}: ${b.available} of ${b.opening} left`}
          variant="outlined"
        />
      ))}
    </Stack>
  );
}

function Calendar() {
  const now = new Date();
  const [month, setMonth] = useState(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`);
  const q = useLeaveCalendar(month);
  return (
    <Box>
      <TextField
        type="month"
        size="small"
        label="Month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      />
      {q.isError && (
        <Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>
          {q.error.message}
        </Alert>
      )}
      {q.data?.length === 0 && <Alert severity="info">Nobody is on leave this month.</Alert>}
      <Stack spacing={0.5}>
        {(q.data ?? []).map((r, i) => (
          <Typography
            key={i}
          >{`${dates(r)} · ${r.facultyName} (${r.department}) · ${r.leaveType} · ${STATUS[r.status]?.label ?? r.status}`}</Typography>
        ))}
      </Stack>
    </Box>
  );
}

/** Faculty: apply, my leave, backup requests; HoD and principal: approvals; everyone: who is away. */
export function LeavePage() {
  const user = getSessionUser();
  const roles = user?.roles ?? [];
  const teaches = roles.includes(ROLES.FACULTY) || roles.includes(ROLES.HOD);
  const approves = roles.includes(ROLES.HOD) || roles.includes(ROLES.PRINCIPAL);
  const tabs = [
    ...(teaches
      ? [
          ['apply', 'Apply'],
          ['mine', 'My leave'],
          ['backup', 'Backup requests'],
        ]
      : []),
    ...(approves ? [['approvals', 'Approvals']] : []),
    ['calendar', 'Who is away'],
  ] as Array<[string, string]>;
  const [tab, setTab] = useState(tabs[0][0]);
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 1 }}>
        Leave
      </Typography>
      {teaches && <Balances />}
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {tabs.map(([k, label]) => (
          <Tab key={k} value={k} label={label} />
        ))}
      </Tabs>
      {tab === 'apply' && <ApplyForm />}
      {(tab === 'mine' || tab === 'backup' || tab === 'approvals') && <ListView view={tab} />}
      {tab === 'calendar' && <Calendar />}
    </Box>
  );
}
