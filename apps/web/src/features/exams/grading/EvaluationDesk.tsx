import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import Save from '@mui/icons-material/Save';
import { PaperFilter } from './PaperFilter';
import { SCRIPT_COLUMNS, type Script } from './ScriptColumns';
import { EXTERNAL_STATES, RESULT_MSG, ZExternalSave } from '@erp/shared';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useServerList } from '../../../components/useServerList';
import { useExternalSheet, useInternalSections, useSaveExternal } from './api';
import { STICKY, useCardColumns } from './columns';
import { marksText, STATE_LABEL, type ExternalState } from './labels';

type Saved = { message: string; saved: number; agreed: number; mismatched: string[] };
type Entry = { dummyNo: string; marks: string };
type Body = ReturnType<typeof ZExternalSave.parse>;

/**
 * Entries typed as text, checked by the shared schema (and the paper's maximum when known): the
 * errors by entry index, or null when all is well.
 */
function checkEntries(entries: Entry[], seeMax: number | undefined) {
  const body = { entries: entries.map((e) => ({ dummyNo: e.dummyNo, marks: e.marks.trim() === '' ? NaN : Number(e.marks) })) };
  const errors: Array<{ dummyNo?: string; marks?: string }> = [];
  const parsed = ZExternalSave.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [, j, field] = issue.path;
      if (typeof j !== 'number') return { body: null, errors, root: issue.message };
      const k = field === 'dummyNo' ? 'dummyNo' : 'marks';
      errors[j] = { ...errors[j], [k]: errors[j]?.[k] ?? issue.message };
    }
  if (seeMax !== undefined)
    body.entries.forEach((e, j) => {
      if (e.marks > seeMax) errors[j] = { ...errors[j], marks: errors[j]?.marks ?? RESULT_MSG.overMax(e.dummyNo, seeMax) };
    });
  const ok = parsed.success && errors.length === 0;
  return { body: ok ? parsed.data : null, errors, root: null };
}

/** The server's answer: how many were saved, how many now agree, which differ from the other evaluator's (named in the message). */
function SavedNote({ saved, onClose }: { saved: Saved; onClose: () => void }) {
  return (
    <Alert severity={saved.mismatched.length ? 'warning' : 'success'} onClose={onClose} data-testid="external-saved">
      {saved.message}
    </Alert>
  );
}

/** One script's marks by its dummy number, for an evaluator working from the scripts in hand. */
function QuickEntry({ examId, seeMax }: { examId: number; seeMax: number | undefined }) {
  const save = useSaveExternal(examId);
  const toast = useToast();
  const [saved, setSaved] = useState<Saved | null>(null);
  const resolver: Resolver<Entry, unknown, Body> = async (values) => {
    const r = checkEntries([values], seeMax);
    if (r.body) return { values: r.body, errors: {} };
    const e = r.errors[0] ?? {};
    const errors: FieldErrors<Entry> = {};
    if (e.dummyNo) errors.dummyNo = { type: 'invalid', message: e.dummyNo };
    if (e.marks) errors.marks = { type: 'invalid', message: e.marks };
    if (r.root) errors.marks ??= { type: 'invalid', message: r.root };
    return { values: {}, errors };
  };
  const form = useForm<Entry, unknown, Body>({ resolver, defaultValues: { dummyNo: '', marks: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setSaved(null);
    try {
      const r = await save.mutateAsync(body);
      setSaved(r);
      toast.success(r.message);
      form.reset({ dummyNo: '', marks: '' });
      form.setFocus('dummyNo');
    } catch {
      /* shown below */
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Enter by dummy number
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Type the dummy number on the script and its marks{seeMax ? ` (out of ${seeMax})` : ''}.
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '200px 140px max-content' }, alignItems: 'start' }}
      >
        <TextField
          label="Dummy no"
          size="small"
          inputMode="numeric"
          autoComplete="off"
          {...form.register('dummyNo')}
          error={Boolean(errors.dummyNo)}
          helperText={errors.dummyNo?.message ?? ' '}
        />
        <TextField
          label="Marks"
          size="small"
          inputMode="numeric"
          autoComplete="off"
          {...form.register('marks')}
          error={Boolean(errors.marks)}
          helperText={errors.marks?.message ?? ' '}
        />
        <Button type="submit" variant="contained" startIcon={<Save />} loading={save.isPending} sx={{ mt: 0.25 }}>
          Save
        </Button>
      </Box>
      {save.error && (
        <Alert severity="error" data-testid="quick-error" onClose={() => save.reset()}>
          {errorText(save.error)}
        </Alert>
      )}
      {saved && <SavedNote saved={saved} onClose={() => setSaved(null)} />}
    </Paper>
  );
}

/**
 * The evaluator's desk: marks against dummy numbers (never roll numbers), one typed at a time or
 * down the list of a paper's scripts waiting for them; after saving, which agree and which differ.
 */
