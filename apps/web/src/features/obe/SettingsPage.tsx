import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import { ZObeSettingsInput, type TObeSettingsInput, type TProgramOutcome } from '@erp/shared';
import { useConfirm, useToast } from '../../components/feedback';
import { useLockYear, useObeSettings, useProgramChoices, useProgramOutcomes, useSaveProgramOutcomes, useSaveSettings } from './api';
import { QueryState } from '../../components/QueryState';
import { dmy, ObeNav, recentYears } from './components';

const FIELDS: Array<[keyof TObeSettingsInput, string, string]> = [
  ['targetPct', 'Target (% of a CO’s marks)', 'A student attains a CO scoring at least this share of its marks'],
  ['level3', 'Level 3 at (% of students)', ''],
  ['level2', 'Level 2 at (% of students)', ''],
  ['level1', 'Level 1 at (% of students)', ''],
  ['internalWeight', 'Internal weight (%)', 'Mids, assignments, quizzes, lab'],
  ['externalWeight', 'External weight (%)', 'End exam'],
  ['directWeight', 'Direct weight (%)', 'Marks'],
  ['indirectWeight', 'Indirect weight (%)', 'Course-exit survey'],
  ['targetLevel', 'Target level (0–3)', 'What each CO and PO should reach'],
];

function SettingsForm() {
  const toast = useToast();
  const years = recentYears();
  const [year, setYear] = useState(years[0]);
  const s = useObeSettings(year);
  const save = useSaveSettings();
  const lock = useLockYear();
  const confirm = useConfirm();
  const form = useForm<TObeSettingsInput>({ resolver: zodResolver(ZObeSettingsInput) });
  useEffect(() => {
    if (s.data) {
      const { saved: _s, updatedAt: _u, locked: _l, lockedAt: _a, ...values } = s.data;
      form.reset(values);
    }
  }, [s.data, form]);
  const locked = !!s.data?.locked;
  const toggleLock = async () => {
    const ok = await confirm({
      title: locked ? `Unlock ${year}?` : `Lock ${year}?`,
      text: locked
        ? 'Its assessments, marks and rules can change again, and so can its figures.'
        : 'Its figures become final: its assessments, marks and rules can no longer change until it is unlocked.',
      confirmText: locked ? 'Unlock' : 'Lock the year',
      kind: 'warning',
    });
    if (!ok) return;
    try {
      const r = await lock.mutateAsync({ academicYear: year, locked: !locked });
      toast.success(r.message);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync(v);
      toast.success(`Rules for ${v.academicYear} saved`);
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const errors = form.formState.errors;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="rules-title">
      <Typography id="rules-title" variant="h6" component="h2">
        Attainment rules per academic year
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each year keeps its own rules, so changing this year’s never changes last year’s figures. A year not saved yet uses NBA’s defaults (the form starts from the last saved year).
      </Typography>
      <TextField select label="Academic year" value={year} onChange={(e) => setYear(e.target.value)} sx={{ mb: 2, minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'settings-year' } }}>
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <QueryState query={s}>
        <form onSubmit={submit} noValidate>
          <input type="hidden" {...form.register('academicYear')} />
          {errors.root && <Alert severity="error" sx={{ mb: 2 }}>{errors.root.message}</Alert>}
          <Typography variant="body2" sx={{ mb: 2 }} color={s.data?.saved ? 'text.primary' : 'warning.main'}>
            {s.data?.saved ? `Saved on ${dmy(s.data.updatedAt)}` : 'Not saved for this year yet: the figures use the defaults.'}
          </Typography>
          {locked && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {year} is locked since {dmy(s.data?.lockedAt)}: its figures are final, and its assessments, marks and rules can no longer change.
            </Alert>
          )}
          <Grid container spacing={2}>
            {FIELDS.map(([name, label, help]) => (
              <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  fullWidth
                  type="number"
                  label={label}
                  {...form.register(name, { valueAsNumber: true })}
                  error={!!errors[name]}
                  helperText={errors[name]?.message || help || ' '}
                  slotProps={{ htmlInput: { step: name === 'targetLevel' ? 0.1 : 1 } }}
                />
              </Grid>
            ))}
          </Grid>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending || locked}>
              Save rules for {year}
            </Button>
            <Button variant="outlined" startIcon={locked ? <LockOpen /> : <Lock />} onClick={() => void toggleLock()} disabled={lock.isPending}>
              {locked ? `Unlock ${year}` : `Lock ${year}`}
            </Button>
          </Stack>
        </form>
      </QueryState>
    </Paper>
  );
}

