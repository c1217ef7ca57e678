import { useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Lock from '@mui/icons-material/Lock';
import Save from '@mui/icons-material/Save';
import { RESULT_MSG, ZInternalSave, type TInternalSheet } from '@erp/shared';
import { DataTable, errorText, type DataColumn } from '../../../components/DataTable';
import { useConfirm, useToast } from '../../../components/feedback';
import { useLockInternal, useSaveInternal } from './api';
import { STICKY, useCardColumns } from './columns';
import { marksText } from './labels';

type SheetRow = TInternalSheet['rows'][number] & { i: number };
type Form = { rows: Array<{ marks: string }> };
type Body = ReturnType<typeof ZInternalSave.parse>;

const fromAssessments = (r: TInternalSheet['rows'][number]) =>
  r.fromAssessments === null ? '' : String(Math.round(r.fromAssessments));
/** Saved marks, or the assessments' figure where nothing is saved yet. */
const initial = (sheet: TInternalSheet): Form => ({
  rows: sheet.rows.map((r) => ({ marks: r.marks !== null ? String(r.marks) : fromAssessments(r) })),
});

/**
 * The shared schema checks what is typed; rows left empty are not sent. Its messages (and the
 * server's "over the maximum") land beside the row they are about.
 */
function sheetResolver(sheet: TInternalSheet): Resolver<Form, unknown, Body> {
  return async (values) => {
    const sent = values.rows.map((r, i) => ({ i, text: r.marks.trim() })).filter((r) => r.text !== '');
    const body = {
      paperId: sheet.paperId,
      sectionId: sheet.sectionId,
      marks: sent.map((r) => ({ rollNo: sheet.rows[r.i]!.rollNo, marks: Number(r.text) })),
    };
    const rows: Array<{ marks: { type: string; message: string } } | undefined> = [];
    const parsed = ZInternalSave.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, j] = issue.path;
        if (field === 'marks' && typeof j === 'number')
          rows[sent[j]!.i] ??= { marks: { type: issue.code, message: issue.message } };
        else return { values: {}, errors: { root: { type: issue.code, message: issue.message } } as FieldErrors<Form> };
      }
    }
    body.marks.forEach((m, j) => {
      if (m.marks > sheet.cieMax)
        rows[sent[j]!.i] ??= { marks: { type: 'max', message: RESULT_MSG.overMax(m.rollNo, sheet.cieMax) } };
    });
    if (rows.length) return { values: {}, errors: { rows } as FieldErrors<Form> };
    return { values: parsed.data!, errors: {} };
  };
}

