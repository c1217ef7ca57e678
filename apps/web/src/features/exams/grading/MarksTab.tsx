import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import Rule from '@mui/icons-material/Rule';
import EventAvailable from '@mui/icons-material/EventAvailable';
import type { TExam } from '@erp/shared';
import { ExamRulesDialog } from './ExamRulesDialog';
import { ExternalProgress } from './ExternalProgress';
import { InternalProgress } from './InternalProgress';
import { ResultSteps } from './ResultSteps';
import { RevalWindowDialog } from './RevalWindowDialog';

/** The exam cell's "Marks" tab: the regulation's rules, marks progress, moderation, and the steps to publication. */
export function MarksTab({ exam }: { exam: TExam }) {
  const [open, setOpen] = useState<'rules' | 'window' | null>(null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<Rule />} onClick={() => setOpen('rules')}>
          Exam rules
        </Button>
        <Button variant="outlined" startIcon={<EventAvailable />} onClick={() => setOpen('window')}>
          Revaluation window
        </Button>
      </Stack>
      <ResultSteps exam={exam} />
      <InternalProgress examId={exam.id} />
      <ExternalProgress exam={exam} />
      {open === 'rules' && <ExamRulesDialog exam={exam} onClose={() => setOpen(null)} />}
      {open === 'window' && <RevalWindowDialog exam={exam} onClose={() => setOpen(null)} />}
    </Box>
  );
}
