import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import { EXAM_CELL_ROLES, type TEligibilityRow, type TExam } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { DataTable, errorText, queryRows, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useServerList } from '../../components/useServerList';
import { useEligibility, useIssueHallTickets } from './api';
import { branchesOf } from './format';
import { Reasons } from './EligibilityTab';
import { HallTicketLink } from './HallTicketLink';
import { SkippedList } from './SkippedList';
import { PrintTicketsButton } from './duties/PrintTicketsButton';

type Issued = { title: string; withheld: Array<{ rollNo: string; reasons: string[] }> };

const COLUMNS: Array<DataColumn<TEligibilityRow>> = [
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name' },
  { key: 'branch', header: 'Branch' },
  {
    key: 'hallTicket',
    header: 'Hall ticket',
    value: (r) => (r.hallTicket ? 'Issued' : r.eligible ? 'Not issued yet' : 'Withheld'),
    render: (r) =>
      r.hallTicket ? (
        <Chip size="small" color="success" label="Issued" />
      ) : (
        <Chip
          size="small"
          variant="outlined"
          color={r.eligible ? 'default' : 'error'}
          label={r.eligible ? 'Not issued yet' : 'Withheld'}
        />
      ),
  },
  {
    key: 'reasons',
    header: 'Why withheld',
    value: (r) => r.reasons.join('; '),
    render: (r) => (r.eligible ? '' : <Reasons reasons={r.reasons} />),
    hideBelow: 'md',
  },
];

/** Issue hall tickets to all or one branch (the withheld listed with their reasons) and download each. */
export function HallTicketsTab({ exam }: { exam: TExam }) {
  const mayIssue = useCan(EXAM_CELL_ROLES);
  const toast = useToast();
  const issue = useIssueHallTickets(exam.id);
  const branches = branchesOf(exam.papers);
  const [branch, setBranch] = useState('');
  const [result, setResult] = useState<Issued | null>(null);
  const list = useServerList({ label: 'Search students', placeholder: 'Roll number or name' });
  const q = useEligibility(exam.id, { q: list.q || undefined, page: list.page + 1 });

  const run = async (body: { branch?: string; rollNos?: string[] }) => {
    try {
      const r = await issue.mutateAsync(body);
      toast.success(r.message);
      setResult({ title: r.message, withheld: r.withheld });
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {mayIssue && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={700}>
            Issue hall tickets
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Only students who pass every gate get one; the rest are listed with their reasons. Tickets already issued stay as they
            are.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="contained"
              startIcon={<ConfirmationNumber />}
              onClick={() => run({})}
              loading={issue.isPending && !branch}
              disabled={issue.isPending}
            >
              Issue for all
            </Button>
            <TextField
              select
              size="small"
              label="Branch"
              value={branch}
              onChange={(e) => setBranch(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {branches.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => run({ branch })} disabled={!branch || issue.isPending}>
              Issue for {branch || 'a branch'}
            </Button>
          </Stack>
        </Paper>
      )}
      {mayIssue && <PrintTicketsButton exam={exam} />}
      {result && (
        <SkippedList title={result.title} skipped={result.withheld} onClose={() => setResult(null)} testId="issue-result" />
      )}
      <DataTable
        label="Hall tickets"
        columns={COLUMNS}
        {...queryRows(q, (d) => d.items)}
        rowKey={(r) => r.registrationId}
        rowTestId={(r) => `ticket-${r.rollNo}`}
        emptyText="No one is registered yet."
        search={list.search}
        paging={{ ...list.paging(q.data?.total), pageSize: q.data?.limit ?? 50, onPageSize: undefined }}
        actions={(r) =>
          r.hallTicket ? (
            <HallTicketLink examId={exam.id} rollNo={r.rollNo} label="Download" />
          ) : (
            mayIssue &&
            r.eligible && (
              <Button size="small" onClick={() => run({ rollNos: [r.rollNo] })} disabled={issue.isPending}>
                Issue
              </Button>
            )
          )
        }
      />
    </Box>
  );
}
