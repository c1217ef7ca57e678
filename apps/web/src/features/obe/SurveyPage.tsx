import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { TSurveyForms } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useAnswerSurvey, useSurveyForms } from './api';
import { QueryState } from '../../components/QueryState';

const SCALE = ['1 · Not at all', '2 · Slightly', '3 · Moderately', '4 · Well', '5 · Very well'];

function Form({ f, initiallyOpen }: { f: TSurveyForms[number]; initiallyOpen: boolean }) {
  const toast = useToast();
  const answer = useAnswerSurvey();
  const [ratings, setRatings] = useState<Record<string, number>>(Object.fromEntries(f.cos.filter((c) => c.rating !== null).map((c) => [c.code, c.rating!])));
  const [error, setError] = useState('');
  const [open, setOpen] = useState(initiallyOpen);
  const submit = async () => {
    setError('');
    if (f.cos.some((c) => !ratings[c.code])) {
      setError('Rate every course outcome from 1 to 5');
      return;
    }
    try {
      const r = await answer.mutateAsync({ subjectId: f.subjectId, academicYear: f.academicYear, ratings: f.cos.map((c) => ({ co: c.code, rating: ratings[c.code] })) });
      toast.success(r.message);
      setOpen(false);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-label={`${f.subjectCode} ${f.subjectName}`}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
          <Box>
            <Typography fontWeight={700}>
              {f.subjectCode} · {f.subjectName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {f.academicYear}
            </Typography>
          </Box>
          {f.answered ? <Chip label="Answered" color="success" size="small" /> : <Chip label="Open" color="warning" size="small" />}
        </Stack>
        {!open ? (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
            {f.answered ? 'Change my answers' : 'Answer'}
          </Button>
        ) : (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Typography variant="body2">How well did this course help you achieve each outcome?</Typography>
            {error && <Alert severity="error">{error}</Alert>}
            {f.cos.map((c) => (
              <Box key={c.code}>
                <Typography id={`${f.subjectId}-${c.code}`} fontWeight={600}>
                  {c.code}: {c.statement}
                </Typography>
                <RadioGroup
                  row
                  aria-labelledby={`${f.subjectId}-${c.code}`}
                  value={ratings[c.code] ?? ''}
                  onChange={(e) => setRatings({ ...ratings, [c.code]: Number(e.target.value) })}
                >
                  {SCALE.map((label, i) => (
                    <FormControlLabel key={i} value={i + 1} control={<Radio size="small" />} label={label} />
                  ))}
                </RadioGroup>
              </Box>
            ))}
            <Box>
              <Button variant="contained" onClick={submit} disabled={answer.isPending}>
                Submit survey
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The student's course-exit surveys: one per course assessed in their section. */
export function SurveyPage() {
  const forms = useSurveyForms();
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 } }}>
        Course Exit Survey
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Rate how well each course met its outcomes. Your answers are counted, never shown with your name to your teachers.
      </Typography>
      <QueryState query={forms}>
        {(forms.data ?? []).length === 0 ? (
          <Alert severity="info">No course-exit survey is open for you.</Alert>
        ) : (
          <Stack spacing={2}>
            {[...(forms.data ?? [])]
              .sort((a, b) => Number(a.answered) - Number(b.answered))
              .map((f, i) => (
                <Form key={`${f.subjectId}-${f.academicYear}`} f={f} initiallyOpen={i === 0 && !f.answered} />
              ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