function OutcomesEditor({ branchId, title }: { branchId: number | null; title: string }) {
  const toast = useToast();
  const list = useProgramOutcomes(branchId ?? undefined);
  const save = useSaveProgramOutcomes();
  const mine = (list.data ?? []).filter((o) => (branchId === null ? o.kind === 'PO' : o.kind === 'PSO' && o.branchId === branchId));
  const [rows, setRows] = useState<Array<Pick<TProgramOutcome, 'code' | 'title' | 'statement'>>>([]);
  const key = JSON.stringify(mine.map((o) => [o.code, o.title, o.statement]));
  useEffect(() => setRows(JSON.parse(key).map(([code, t, statement]: string[]) => ({ code, title: t, statement }))), [key]);
  const [error, setError] = useState('');
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync({ branchId, outcomes: rows });
      toast.success(`${title} saved`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const pso = branchId !== null;
  return (
    <QueryState query={list}>
      <Stack spacing={1.5}>
        {error && <Alert severity="error">{error}</Alert>}
        {rows.length === 0 && <Typography color="text.secondary">No program-specific outcomes yet.</Typography>}
        {rows.map((r, i) => (
          <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'flex-start' }}>
            <Typography fontWeight={700} sx={{ width: 56, pt: { md: 1 } }}>
              {r.code}
            </Typography>
            <TextField
              size="small"
              label="Title"
              value={r.title}
              onChange={(e) => setRows(rows.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)))}
              sx={{ width: { md: 240 } }}
            />
            <TextField
              size="small"
              label={`${r.code} statement`}
              value={r.statement}
              multiline
              onChange={(e) => setRows(rows.map((x, k) => (k === i ? { ...x, statement: e.target.value } : x)))}
              sx={{ flex: 1 }}
            />
            {pso && (
              <IconButton aria-label={`Remove ${r.code}`} onClick={() => setRows(rows.filter((_, k) => k !== i).map((x, k) => ({ ...x, code: `PSO${k + 1}` })))}>
                <Delete />
              </IconButton>
            )}
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          {pso && (
            <Button startIcon={<Add />} onClick={() => setRows([...rows, { code: `PSO${rows.length + 1}`, title: '', statement: '' }])}>
              Add PSO
            </Button>
          )}
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Save {title}
          </Button>
        </Stack>
      </Stack>
    </QueryState>
  );
}

/** The IQAC's settings: the yearly rules, NBA's POs (wording editable) and each branch's PSOs. */
export function SettingsPage() {
  const choices = useProgramChoices();
  const [branchId, setBranchId] = useState<number | ''>('');
  const branch = branchId || choices.data?.branches[0]?.id || '';
  return (
    <Box>
      <ObeNav title="Outcome Based Education" subtitle="Rules, program outcomes and program-specific outcomes" />
      <SettingsForm />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="pos-title">
        <Typography id="pos-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Program outcomes (NBA)
        </Typography>
        <OutcomesEditor branchId={null} title="program outcomes" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="psos-title">
        <Typography id="psos-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Program-specific outcomes
        </Typography>
        <TextField select label="Branch" value={branch} onChange={(e) => setBranchId(Number(e.target.value))} sx={{ mb: 2, minWidth: 200 }}>
          {(choices.data?.branches ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.shortName} · {b.name}
            </MenuItem>
          ))}
        </TextField>
        {branch !== '' && <OutcomesEditor key={branch} branchId={branch} title="PSOs" />}
      </Paper>
    </Box>
  );
}
