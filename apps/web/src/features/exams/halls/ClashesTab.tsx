import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import type { TClashGroup, TExam } from '@erp/shared';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { ddmmyyyy, sessionLabel } from '../format';
import { useClashes } from './api';

type Clasher = TClashGroup['students'][number];

const COLUMNS: Array<DataColumn<Clasher>> = [
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name' },
  { key: 'papers', header: 'Papers', value: (s) => s.papers.join(', ') },
];

/** One session (or day) and the students who clash there. */
function Group({ group, severity }: { group: TClashGroup; severity: 'error' | 'warning' }) {
  const when = group.session ? `${ddmmyyyy(group.date)} ${sessionLabel(group.session)}` : ddmmyyyy(group.date);
  const what = group.session ? 'two or more papers in this session' : 'a paper in each session of this day';
  const key = `${group.date}-${group.session ?? 'day'}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid={`clash-${key}`}>
      <Typography variant="subtitle2" component="h3" color={severity === 'error' ? 'error' : 'warning.dark'} fontWeight={700}>
        {when}: {group.total} student{group.total === 1 ? '' : 's'} with {what}
      </Typography>
      {group.total > group.students.length && (
        <Typography variant="body2" color="text.secondary">
          The first {group.students.length} by roll number are listed.
        </Typography>
      )}
      <DataTable
        label={`Clashes ${when}`}
        columns={COLUMNS}
        rows={group.students}
        loading={false}
        rowKey={(s) => s.rollNo}
        emptyText=""
        paging={10}
        exportName={`clashes-${key}`}
      />
    </Paper>
  );
}

/** Every session where a student has two papers (to fix) and every day with a paper in both sessions (a warning). */
export function ClashesTab({ exam }: { exam: TExam }) {
  const clashes = useClashes(exam.id);
  const c = clashes.data;
  return (
    <QueryState query={clashes} what="the clashes">
      {c && (
        <Stack spacing={2}>
          {c.unscheduledPapers > 0 && (
            <Alert severity="info">
              {c.unscheduledPapers} paper{c.unscheduledPapers === 1 ? ' has' : 's have'} no date yet; its students are checked
              once it has one.
            </Alert>
          )}
          <Box>
            <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
              Same session
            </Typography>
            {c.sessionClashes.length === 0 ? (
              <Alert severity="success" data-testid="no-session-clash">
                No student writes two papers in one session.
              </Alert>
            ) : (
              <Stack spacing={1.5}>
                <Alert severity="error">
                  {c.sessionStudents} student{c.sessionStudents === 1 ? '' : 's'} would write two papers at once: move one of the
                  papers.
                </Alert>
                {c.sessionClashes.map((g) => (
                  <Group key={`${g.date}-${g.session}`} group={g} severity="error" />
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
              Same day
            </Typography>
            {c.dayClashes.length === 0 ? (
              <Alert severity="success">No student writes in both sessions of a day.</Alert>
            ) : (
              <Stack spacing={1.5}>
                <Alert severity="warning">
                  {c.dayStudents} student{c.dayStudents === 1 ? '' : 's'} write a paper in the forenoon and another in the
                  afternoon of one day.
                </Alert>
                {c.dayClashes.map((g) => (
                  <Group key={g.date} group={g} severity="warning" />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </QueryState>
  );
}
