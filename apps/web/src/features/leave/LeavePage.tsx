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
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  displayDate,
  LEAVE_MSG,
  ROLES,
  ZLeaveApply,
  type TBalance,
  type TLeaveApplication,
  type TLeaveApplyInput,
} from '@erp/shared';
import { CappedNotice, DataTable, queryRows } from '../../components/DataTable';
import { DateRangeField } from '../../components/DateRangeField';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { BackupLines, classWhen, MissedClassPickers } from './backups';
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
          <DateRangeField
            control={form.control}
            fromName="fromDate"
            toName="toDate"
            reversedText={LEAVE_MSG.toBeforeFrom}
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
              Classes you would miss: name a backup for each (a lab block needs one)
            </Typography>
            <MissedClassPickers
              missed={missed.data}
              chosen={(date, period) =>
                backups.find((b) => b.date === date && b.period === period)?.backupFacultyId as number | undefined
              }
              onChoose={choose}
            />
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
            <BackupLines backups={a.backups} statusLabel={(st) => STATUS[st]?.label ?? st} />
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
  const replace = useReplaceBackup();
  const missedFor = (a: TLeaveApplication) => a.backups.filter((b) => b.status === 'declined');
  const toast = useToast();
  const done = { onSuccess: () => toast.success('Saved'), onError: (e: Error) => toast.error(e.message) };
  const [deciding, setDeciding] = useState<TLeaveApplication | null>(null);
  return (
    <QueryState spinner query={q} empty={q.data?.items.length === 0} emptyText="Nothing here.">
      <Stack spacing={1}>
        <CappedNotice
          shown={q.data?.items.length ?? 0}
          total={q.data?.total}
          hint="newest first; the older ones are not listed"
        />
        {(q.data?.items ?? []).map((a) => (
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
                <Button variant="contained" size="small" onClick={() => setDeciding(a)}>
                  Approve or reject…
                </Button>
              ) : view === 'mine' && missedFor(a).length > 0 ? (
                <ReplaceBackup
                  a={a}
                  onPick={(backupId, backupFacultyId) => replace.mutate({ id: a.id, backupId, backupFacultyId }, done)}
                />
              ) : undefined
            }
          />
        ))}
        {deciding && <DecideDialog a={deciding} onClose={() => setDeciding(null)} />}
      </Stack>
    </QueryState>
  );
}

/** The applicant's balance of the leave type applied for, as the approver sees it. */
const balanceLine = (b: TBalance | undefined, days: number) =>
  b
    ? `${b.code}: ${b.available} of ${b.opening} day(s) left${b.pending ? ` (${b.pending} pending, this one included)` : ''}; ${days} asked`
    : 'No balance is kept for this leave type';

/** Approving or rejecting one application: the applicant's balance for that type, and a remark they will see. */
function DecideDialog({ a, onClose }: { a: TLeaveApplication; onClose: () => void }) {
  const balances = useBalances(undefined, 'all');
  const decision = useDecision();
  const toast = useToast();
  const [note, setNote] = useState('');
  const balance = balances.data?.find((b) => b.facultyId === a.facultyId && b.code === a.leaveType);
  const decide = (approve: boolean) =>
    decision.mutate(
      { id: a.id, approve, note: note.trim() },
      { onSuccess: (r) => (toast.success(`Leave ${r.status} for ${a.facultyName}`), onClose()) },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="leave-decide-title">
      <DialogTitle id="leave-decide-title">{`${a.facultyName}: ${a.leaveType} ${dates(a)}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography>{`${a.days} day(s) · ${a.reason}`}</Typography>
          <QueryState spinner query={balances}>
            <Alert severity="info" data-testid="leave-decide-balance">
              {balanceLine(balance, a.days)}
            </Alert>
          </QueryState>
          <TextField
            label="Remark (the applicant sees it)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {decision.isError && <Alert severity="error">{decision.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" disabled={decision.isPending} onClick={() => decide(false)}>
          Reject
        </Button>
        <Button variant="contained" disabled={decision.isPending} onClick={() => decide(true)}>
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReplaceBackup({ a, onPick }: { a: TLeaveApplication; onPick: (backupId: number, facultyId: number) => void }) {
  const declined = a.backups.find((b) => b.status === 'declined')!;
  const missed = useMissedClasses(declined.date, declined.date);
  const slot = missed.data?.find((m) => m.periods.includes(declined.period));
  return (
    <TextField
      select
      size="small"
      label={`Another backup for ${slot ? classWhen(slot.date, slot.periods) : `${displayDate(declined.date)} P${declined.period}`}`}
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

/** The caller's own balances. */
function Balances() {
  const q = useBalances(undefined, 'mine');
  return (
    <QueryState query={q} height={32}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2, alignItems: 'center' }} data-testid="balances">
        <Typography variant="body2" color="text.secondary">
          Your balance:
        </Typography>
        {(q.data ?? []).map((b) => (
          <Chip key={b.leaveTypeId} label={`${b.code}: ${b.available} of ${b.opening} left`} variant="outlined" />
        ))}
      </Stack>
    </QueryState>
  );
}

/** The department's faculty (a HoD) or the college's (the principal), by name. */
function DepartmentBalances() {
  const q = useBalances(undefined, 'all');
  return (
    <DataTable
      label="Faculty leave balances"
      columns={[
        { key: 'facultyName', header: 'Faculty' },
        { key: 'department', header: 'Department', hideBelow: 'sm' },
        { key: 'code', header: 'Type' },
        { key: 'opening', header: 'Opening', align: 'right' },
        { key: 'used', header: 'Used', align: 'right' },
        { key: 'pending', header: 'Pending', align: 'right' },
        { key: 'available', header: 'Available', align: 'right' },
      ]}
      {...queryRows(q)}
      rowKey={(b) => `${b.facultyId}:${b.leaveTypeId}`}
      cardTitle={(b) => `${b.facultyName} · ${b.code}`}
      emptyText="No balances opened for this year yet."
      search
      searchPlaceholder="Faculty or type"
      paging={50}
      rowTestId="dept-balance"
    />
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
      <QueryState spinner query={q} empty={q.data?.length === 0} emptyText="Nobody is on leave this month.">
        <Stack spacing={0.5}>
          {(q.data ?? []).map((r, i) => (
            <Typography
              key={i}
            >{`${dates(r)} · ${r.facultyName} (${r.department}) · ${r.leaveType} · ${STATUS[r.status]?.label ?? r.status}`}</Typography>
          ))}
        </Stack>
      </QueryState>
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
    ...(approves
      ? [
          ['approvals', 'Approvals'],
          ['balances', 'Faculty balances'],
        ]
      : []),
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
      {tab === 'balances' && <DepartmentBalances />}
    </Box>
  );
}