export function EvaluationDesk({ examId }: { examId: number }) {
  const save = useSaveExternal(examId);
  const toast = useToast();
  const sections = useInternalSections(examId);
  const [state, setState] = useState<ExternalState | ''>('pending');
  const [paperId, setPaperId] = useState<number | ''>('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Saved | null>(null);
  const list = useServerList({ label: 'Search scripts', placeholder: 'Dummy number' });
  const sheet = useExternalSheet(examId, {
    state: state || undefined,
    paperId: paperId === '' ? undefined : paperId,
    q: list.q || undefined,
    page: list.page + 1,
  });
  const seeMax = sheet.data?.seeMax;
  // the papers the caller teaches; scripts of other papers are still listed under "Every paper"
  const papers = [...new Map((sections.data?.items ?? []).map((s) => [s.paperId, s.paper])).entries()];
  const pending = Object.entries(typed).filter(([, v]) => v.trim() !== '');

  const saveTyped = async () => {
    const entries = pending.map(([dummyNo, marks]) => ({ dummyNo, marks }));
    const r = checkEntries(entries, seeMax);
    const errors: Record<string, string> = {};
    r.errors.forEach((e, j) => {
      if (e?.marks || e?.dummyNo) errors[entries[j]!.dummyNo] = (e.marks ?? e.dummyNo)!;
    });
    setRowErrors(errors);
    if (!r.body) return;
    setSaved(null);
    try {
      const answer = await save.mutateAsync(r.body);
      setSaved(answer);
      setTyped({});
      toast.success(answer.message);
    } catch (e) {
      const text = errorText(e);
      const hit = entries.find((x) => text.includes(x.dummyNo));
      if (hit) setRowErrors({ [hit.dummyNo]: text });
    }
  };

  const columns: Array<DataColumn<Script>> = [
    ...SCRIPT_COLUMNS,
    { key: 'yourMarks', header: 'Your marks', align: 'right', value: (s) => marksText(s.yourMarks) },
    {
      key: 'enter',
      header: 'Marks',
      noExport: true,
      value: (s) => typed[s.dummyNo] ?? '',
      render: (s) => (
        <TextField
          size="small"
          inputMode="numeric"
          autoComplete="off"
          value={typed[s.dummyNo] ?? ''}
          onChange={(e) => setTyped((t) => ({ ...t, [s.dummyNo]: e.target.value }))}
          placeholder={s.yourMarks === null ? '' : String(s.yourMarks)}
          error={Boolean(rowErrors[s.dummyNo])}
          helperText={rowErrors[s.dummyNo]}
          slotProps={{ htmlInput: { 'aria-label': `Marks of script ${s.dummyNo}`, maxLength: 3 } }}
          sx={{ width: { xs: '100%', sm: 110 } }}
        />
      ),
    },
  ];

  const shownColumns = useCardColumns(columns, ['dummyNo', 'paper']);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <QuickEntry examId={examId} seeMax={seeMax} />
      <Box>
        <Typography variant="subtitle1" component="h3" fontWeight={700}>
          Scripts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Work down the list: type the marks of each script in hand, then save them together.
        </Typography>
        {saved && <SavedNote saved={saved} onClose={() => setSaved(null)} />}
        {save.error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="list-error" onClose={() => save.reset()}>
            {errorText(save.error)}
          </Alert>
        )}
      </Box>
      <DataTable
        label="Scripts to evaluate"
        testId="evaluation-list"
        maxHeight={640}
        columns={shownColumns}
        {...queryRows(sheet, (d) => d.items)}
        rowKey={(s) => s.dummyNo}
        rowTestId={(s) => `evaluate-${s.dummyNo}`}
        cardTitle={(s) => `${s.dummyNo} · ${s.paper}`}
        emptyText={state === 'pending' ? 'No script is waiting for marks.' : 'No script matches this filter.'}
        search={list.search}
        paging={{ ...list.paging(sheet.data?.total), pageSize: sheet.data?.limit ?? 50, onPageSize: undefined }}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <PaperFilter
              papers={papers.map(([id, label]) => ({ id, label }))}
              value={paperId}
              onChange={(id) => {
                setPaperId(id);
                list.restart();
              }}
            />
            <TextField
              select
              size="small"
              label="State"
              value={state}
              onChange={(e) => {
                setState(e.target.value as ExternalState | '');
                list.restart();
              }}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every state</MenuItem>
              {EXTERNAL_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATE_LABEL[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        }
      />
      <Box sx={STICKY}>
        <Button
          variant="contained"
          startIcon={<Save />}
          onClick={saveTyped}
          loading={save.isPending}
          disabled={pending.length === 0}
          data-testid="save-typed"
        >
          {pending.length ? `Save ${pending.length} marks` : 'Save marks'}
        </Button>
      </Box>
    </Box>
  );
}
