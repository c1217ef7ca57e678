import { Box, Button, Chip } from '@mui/material';
import EditNote from '@mui/icons-material/EditNote';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { useInternalSections, useInternalSheet } from './api';
import { useCardColumns } from './columns';
import { InternalMarksSheet } from './InternalMarksSheet';
import type { SectionProgress } from './labels';

const COLUMNS: Array<DataColumn<SectionProgress>> = [
  { key: 'paper', header: 'Paper' },
  { key: 'section', header: 'Section', nowrap: true },
  { key: 'faculty', header: 'Faculty', hideBelow: 'md' },
  { key: 'entered', header: 'Entered', value: (s) => `${s.entered} of ${s.students}` },
  {
    key: 'locked',
    header: 'State',
    value: (s) => (s.locked ? 'Locked' : 'Open'),
    render: (s) => <Chip size="small" color={s.locked ? 'success' : 'default'} label={s.locked ? 'Locked' : 'Open'} />,
  },
];

export type SectionKey = { paperId: number; sectionId: number };

/** The caller's papers and sections of the exam, and the one chosen as a marks sheet. */
export function InternalMarksDesk({
  examId,
  chosen,
  onChoose,
}: {
  examId: number;
  chosen: SectionKey | null;
  onChoose: (s: SectionKey | null) => void;
}) {
  const sections = useInternalSections(examId);
  const sheet = useInternalSheet(examId, chosen?.paperId ?? 0, chosen?.sectionId ?? 0);
  const columns = useCardColumns(COLUMNS, ['paper', 'section']);
  const chosenRow = sections.data?.items.find((s) => s.paperId === chosen?.paperId && s.sectionId === chosen?.sectionId);
  const isChosen = (s: SectionProgress) => chosen?.paperId === s.paperId && chosen.sectionId === s.sectionId;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <DataTable
        label="Your papers and sections"
        testId="my-sections"
        columns={columns}
        {...queryRows(sections, (d) => d.items)}
        rowKey={(s) => `${s.paperId}-${s.sectionId}`}
        rowTestId={(s) => `my-section-${s.paperId}-${s.sectionId}`}
        cardTitle={(s) => `${s.paper} · ${s.section}`}
        emptyText="You teach no paper of this exam to a section."
        search
        searchPlaceholder="Paper or section"
        paging={10}
        actions={(s) => (
          <Button
            size="small"
            variant={isChosen(s) ? 'contained' : 'text'}
            startIcon={<EditNote />}
            onClick={() => onChoose(isChosen(s) ? null : { paperId: s.paperId, sectionId: s.sectionId })}
            aria-pressed={isChosen(s)}
          >
            {s.locked || !s.mayEnter ? 'View' : 'Enter marks'}
          </Button>
        )}
      />
      {chosen && (
        <QueryState query={sheet} what="the marks sheet" height={240}>
          {sheet.data && (
            <InternalMarksSheet
              key={`${chosen.paperId}-${chosen.sectionId}`}
              examId={examId}
              sheet={sheet.data}
              mayEnter={chosenRow?.mayEnter ?? false}
              mayLock={chosenRow?.mayLock ?? false}
            />
          )}
        </QueryState>
      )}
    </Box>
  );
}
