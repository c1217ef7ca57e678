import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_KINDS,
  isExternal,
  ZAssessmentInput,
  ZAssessmentUpdate,
  type TAssessment,
  type TSubjectOutcomes,
} from '@erp/shared';
import { GridTable } from '../../components/GridTable';
import { ImportPanel } from '../../components/ImportPanel';
import { useConfirm, useToast } from '../../components/feedback';
import { useAssessments, useCreateAssessment, useDeleteAssessment, useMarksSheet, useSaveMarks, useUpdateAssessment } from './api';
import { QueryState } from '../../components/QueryState';
import { recentYears } from './components';

/** the name column is left out on a phone: the roll number identifies the row */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };

/** One form for a new paper and for an edit: an edit keeps each question's id (its marks stay with it). */
const ZPaperForm = ZAssessmentInput.extend({ questions: ZAssessmentUpdate.shape.questions });
type Form = z.input<typeof ZPaperForm>;

/**
 * A new paper, or an edit of one (`editing`): name, kind and the questions with their COs and
 * maximum marks; an edit keeps the section and year, and shows the highest mark entered per question.
 */
function AssessmentDialog({
  data,
  editing,
  highest = {},
  onClose,
  onSaved,
}: {
  data: TSubjectOutcomes;
  editing?: TAssessment;
  highest?: Record<number, number>;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const toast = useToast();
  const create = useCreateAssessment();
  const update = useUpdateAssessment(editing?.id ?? 0);
  const years = recentYears(editing ? [editing.academicYear] : []);
  const form = useForm<Form>({
    resolver: zodResolver(ZPaperForm),
    defaultValues: editing
      ? {
          subjectId: editing.subjectId,
          sectionId: editing.sectionId,
          academicYear: editing.academicYear,
          kind: editing.kind,
          name: editing.name,
          questions: editing.questions.map((q) => ({ id: q.id, label: q.label, co: q.co, maxMarks: q.maxMarks })),
        }
      : {
          subjectId: data.subject.id,
          sectionId: data.sections[0]?.id,
          academicYear: years[0],
          kind: 'mid',
          name: '',
          questions: data.cos.slice(0, 3).map((c, i) => ({ label: `Q${i + 1}`, co: c.code, maxMarks: 10 })),
        },
  });
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const errors = form.formState.errors;
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(async (v) => {
    try {
      if (editing) {
        const a = await update.mutateAsync({ kind: v.kind, name: v.name, questions: v.questions as never });
        toast.success(`${a.name} saved`);
        onSaved(a.id);
      } else {
        const a = await create.mutateAsync({ ...v, questions: v.questions.map(({ id: _id, ...q }) => q) } as never);
        toast.success(`${a.name} created for ${a.sectionLabel}`);
        onSaved(a.id);
      }
      onClose();
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const title = editing ? `Edit ${editing.name}` : 'New assessment';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="assessment-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="assessment-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
            {editing && editing.marked > 0 && (
              <Alert severity="info">
                {editing.marked} student(s) have marks on this paper: they stay with their questions, so a maximum cannot go below the highest mark entered, and a question with marks cannot be removed.
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={form.control}
                name="sectionId"
                render={({ field }) => (
                  <TextField select label="Section" {...field} disabled={!!editing} value={field.value ?? ''} onChange={(e) => field.onChange(Number(e.target.value))} error={!!errors.sectionId} helperText={errors.sectionId?.message} sx={{ minWidth: 200 }}>
                    {(editing ? [{ id: editing.sectionId, label: editing.sectionLabel }] : data.sections).map((s) => (
                      <MenuItem key={s.id} value={s.id}>
                        {s.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="academicYear"
                render={({ field }) => (
                  <TextField select label="Academic year" {...field} disabled={!!editing} sx={{ minWidth: 160 }}>
                    {years.map((y) => (
                      <MenuItem key={y} value={y}>
                        {y}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <TextField select label="Kind" {...field} sx={{ minWidth: 160 }}>
                    {ASSESSMENT_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {ASSESSMENT_KIND_LABELS[k]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField label="Name" {...form.register('name')} error={!!errors.name} helperText={errors.name?.message ?? 'e.g. Mid I, Assignment 2, End exam'} />
            <Typography variant="subtitle2">Questions (each measures one CO)</Typography>
            {questions.fields.map((f, i) => (
              <Stack key={f.key} direction="row" spacing={1} alignItems="flex-start" flexWrap="wrap" useFlexGap>
                <TextField size="small" label="Question" {...form.register(`questions.${i}.label`)} sx={{ width: 90 }} error={!!errors.questions?.[i]?.label} />
                <Controller
                  control={form.control}
                  name={`questions.${i}.co`}
                  render={({ field }) => (
                    <TextField select size="small" label="CO" {...field} sx={{ width: 110 }}>
                      {data.cos.map((c) => (
                        <MenuItem key={c.code} value={c.code}>
                          {c.code}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <TextField
                  size="small"
                  type="number"
                  label="Max marks"
                  {...form.register(`questions.${i}.maxMarks`, { valueAsNumber: true })}
                  sx={{ width: 120 }}
                  error={!!errors.questions?.[i]?.maxMarks}
                  helperText={errors.questions?.[i]?.maxMarks?.message ?? (f.id !== undefined && highest[f.id] !== undefined ? `Highest entered: ${highest[f.id]}` : undefined)}
                />
                <IconButton aria-label={`Remove question ${i + 1}`} onClick={() => questions.remove(i)}>
                  <Delete />
                </IconButton>
              </Stack>
            ))}
            {errors.questions?.message && <Alert severity="error">{errors.questions.message}</Alert>}
            <Box>
              <Button startIcon={<Add />} onClick={() => questions.append({ label: `Q${questions.fields.length + 1}`, co: data.cos[0]?.code ?? 'CO1', maxMarks: 10 })}>
                Add question
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The marks grid of one paper: a row per student, a cell per question (and a total for an end exam). */
function MarksEditor({ id, data, onDeleted }: { id: number; data: TSubjectOutcomes; onDeleted: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const sheet = useMarksSheet(id);
  const save = useSaveMarks(id);
  const remove = useDeleteAssessment();
  const [editing, setEditing] = useState(false);
  const [cells, setCells] = useState<Record<number, string[]>>({});
  const [totals, setTotals] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    if (!sheet.data) return;
    setCells(Object.fromEntries(sheet.data.students.map((s) => [s.studentId, s.marks.map((m) => (m === null ? '' : String(m)))])));
    setTotals({});
  }, [sheet.data]);
  const a = sheet.data?.assessment;
  const end = a ? isExternal(a.kind) : false;
  const canEdit = !!sheet.data?.canEdit && !a?.yearLocked;
  const highest: Record<number, number> = {};
  for (const s of sheet.data?.students ?? [])
    a?.questions.forEach((q, i) => {
      const m = s.marks[i];
      if (m !== null && m > (highest[q.id] ?? -1)) highest[q.id] = m;
    });
  const deletePaper = async () => {
    if (!a) return;
    const ok = await confirm({
      title: `Delete ${a.name}?`,
      text: a.marked
        ? `${a.name} has marks entered for ${a.marked} student(s). Deleting it deletes those marks too, and the attainment will no longer count it.`
        : `${a.name} has no marks entered yet.`,
      confirmText: a.marked ? 'Delete with its marks' : 'Delete',
    });
    if (!ok) return;
    try {
      const r = await remove.mutateAsync({ id: a.id, confirm: a.marked > 0 });
      toast.success(r.message);
      onDeleted();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const submit = async () => {
    if (!sheet.data) return;
    setError('');
    const rows = sheet.data.students.map((s) => {
      const t = totals[s.studentId];
      if (end && t !== undefined && t.trim() !== '') return { studentId: s.studentId, total: Number(t) };
      return { studentId: s.studentId, marks: (cells[s.studentId] ?? []).map((v) => (v.trim() === '' ? null : Number(v))) };
    });
    try {
      const r = await save.mutateAsync({ rows });
      toast.success(r.message);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <QueryState query={sheet}>
      {a && sheet.data && (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
            <Typography variant="h6" component="h3">
              {a.name} · {a.sectionLabel} · {a.academicYear} · max {a.maxMarks}
            </Typography>
            {canEdit && (
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<Edit />} onClick={() => setEditing(true)}>
                  Edit assessment
                </Button>
                <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => void deletePaper()} disabled={remove.isPending}>
                  Delete assessment
                </Button>
              </Stack>
            )}
          </Stack>
          {a.yearLocked && <Alert severity="info">The academic year {a.academicYear} is locked: its figures are final, so this paper and its marks can no longer change.</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {end && canEdit && (
            <Alert severity="info">End exam: type marks per question, or only a total; a total is spread over the questions by their maximum marks (the paper’s CO weights).</Alert>
          )}
          {sheet.data.students.length === 0 ? (
            <Alert severity="info">No students in this section.</Alert>
          ) : (
            <GridTable
              label={`Marks of ${a.name}`}
              stickyFirst
              maxHeight={520}
              head={[
                { key: 'roll', content: 'Roll No' },
                { key: 'name', content: 'Name', sx: WIDE_ONLY },
                ...a.questions.map((q) => ({
                  key: q.id,
                  align: 'center' as const,
                  content: (
                    <>
                      {q.label}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {q.co} · /{q.maxMarks}
                      </Typography>
                    </>
                  ),
                })),
                { key: 'total', content: 'Total', align: 'center' },
              ]}
              rows={sheet.data.students.map((s) => ({
                key: s.studentId,
                cells: [
                  { key: 'roll', content: s.rollNo, rowHeader: true, sx: { whiteSpace: 'nowrap', fontWeight: 400 } },
                  { key: 'name', content: s.name, sx: WIDE_ONLY },
                  ...a.questions.map((q, i) => ({
                    key: q.id,
                    align: 'center' as const,
                    sx: { p: 0.5 },
                    content: (
                      <input
                        aria-label={`${s.rollNo} ${q.label}`}
                        inputMode="decimal"
                        disabled={!canEdit}
                        value={cells[s.studentId]?.[i] ?? ''}
                        onChange={(e) =>
                          setCells({ ...cells, [s.studentId]: (cells[s.studentId] ?? []).map((v, k) => (k === i ? e.target.value : v)) })
                        }
                        style={{ width: 52, padding: 4, textAlign: 'center', fontSize: 14 }}
                      />
                    ),
                  })),
                  {
                    key: 'total',
                    align: 'center',
                    sx: { p: 0.5 },
                    content:
                      end && canEdit ? (
                        <input
                          aria-label={`${s.rollNo} total`}
                          inputMode="decimal"
                          placeholder={s.total === null ? '' : String(s.total)}
                          value={totals[s.studentId] ?? ''}
                          onChange={(e) => setTotals({ ...totals, [s.studentId]: e.target.value })}
                          style={{ width: 60, padding: 4, textAlign: 'center', fontSize: 14 }}
                        />
                      ) : (
                        (s.total ?? '–')
                      ),
                  },
                ],
              }))}
            />
          )}
          {canEdit && (
            <>
              <Box>
                <Button variant="contained" onClick={submit} disabled={save.isPending}>
                  Save marks
                </Button>
              </Box>
              <ImportPanel
                title="Import marks from Excel"
                endpoint={{ path: `obe/assessments/${a.id}/marks/import` }}
                invalidates={[['obe']]}
                template={{ endpoint: { path: `obe/assessments/${a.id}/template` }, fileName: `marks-${a.subjectCode}-${a.id}.xlsx`, label: 'Download marks template' }}
                labels={{ rowNoun: 'student rows', rejectedTitle: 'Rows not imported', hint: 'Fill the template the portal makes for this paper: a column per question (and Total for an end exam).' }}
              />
            </>
          )}
          {editing && <AssessmentDialog data={data} editing={a} highest={highest} onClose={() => setEditing(false)} onSaved={() => undefined} />}
        </Stack>
      )}
    </QueryState>
  );
}

export function AssessmentsTab({ data }: { data: TSubjectOutcomes }) {
  const list = useAssessments(data.subject.id);
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const items: TAssessment[] = list.data ?? [];
  const years = [...new Set(items.map((a) => a.academicYear))];
  return (
    <Stack spacing={2}>
      {data.canEdit && (
        <Box>
          {data.cos.length === 0 ? (
            <Alert severity="info">Define the course outcomes first: every question is tagged to one.</Alert>
          ) : (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} disabled={!data.sections.length}>
              New assessment
            </Button>
          )}
        </Box>
      )}
      <QueryState query={list}>
        {items.length === 0 && <Alert severity="info">No assessments yet.</Alert>}
        {years.map((y) => (
          <Box key={y}>
            <Typography variant="subtitle1" fontWeight={700} sx={{ mb: 1 }}>
              {y}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
              {items
                .filter((a) => a.academicYear === y)
                .map((a) => (
                  <Card key={a.id} variant="outlined" sx={{ borderColor: selected === a.id ? 'primary.main' : undefined, borderWidth: selected === a.id ? 2 : 1 }}>
                    <CardActionArea onClick={() => setSelected(a.id)} aria-pressed={selected === a.id}>
                      <CardContent>
                        <Typography fontWeight={700}>
                          {a.name}
                          {a.yearLocked && (
                            <Chip size="small" label="Locked" sx={{ ml: 1 }} />
                          )}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {a.sectionLabel} · {ASSESSMENT_KIND_LABELS[a.kind]} · max {a.maxMarks}
                        </Typography>
                        <Stack direction="row" spacing={0.5} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
                          {[...new Set(a.questions.map((q) => q.co))].map((c) => (
                            <Chip key={c} size="small" label={c} variant="outlined" />
                          ))}
                          <Chip size="small" label={`${a.marked} marked`} color={a.marked ? 'success' : 'default'} />
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                ))}
            </Box>
          </Box>
        ))}
      </QueryState>
      {selected !== null && <MarksEditor key={selected} id={selected} data={data} onDeleted={() => setSelected(null)} />}
      {creating && <AssessmentDialog data={data} onClose={() => setCreating(false)} onSaved={setSelected} />}
    </Stack>
  );
}
