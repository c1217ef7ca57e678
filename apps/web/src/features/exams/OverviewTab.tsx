import { Box, Paper, Typography } from '@mui/material';
import type { TExam, TExamPaper } from '@erp/shared';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { StatsPanel } from '../../components/StatsPanel';
import { ddmmyyyy, rupees, sessionLabel } from './format';

const PAPER_COLUMNS: Array<DataColumn<TExamPaper>> = [
  { key: 'code', header: 'Code', nowrap: true },
  { key: 'name', header: 'Subject' },
  { key: 'semester', header: 'Semester', hideBelow: 'md' },
  { key: 'branch', header: 'Branch' },
  { key: 'date', header: 'Date', nowrap: true, value: (p) => (p.date ? ddmmyyyy(p.date) : 'Not set') },
  { key: 'session', header: 'Session', value: (p) => sessionLabel(p.session) },
  { key: 'registered', header: 'Registered', align: 'right' },
];

/** The exam's figures, its fees and its papers. */
export function OverviewTab({ exam }: { exam: TExam }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StatsPanel
        variant="cards"
        columns={{ xs: 2, md: 4 }}
        aria-label="Exam figures"
        stats={[
          { label: 'Papers', value: exam.papers.length, testId: 'stat-papers' },
          { label: 'Registered', value: exam.registrations, testId: 'stat-registered' },
          { label: 'Verified', value: exam.verified, testId: 'stat-verified' },
          { label: 'Hall tickets', value: exam.hallTickets, testId: 'stat-hall-tickets' },
        ]}
      />
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
          Fees
        </Typography>
        <StatsPanel
          columns={{ xs: 1, sm: 2, md: 4 }}
          stats={[
            { label: 'Per paper', value: rupees(exam.feePerPaperPaise), testId: 'fee-per-paper' },
            { label: 'Cap per student', value: exam.feeCapPaise ? rupees(exam.feeCapPaise) : 'No cap' },
            { label: 'Dues limit for a hall ticket', value: rupees(exam.duesLimitPaise) },
            { label: 'Condonation fee', value: rupees(exam.condonationFeePaise) },
          ]}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Late fees
        </Typography>
        {exam.lateFees.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None: registration costs the same until it closes.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="late-fees">
            {exam.lateFees.map((s) => (
              <Typography component="li" variant="body2" key={s.fromDate}>
                From {ddmmyyyy(s.fromDate)}: {rupees(s.feePaise)}
              </Typography>
            ))}
          </Box>
        )}
      </Paper>
      <Box>
        <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ mb: 1 }}>
          Papers
        </Typography>
        <DataTable
          label="Papers"
          columns={PAPER_COLUMNS}
          rows={exam.papers}
          loading={false}
          rowKey={(p) => p.id}
          emptyText="No papers: the exam's semesters have no subjects in the masters."
          search
          searchPlaceholder="Code, subject, branch"
          exportName={`papers-${exam.id}`}
        />
      </Box>
    </Box>
  );
}