/** One section's internal marks: typed or filled from the assessments, saved, and locked by the HoD. */
export function InternalMarksSheet({
  examId,
  sheet,
  mayEnter,
  mayLock,
}: {
  examId: number;
  sheet: TInternalSheet;
  /** the server's word on the section: the caller teaches it / heads its department */
  mayEnter: boolean;
  mayLock: boolean;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const save = useSaveInternal(examId);
  const lock = useLockInternal(examId);
  const resolver = useMemo(() => sheetResolver(sheet), [sheet]);
  const values = useMemo(() => initial(sheet), [sheet]);
  const form = useForm<Form, unknown, Body>({ resolver, values });
  const errors = form.formState.errors;
  const rows: SheetRow[] = useMemo(() => sheet.rows.map((r, i) => ({ ...r, i })), [sheet]);
  const watched = form.watch('rows');
  const unsavedFilled = rows.filter((r) => r.marks === null && (watched[r.i]?.marks ?? '') !== '').length;
  const unsaved = form.formState.isDirty || unsavedFilled > 0;
  const anyAssessments = rows.some((r) => r.fromAssessments !== null);
  const moderated = rows.some((r) => r.originalMarks !== null);

  const submit = form.handleSubmit(async (body) => {
    try {
      const r = await save.mutateAsync(body);
      toast.success(r.message);
    } catch (e) {
      // the server names the roll number first ("22A91A0501: marks must be between 0 and 30")
      const text = errorText(e);
      const row = rows.find((r) => text.startsWith(r.rollNo));
      if (row) form.setError(`rows.${row.i}.marks`, { message: text });
    }
  });
  const fill = async () => {
    const overwrites = rows.some((r) => r.fromAssessments !== null && (watched[r.i]?.marks ?? '') !== fromAssessments(r));
    if (
      overwrites &&
      !(await confirm({
        title: 'Fill from the assessments?',
        text: 'Marks typed or saved for students with assessments are replaced by the assessments’ figure (not saved until you save).',
        confirmText: 'Fill',
      }))
    )
      return;
    for (const r of rows)
      if (r.fromAssessments !== null) form.setValue(`rows.${r.i}.marks`, fromAssessments(r), { shouldDirty: true });
  };
  const lockNow = async () => {
    const ok = await confirm({
      title: `Lock ${sheet.paper} · ${sheet.section}?`,
      text: 'Faculty can no longer change these internal marks; only the moderation board adjusts them afterwards.',
      confirmText: 'Lock',
    });
    if (!ok) return;
    try {
      const r = await lock.mutateAsync({ paperId: sheet.paperId, sectionId: sheet.sectionId });
      toast.success(r.message);
    } catch {
      /* shown above the sheet */
    }
  };

  const columns: Array<DataColumn<SheetRow>> = [
    { key: 'rollNo', header: 'Roll no', nowrap: true },
    { key: 'name', header: 'Name' },
    { key: 'fromAssessments', header: 'From assessments', align: 'right', value: (r) => marksText(r.fromAssessments) },
    ...(moderated
      ? [
          {
            key: 'originalMarks',
            header: 'Before moderation',
            align: 'right' as const,
            value: (r: SheetRow) => marksText(r.originalMarks),
          },
        ]
      : []),
    {
      key: 'marks',
      header: `Marks (of ${sheet.cieMax})`,
      value: (r) => watched[r.i]?.marks ?? '',
      render: (r) => {
        const error = errors.rows?.[r.i]?.marks;
        return (
          <TextField
            size="small"
            inputMode="numeric"
            disabled={sheet.locked || !mayEnter}
            {...form.register(`rows.${r.i}.marks`)}
            error={Boolean(error)}
            helperText={error?.message ?? (r.marks === null && watched[r.i]?.marks ? 'Not saved yet' : undefined)}
            slotProps={{ htmlInput: { 'aria-label': `Marks of ${r.rollNo}`, maxLength: 3 } }}
            sx={{ width: { xs: '100%', sm: 120 } }}
          />
        );
      },
    },
  ];

  const shownColumns = useCardColumns(columns, ['rollNo', 'name']);
  const entered = rows.filter((r) => r.marks !== null).length;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" fontWeight={700}>
          {sheet.paper} · {sheet.section}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="sheet-summary">
          {entered} of {rows.length} saved · out of {sheet.cieMax}
          {unsavedFilled > 0 ? ` · ${unsavedFilled} filled from the assessments, not saved yet` : ''}
        </Typography>
      </Box>
      {sheet.locked && (
        <Alert severity="info" data-testid="sheet-locked">
          {RESULT_MSG.locked}
          {sheet.lockedBy ? ` (${sheet.lockedBy})` : ''}.{sheet.moderationReason ? ` Moderated: ${sheet.moderationReason}` : ''}
        </Alert>
      )}
      {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
      {save.error && (
        <Alert severity="error" data-testid="sheet-error" onClose={() => save.reset()}>
          {errorText(save.error)}
        </Alert>
      )}
      {lock.error && (
        <Alert severity="error" data-testid="lock-error" onClose={() => lock.reset()}>
          {errorText(lock.error)}
        </Alert>
      )}
      <DataTable
        label={`Internal marks of ${sheet.paper} ${sheet.section}`}
        testId="internal-sheet"
        columns={shownColumns}
        rows={rows}
        loading={false}
        rowKey={(r) => r.rollNo}
        rowTestId={(r) => `marks-${r.rollNo}`}
        cardTitle={(r) => `${r.rollNo} · ${r.name}`}
        emptyText="No student of this section writes this paper."
        search
        searchPlaceholder="Roll no or name"
        paging={100}
      />
      {!sheet.locked && (mayEnter || mayLock) && (
        // kept in view at the foot of the screen while working down a long sheet
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={STICKY}>
          {mayEnter && (
            <Button type="submit" variant="contained" startIcon={<Save />} loading={save.isPending}>
              Save marks
            </Button>
          )}
          {mayEnter && anyAssessments && (
            <Button variant="outlined" startIcon={<AutoFixHigh />} onClick={fill}>
              Fill from assessments
            </Button>
          )}
          {mayLock && (
            <Button
              variant="outlined"
              color="warning"
              startIcon={<Lock />}
              onClick={lockNow}
              loading={lock.isPending}
              disabled={unsaved || save.isPending}
              title={unsaved ? 'Save the marks before locking' : undefined}
            >
              Lock
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
