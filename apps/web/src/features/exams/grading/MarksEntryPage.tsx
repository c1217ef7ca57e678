import { useSearchParams } from 'react-router';
import { Box, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { QueryState } from '../../../components/QueryState';
import { useMarksDeskExams } from './api';
import { EvaluationDesk } from './EvaluationDesk';
import { EvaluatorRevaluations } from './EvaluatorRevaluations';
import { InternalMarksDesk, type SectionKey } from './InternalMarksDesk';

const PARTS = [
  { key: 'internal', label: 'Internal marks' },
  { key: 'evaluation', label: 'Evaluation' },
] as const;

/**
 * /app/exams/marks: the faculty's and HoD's marks desk. Choose an exam taking marks (or a published
 * one, for revaluation); enter each section's internal marks (the HoD locks them), or evaluate
 * scripts by dummy number. The choices
 * live in the address (?exam=&part=&paper=&section=), so a reload keeps the sheet open.
 */
export function MarksEntryPage() {
  const exams = useMarksDeskExams();
  const [params, setParams] = useSearchParams();
  const list = exams.data ?? [];
  const asked = Number(params.get('exam'));
  const exam = list.find((e) => e.id === asked) ?? (list.length === 1 ? list[0] : undefined);
  const part = params.get('part') === 'evaluation' ? 'evaluation' : 'internal';
  const paperId = Number(params.get('paper'));
  const sectionId = Number(params.get('section'));
  const chosen: SectionKey | null = paperId > 0 && sectionId > 0 ? { paperId, sectionId } : null;
  const set = (next: Record<string, string | number | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: true });
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
          Marks entry
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Internal marks of the sections you teach, and the external marks of the answer scripts you evaluate.
        </Typography>
      </Box>
      <QueryState
        query={exams}
        what="the exams"
        height={56}
        empty={list.length === 0}
        emptyText="No exam is taking marks or revaluation now: marks are entered once the exam cell moves an exam to marks entry."
      >
        <TextField
          select
          size="small"
          label="Exam"
          value={exam?.id ?? ''}
          onChange={(e) => set({ exam: e.target.value, paper: null, section: null })}
          sx={{ maxWidth: 480 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            Choose the exam
          </MenuItem>
          {list.map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.name}
              {e.status === 'published' ? ' (published: revaluation)' : ''}
            </MenuItem>
          ))}
        </TextField>
        {exam && (
          <Box>
            <Tabs
              value={part}
              onChange={(_e, v: string) => set({ part: v === 'internal' ? null : v })}
              aria-label="Marks entry parts"
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              {PARTS.map((p) => (
                <Tab key={p.key} value={p.key} label={p.label} id={`marks-tab-${p.key}`} aria-controls={`marks-panel-${p.key}`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`marks-panel-${part}`} aria-labelledby={`marks-tab-${part}`}>
              {part === 'internal' ? (
                <InternalMarksDesk
                  examId={exam.id}
                  chosen={chosen}
                  onChoose={(s) => set({ paper: s?.paperId ?? null, section: s?.sectionId ?? null })}
                />
              ) : (
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
                  {/* a published exam's scripts are decoded: only revaluation is left */}
                  {exam.status !== 'published' && <EvaluationDesk examId={exam.id} />}
                  <EvaluatorRevaluations examId={exam.id} />
                </Box>
              )}
            </Box>
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
