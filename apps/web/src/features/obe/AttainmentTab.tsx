import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableView from '@mui/icons-material/TableView';
import type { TCoAttainment, TSubjectAttainment } from '@erp/shared';
import { useToast } from '../../components/feedback';
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
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Students behind the figure">
                  <TableHead>
                    <TableRow>
                      <TableCell>Roll No</TableCell>
                      <TableCell>Name</TableCell>
                      <TableCell>Section</TableCell>
                      <TableCell align="right">{d.part === 'survey' ? 'Rating' : 'Marks'}</TableCell>
                      <TableCell align="right">%</TableCell>
                      <TableCell>{d.part === 'survey' ? '3 or more' : 'Attained'}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {d.rows.map((r) => (
                      <TableRow key={r.rollNo}>
                        <TableCell>{r.rollNo}</TableCell>
                        <TableCell>{r.name}</TableCell>
                        <TableCell>{r.section}</TableCell>
                        <TableCell align="right">{r.value}</TableCell>
                        <TableCell align="right">{fmt(r.pct, 1)}</TableCell>
                        <TableCell sx={{ color: r.attained ? 'success.main' : 'error.main' }}>{r.attained ? 'Yes' : 'No'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const s = a.settings;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {a.section ? `Section ${a.section.label}` : `All sections${a.sections.length > 1 ? ` (${a.sections.map((x) => x.label).join(', ')}, students pooled)` : ''}`} · {a.students} students · target {s.targetPct}% of a CO’s marks · levels 3/2/1 at {s.level3}/{s.level2}/{s.level1}% of students · internal {s.internalWeight}% + end exam {s.externalWeight}% · direct {s.directWeight}% + survey {s.indirectWeight}% (mean × 3/5) · target level {s.targetLevel}
        {!s.saved && ' (defaults: no rules saved for this year)'}
      </Typography>
      {a.cos.length === 0 && <Alert severity="info">This course has no course outcomes yet.</Alert>}
      {phone ? (
        <Stack spacing={1} data-testid="co-cards">
          {a.cos.map((c) => (
            <Card key={c.coId} variant="outlined">
              <CardContent>
                <Stack direction="row" justifyContent="space-between" alignItems="center">
                  <Typography fontWeight={700}>{c.code}</Typography>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Typography>
                      Final <b>{fmt(c.final)}</b>
                    </Typography>
                    <GapChip gap={c.gap} />
                  </Stack>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {c.statement}
                </Typography>
                <Typography variant="body2">
                  Internal <PartCell c={c} part="internal" onPick={(p) => onPick(c.code, p)} /> · End exam <PartCell c={c} part="external" onPick={(p) => onPick(c.code, p)} />
                </Typography>
                <Typography variant="body2">
                  Direct {fmt(c.direct)} · Survey{' '}
                  {c.surveyMean === null ? '–' : (
                    <Link component="button" type="button" onClick={() => onPick(c.code, 'survey')}>
                      {fmt(c.surveyMean)} ({c.surveyResponses})
                    </Link>
                  )}{' '}
                  → {fmt(c.indirect)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Course outcome attainment">
            <TableHead>
              <TableRow>
                <TableCell>CO</TableCell>
                <TableCell>Statement</TableCell>
                <TableCell align="center">Internal (% students · level)</TableCell>
                <TableCell align="center">End exam (% students · level)</TableCell>
                <TableCell align="right">Direct</TableCell>
                <TableCell align="center">Survey mean (answers)</TableCell>
                <TableCell align="right">Indirect</TableCell>
                <TableCell align="right">Final</TableCell>
                <TableCell align="right">Target</TableCell>
                <TableCell align="center">Gap</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {a.cos.map((c) => (
                <TableRow key={c.coId}>
                  <TableCell sx={{ fontWeight: 700 }}>{c.code}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>{c.statement}</TableCell>
                  <TableCell align="center">
                    <PartCell c={c} part="internal" onPick={(p) => onPick(c.code, p)} />
                  </TableCell>
                  <TableCell align="center">
                    <PartCell c={c} part="external" onPick={(p) => onPick(c.code, p)} />
                  </TableCell>
                  <TableCell align="right">{fmt(c.direct)}</TableCell>
                  <TableCell align="center">
                    {c.surveyMean === null ? (
                      '–'
                    ) : (
                      <Link component="button" type="button" onClick={() => onPick(c.code, 'survey')} aria-label={`${c.code} survey answers`}>
                        {fmt(c.surveyMean)} ({c.surveyResponses})
                      </Link>
                    )}
                  </TableCell>
                  <TableCell align="right">{fmt(c.indirect)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }} data-testid={`final-${c.code}`}>
                    {fmt(c.final)}
                  </TableCell>
                  <TableCell align="right">{fmt(c.target)}</TableCell>
                  <TableCell align="center">
                    <GapChip gap={c.gap} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box component="section" aria-labelledby="po-title">
        <Typography id="po-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          PO/PSO attainment of the course
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Σ(CO final × strength) / Σ strength over the COs mapped to each outcome.
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="PO attainment of the course" sx={{ '& td, & th': { px: 0.75, textAlign: 'center' } }}>
            <TableHead>
              <TableRow>
                <TableCell />
                {a.outcomes.map((o) => (
                  <TableCell key={o.outcomeId} sx={{ fontWeight: 700 }}>
                    {o.code}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {a.cos.map((c) => (
                <TableRow key={c.coId}>
                  <TableCell sx={{ fontWeight: 700 }}>{c.code}</TableCell>
                  {a.outcomes.map((o) => (
                    <TableCell key={o.outcomeId}>{a.mapping.find((m) => m.co === c.code && m.outcome === o.code)?.strength ?? ''}</TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Attained</TableCell>
                {a.outcomes.map((o) => (
                  <TableCell key={o.outcomeId} sx={{ fontWeight: 700 }} data-testid={`course-${o.code}`}>
                    {fmt(o.value)}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow>
                <TableCell>Gap</TableCell>
                {a.outcomes.map((o) => (
                  <TableCell key={o.outcomeId} sx={{ color: o.gap !== null && o.gap < 0 ? 'error.main' : 'text.primary' }}>
                    {o.gap === null ? '–' : `${o.gap > 0 ? '+' : ''}${o.gap.toFixed(2)}`}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </Box>
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
