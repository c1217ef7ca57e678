import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableView from '@mui/icons-material/TableView';
import type { TCoAttainment, TSubjectAttainment } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { GridTable } from '../../components/GridTable';
import { downloadSubjectReport, useAssessments, useAttainmentRows, useSubjectAttainment } from './api';
import { QueryState } from '../../components/QueryState';
import { fmt, GapChip, recentYears } from './components';

type Part = 'internal' | 'external' | 'survey';
const PART_LABEL: Record<Part, string> = { internal: 'internal assessments', external: 'end exam', survey: 'course-exit survey' };

/** The students behind one figure. */
type Pick = { year: string; co: string; part: Part; sectionId?: number };

function RowsDialog({ subjectId, pick, onClose }: { subjectId: number; pick: Pick | null; onClose: () => void }) {
  const rows = useAttainmentRows(subjectId, pick);
  const d = rows.data;
  return (
    <Dialog open={pick !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="rows-title">
      <DialogTitle id="rows-title">
        {pick?.co} · {pick ? PART_LABEL[pick.part] : ''}
      </DialogTitle>
      <DialogContent>
        <QueryState query={rows}>
          {d && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {d.part === 'survey'
                  ? `Ratings 1–5; ${d.rows.length} answers, mean ${fmt(d.rows.reduce((s, r) => s + r.value, 0) / Math.max(d.rows.length, 1))}.`
                  : `Out of ${d.maxMarks} marks; a student attains at ${d.threshold}% (${fmt((d.maxMarks * d.threshold) / 100)} marks). ${d.rows.filter((r) => r.attained).length} of ${d.rows.length} attain.`}
              </Typography>
              <DataTable
                label="Students behind the figure"
                columns={[
                  { key: 'rollNo', header: 'Roll No' },
                  { key: 'name', header: 'Name' },
                  { key: 'section', header: 'Section' },
                  { key: 'value', header: d.part === 'survey' ? 'Rating' : 'Marks', align: 'right' },
                  { key: 'pct', header: '%', align: 'right', value: (r) => fmt(r.pct, 1) },
                  {
                    key: 'attained',
                    header: d.part === 'survey' ? '3 or more' : 'Attained',
                    value: (r) => (r.attained ? 'Yes' : 'No'),
                    render: (r) => (
                      <Box component="span" sx={{ color: r.attained ? 'success.main' : 'error.main' }}>
                        {r.attained ? 'Yes' : 'No'}
                      </Box>
                    ),
                  },
                ]}
                rows={d.rows}
                rowKey={(r) => r.rollNo}
                loading={false}
                emptyText="No students."
              />
            </>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function PartCell({ c, part, onPick }: { c: TCoAttainment; part: 'internal' | 'external'; onPick: (p: Part) => void }) {
  const p = c[part];
  if (!p) return <>–</>;
  return (
    <Link component="button" type="button" onClick={() => onPick(part)} aria-label={`${c.code} ${part}: ${p.attained} of ${p.students} students, level ${p.level}. Show the students`}>
      {fmt(p.pct, 1)}% · L{p.level}
    </Link>
  );
}

function Sheet({ a, onPick }: { a: TSubjectAttainment; onPick: (co: string, p: Part) => void }) {
  const s = a.settings;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {a.section ? `Section ${a.section.label}` : `All sections${a.sections.length > 1 ? ` (${a.sections.map((x) => x.label).join(', ')}, students pooled)` : ''}`} · {a.students} students · target {s.targetPct}% of a CO’s marks · levels 3/2/1 at {s.level3}/{s.level2}/{s.level1}% of students · internal {s.internalWeight}% + end exam {s.externalWeight}% · direct {s.directWeight}% + survey {s.indirectWeight}% (mean × 3/5) · target level {s.targetLevel}
        {!s.saved && ' (defaults: no rules saved for this year)'}
      </Typography>
      <DataTable
        label="Course outcome attainment"
        columns={[
          { key: 'code', header: 'CO', render: (c) => <b>{c.code}</b> },
          { key: 'statement', header: 'Statement', render: (c) => <Box component="span" sx={{ display: 'block', maxWidth: 320 }}>{c.statement}</Box> },
          {
            key: 'internal',
            header: 'Internal (% students · level)',
            align: 'center',
            value: (c) => (c.internal ? `${fmt(c.internal.pct, 1)}% · L${c.internal.level}` : '–'),
            render: (c) => <PartCell c={c} part="internal" onPick={(p) => onPick(c.code, p)} />,
          },
          {
            key: 'external',
            header: 'End exam (% students · level)',
            align: 'center',
            value: (c) => (c.external ? `${fmt(c.external.pct, 1)}% · L${c.external.level}` : '–'),
            render: (c) => <PartCell c={c} part="external" onPick={(p) => onPick(c.code, p)} />,
          },
          { key: 'direct', header: 'Direct', align: 'right', value: (c) => fmt(c.direct) },
          {
            key: 'survey',
            header: 'Survey mean (answers)',
            align: 'center',
            value: (c) => (c.surveyMean === null ? '–' : `${fmt(c.surveyMean)} (${c.surveyResponses})`),
            render: (c) =>
              c.surveyMean === null ? (
                '–'
              ) : (
                <Link component="button" type="button" onClick={() => onPick(c.code, 'survey')} aria-label={`${c.code} survey answers`}>
                  {fmt(c.surveyMean)} ({c.surveyResponses})
                </Link>
              ),
          },
          { key: 'indirect', header: 'Indirect', align: 'right', value: (c) => fmt(c.indirect) },
          {
            key: 'final',
            header: 'Final',
            align: 'right',
            value: (c) => fmt(c.final),
            render: (c) => (
              <b data-testid={`final-${c.code}`}>{fmt(c.final)}</b>
            ),
          },
          { key: 'target', header: 'Target', align: 'right', value: (c) => fmt(c.target) },
          { key: 'gap', header: 'Gap', align: 'center', render: (c) => <GapChip gap={c.gap} /> },
        ]}
        rows={a.cos}
        rowKey={(c) => c.coId}
        loading={false}
        emptyText="This course has no course outcomes yet."
        paging={false}
      />
      <Box component="section" aria-labelledby="po-title">
        <Typography id="po-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          PO/PSO attainment of the course
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Σ(CO final × strength) / Σ strength over the COs mapped to each outcome.
        </Typography>
        <GridTable
          label="PO attainment of the course"
          sx={{ '& td, & th': { px: 0.75, textAlign: 'center' } }}
          head={[{ key: 'co' }, ...a.outcomes.map((o) => ({ key: o.outcomeId, content: o.code, sx: { fontWeight: 700 } }))]}
          rows={[
            ...a.cos.map((c) => ({
              key: c.coId,
              cells: [
                { key: 'co', content: c.code, rowHeader: true, sx: { fontWeight: 700 } },
                ...a.outcomes.map((o) => ({
                  key: o.outcomeId,
                  content: a.mapping.find((m) => m.co === c.code && m.outcome === o.code)?.strength ?? '',
                })),
              ],
            })),
            {
              key: 'attained',
              cells: [
                { key: 'co', content: 'Attained', rowHeader: true, sx: { fontWeight: 700 } },
                ...a.outcomes.map((o) => ({ key: o.outcomeId, content: fmt(o.value), sx: { fontWeight: 700 }, testId: `course-${o.code}` })),
              ],
            },
            {
              key: 'gap',
              cells: [
                { key: 'co', content: 'Gap', rowHeader: true, sx: { fontWeight: 400 } },
                ...a.outcomes.map((o) => ({
                  key: o.outcomeId,
                  sx: { color: o.gap !== null && o.gap < 0 ? 'error.main' : 'text.primary' },
                  content: o.gap === null ? '–' : `${o.gap > 0 ? '+' : ''}${o.gap.toFixed(2)}`,
                })),
              ],
            },
          ]}
        />
      </Box>
    </Stack>
  );
}

export function AttainmentTab({ subjectId, code, initialYear }: { subjectId: number; code: string; initialYear?: string }) {
  const toast = useToast();
  const assessments = useAssessments(subjectId);
  const assessed = [...new Set((assessments.data ?? []).map((a) => a.academicYear))];
  const [year, setYear] = useState<string | undefined>(initialYear);
  const [sectionId, setSectionId] = useState<number | undefined>(undefined);
  const a = useSubjectAttainment(subjectId, year, sectionId);
  const shown = year ?? a.data?.academicYear ?? '';
  const sections = a.data?.sections ?? [];
  const [pick, setPick] = useState<Pick | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    try {
      await downloadSubjectReport(subjectId, shown, format, code, a.data?.section ?? undefined);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          label="Academic year"
          value={shown}
          onChange={(e) => {
            setYear(e.target.value);
            setSectionId(undefined);
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'attainment-year' } }}
        >
          {recentYears([...assessed, ...(shown ? [shown] : [])]).map((y) => (
            <MenuItem key={y} value={y}>
              {y}
              {assessed.includes(y) ? '' : ' (no assessments)'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Section"
          value={sectionId ?? 'all'}
          onChange={(e) => setSectionId(e.target.value === 'all' ? undefined : Number(e.target.value))}
          sx={{ minWidth: 180 }}
          disabled={!sections.length}
        >
          <MenuItem value="all">All sections</MenuItem>
          {sections.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.label}
            </MenuItem>
          ))}
          {sectionId !== undefined && !sections.some((x) => x.id === sectionId) && <MenuItem value={sectionId}>{a.data?.section?.label ?? '…'}</MenuItem>}
        </TextField>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={() => download('pdf')} disabled={!a.data}>
            Attainment sheet (PDF)
          </Button>
          <Button variant="outlined" startIcon={<TableView />} onClick={() => download('xlsx')} disabled={!a.data}>
            Excel
          </Button>
        </Stack>
      </Stack>
      <QueryState query={a}>{a.data && <Sheet a={a.data} onPick={(co, part) => setPick({ year: a.data.academicYear, co, part, sectionId: a.data.section?.id })} />}</QueryState>
      <RowsDialog subjectId={subjectId} pick={pick} onClose={() => setPick(null)} />
    </Stack>
  );
}
