import { useState } from 'react';
import { Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import Tune from '@mui/icons-material/Tune';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { useInternalSections } from './api';
import { useCardColumns, usePhone } from './columns';
import type { SectionProgress } from './labels';
import { ModerateDialog } from './ModerateDialog';

const percent = (s: SectionProgress) => (s.students ? Math.round((s.entered / s.students) * 100) : 0);

const COLUMNS: Array<DataColumn<SectionProgress>> = [
  { key: 'paper', header: 'Paper' },
  { key: 'section', header: 'Section', nowrap: true },
  { key: 'faculty', header: 'Faculty', hideBelow: 'md' },
  {
    key: 'entered',
    header: 'Entered',
    value: (s) => `${s.entered} of ${s.students}`,
    render: (s) => (
      <Box sx={{ minWidth: 110 }}>
        <Typography variant="body2">
          {s.entered} of {s.students}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent(s)}
          color={s.entered === s.students ? 'success' : 'primary'}
          aria-label={`Internal marks entered for ${s.paper} ${s.section}`}
        />
      </Box>
    ),
  },
  {
    key: 'locked',
    header: 'Locked',
    value: (s) => (s.locked ? 'Locked' : 'Open'),
    render: (s) => <Chip size="small" color={s.locked ? 'success' : 'default'} label={s.locked ? 'Locked' : 'Open'} />,
  },
  {
    key: 'moderated',
    header: 'Moderated',
    value: (s) => (s.moderated ? 'Moderated' : '—'),
    render: (s) => (s.moderated ? <Chip size="small" color="info" label="Moderated" /> : '—'),
  },
];

/** Each paper and section's internal marks: how many are in, whether the HoD locked them, moderation. */
export function InternalProgress({ examId }: { examId: number }) {
  const sections = useInternalSections(examId);
  const [moderating, setModerating] = useState<SectionProgress | null>(null);
  const columns = useCardColumns(COLUMNS, ['paper', 'section']);
  const phone = usePhone();
  const items = sections.data?.items;
  const locked = items?.filter((s) => s.locked).length ?? 0;
  return (
    <Box component="section" aria-labelledby="internal-progress-title">
      <Typography id="internal-progress-title" variant="subtitle1" component="h2" fontWeight={700}>
        Internal marks
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="internal-summary">
        {items
          ? `${locked} of ${items.length} section${items.length === 1 ? '' : 's'} locked. Only a locked section may be moderated.`
          : 'Faculty enter each section’s marks; the HoD locks them.'}
      </Typography>
      <DataTable
        label="Internal marks by section"
        testId="internal-progress"
        maxHeight={560}
        columns={columns}
        {...queryRows(sections, (d) => d.items)}
        rowKey={(s) => `${s.paperId}-${s.sectionId}`}
        rowTestId={(s) => `section-${s.paperId}-${s.sectionId}`}
        cardTitle={(s) => `${s.paper} · ${s.section}`}
        emptyText="No paper of this exam has a section to enter internal marks for."
        search
        searchPlaceholder="Paper, section or faculty"
        paging={phone ? 10 : 25}
        actions={(s) =>
          s.locked && (
            <Button size="small" startIcon={<Tune />} onClick={() => setModerating(s)}>
              Moderate
            </Button>
          )
        }
      />
      {moderating && <ModerateDialog examId={examId} section={moderating} onClose={() => setModerating(null)} />}
    </Box>
  );
}
