import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  CERTIFICATE_KINDS,
  codeLabel,
  HOSTEL_PATHS,
  LIBRARY_PATHS,
  PRIVACY_TEXT,
  PROFILE_FIELDS,
  ZCertificateRequestCreate,
  ZCorrectionCreate,
  type TCertificateRequest,
} from '@erp/shared';
import { useToast } from '../../components/feedback';
import {
  downloadCertificate,
  useAttendance,
  useCampus,
  useFees,
  useMyCertificates,
  useMyParents,
  useOverview,
  useProfile,
  useRequestCertificate,
  useRequestCorrection,
  useResults,
  useSavePrivacy,
} from './api';
import { QueryState } from '../../components/QueryState';
import { AttendanceBySubject, Panel, SummaryPanels } from './components';
import { HomePanels } from './HomePanels';
import { CampusView, FeesView, ResultsView } from './detail';
import { dmy } from './format';

const TABS = ['Home', 'Results', 'Attendance', 'Fees', 'Campus', 'Certificates', 'Profile', 'Parents'] as const;
type TabName = (typeof TABS)[number];

const statusColour = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

function Home() {
  const o = useOverview();
  const c = o.data?.children[0];
  return (
    <Stack spacing={2}>
      <HomePanels />
      <QueryState query={o}>
        {c && (
          <Stack spacing={2}>
            <SummaryPanels c={c} />
            <Panel title="More">
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                <Button component={RouterLink} to={LIBRARY_PATHS.myLibrary} size="small" variant="outlined">
                  My library
                </Button>
                <Button component={RouterLink} to={HOSTEL_PATHS.student} size="small" variant="outlined">
                  My hostel
                </Button>
              </Stack>
            </Panel>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function CertificateList({ items }: { items: TCertificateRequest[] }) {
  const toast = useToast();
  if (items.length === 0) return <Typography color="text.secondary">No requests yet.</Typography>;
  return (
    <Stack spacing={1}>
      {items.map((c) => (
        <Card key={c.id} variant="outlined" data-testid="certificate-request">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
              <Box>
                <Typography fontWeight={600}>
                  {CERTIFICATE_KINDS.find((k) => k.kind === c.kind)?.label} · {c.purpose}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Asked {dmy(c.requestedAt)}
                  {c.decidedAt ? ` · answered ${dmy(c.decidedAt)}` : ''}
                  {c.remarks ? ` · ${c.remarks}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip size="small" color={statusColour[c.status]} label={codeLabel(c.status)} />
                {c.status === 'approved' && (
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => downloadCertificate(c.id, c.kind, c.rollNo).catch((e: Error) => toast.error(e.message))}
                  >
                    Download PDF
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function Certificates() {
  const toast = useToast();
  const list = useMyCertificates();
  const ask = useRequestCertificate();
  const form = useForm<z.input<typeof ZCertificateRequestCreate>>({
    resolver: zodResolver(ZCertificateRequestCreate),
    defaultValues: { kind: 'bonafide', purpose: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await ask.mutateAsync(v);
      toast.success('Request sent to the office');
      form.reset({ kind: v.kind, purpose: '' });
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const errors = form.formState.errors;
  return (
    <Stack spacing={2}>
      <Panel title="Ask for a certificate">
        <form onSubmit={submit} noValidate>
          <Stack spacing={2} direction={{ xs: 'column', md: 'row' }} alignItems={{ md: 'flex-start' }}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <TextField select label="Certificate" {...field} sx={{ minWidth: 220 }} id="certificate-kind">
                  {CERTIFICATE_KINDS.map((k) => (
                    <MenuItem key={k.kind} value={k.kind}>
                      {k.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Purpose"
              fullWidth
              {...form.register('purpose')}
              error={!!errors.purpose}
              helperText={errors.purpose?.message ?? 'e.g. bank loan, scholarship, passport'}
            />
            <Button type="submit" variant="contained" disabled={ask.isPending} sx={{ whiteSpace: 'nowrap', py: 1.8 }}>
              Send request
            </Button>
          </Stack>
          {errors.root && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.root.message}
            </Alert>
          )}
        </form>
      </Panel>
      <QueryState query={list}>{list.data && <CertificateList items={list.data} />}</QueryState>
    </Stack>
  );
}

function Profile() {
  const toast = useToast();
  const p = useProfile();
  const ask = useRequestCorrection();
  const form = useForm<z.input<typeof ZCorrectionCreate>>({
    resolver: zodResolver(ZCorrectionCreate),
    defaultValues: { field: 'mobile', value: '', reason: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await ask.mutateAsync(v);
      toast.success('Correction sent to the office');
      form.reset({ field: v.field, value: '', reason: '' });
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const d = p.data;
  const rows: Array<[string, string]> = d
    ? [
        ['Roll number', d.rollNo],
        ['Name', d.name],
        ['Programme', `${d.course} ${d.branch} (${d.batch})`],
        ['Semester and section', `${d.semester} · ${d.section}`],
        ['Gender', d.gender],
        ['Email', d.email],
        ['Mobile', d.mobile],
        ["Father's name", d.fatherName],
      ]
    : [];
  return (
    <QueryState query={p}>
      <Stack spacing={2}>
        <Panel title="My profile">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
            {rows.map(([k, v]) => (
              <Box key={k}>
                <Typography variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{v || '—'}</Typography>
              </Box>
            ))}
          </Box>
        </Panel>
        <Panel title="Ask for a correction">
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              <Controller
                control={form.control}
                name="field"
                render={({ field }) => (
                  <TextField select label="Field" {...field}>
                    {PROFILE_FIELDS.map((f) => (
                      <MenuItem key={f.field} value={f.field}>
                        {f.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField label="Correct value" {...form.register('value')} error={!!errors.value} helperText={errors.value?.message} />
              <TextField label="Reason" {...form.register('reason')} error={!!errors.reason} helperText={errors.reason?.message} />
              {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
              <Box>
                <Button type="submit" variant="contained" disabled={ask.isPending}>
                  Send to the office
                </Button>
              </Box>
            </Stack>
          </form>
        </Panel>
        {d && d.corrections.length > 0 && (
          <Panel title="My corrections">
            <Stack spacing={1}>
              {d.corrections.map((c) => (
                <Typography key={c.id} variant="body2">
                  {PROFILE_FIELDS.find((f) => f.field === c.field)?.label}: {c.currentValue || '—'} → {c.requestedValue} ·{' '}
                  <Chip size="small" color={statusColour[c.status]} label={codeLabel(c.status)} /> {c.remarks}
                </Typography>
              ))}
            </Stack>
          </Panel>
        )}
      </Stack>
    </QueryState>
  );
}

function Parents() {
  const toast = useToast();
  const q = useMyParents();
  const save = useSavePrivacy();
  const set = (v: { hideMarks: boolean; hideAttendance: boolean }) =>
    save.mutate(v, { onSuccess: () => toast.success('Saved'), onError: (e) => toast.error(e.message) });
  const d = q.data;
  return (
    <QueryState query={q}>
      {d && (
        <Stack spacing={2}>
          <Panel title="Parents linked to me">
            {d.links.length === 0 && <Typography color="text.secondary">No parent is linked.</Typography>}
            {d.links.map((l) => (
              <Typography key={l.id} data-testid="linked-parent">
                {l.parentName} ({l.relation}) · {l.username} · linked {dmy(l.linkedAt)} by {l.via === 'self' ? 'their own registration' : 'the office'}
              </Typography>
            ))}
          </Panel>
          <Panel title="What my parents see">
            {d.privacy.locked && <Alert severity="info" sx={{ mb: 1 }}>The college has locked these settings: parents see marks and attendance.</Alert>}
            <Stack>
              <FormControlLabel
                control={<Switch checked={!d.privacy.hideMarks} disabled={d.privacy.locked || save.isPending} onChange={(e) => set({ hideMarks: !e.target.checked, hideAttendance: d.privacy.hideAttendance })} />}
                label={PRIVACY_TEXT.marksLabel}
              />
              <FormControlLabel
                control={<Switch checked={!d.privacy.hideAttendance} disabled={d.privacy.locked || save.isPending} onChange={(e) => set({ hideMarks: d.privacy.hideMarks, hideAttendance: !e.target.checked })} />}
                label={PRIVACY_TEXT.attendanceLabel}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {PRIVACY_TEXT.scope}
            </Typography>
          </Panel>
        </Stack>
      )}
    </QueryState>
  );
}

/** The student's own portal: every panel of their college life, in tabs that scroll on a phone. */
export function StudentPortalPage() {
  const [tab, setTab] = useState<TabName>('Home');
  const o = useOverview();
  const me = o.data?.children[0];
  const results = useResults(undefined, tab === 'Results');
  const attendance = useAttendance(undefined, tab === 'Attendance');
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Box>
        <Typography variant="h5" component="h1" fontWeight={700}>
          My Portal
        </Typography>
        {me && (
          <Typography color="text.secondary">
            {me.name} · {me.rollNo} · {me.course} {me.branch} · Semester {me.semester}
          </Typography>
        )}
      </Box>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {TABS.map((t) => (
          <Tab key={t} value={t} label={t} />
        ))}
      </Tabs>
      {tab === 'Home' && <Home />}
      {tab === 'Results' && <QueryState query={results}>{results.data && <ResultsView r={results.data} />}</QueryState>}
      {tab === 'Attendance' && (
        <QueryState query={attendance}>{attendance.data && <AttendanceBySubject a={attendance.data} />}</QueryState>
      )}
      {tab === 'Fees' && <FeesTab />}
      {tab === 'Campus' && <CampusTab />}
      {tab === 'Certificates' && <Certificates />}
      {tab === 'Profile' && <Profile />}
      {tab === 'Parents' && <Parents />}
    </Stack>
  );
}

function FeesTab() {
  const f = useFees();
  return <QueryState query={f}>{f.data && <FeesView f={f.data} />}</QueryState>;
}
function CampusTab() {
  const c = useCampus();
  return <QueryState query={c}>{c.data && <CampusView c={c.data} />}</QueryState>;
}
