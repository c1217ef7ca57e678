import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import Gavel from '@mui/icons-material/Gavel';
import type { TRevalRequest } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { useRevalRequests } from './api';
import { useCardColumns } from './columns';
import { feeText } from './labels';
import { OutcomeDialog } from './OutcomeDialog';

const COLUMNS: Array<DataColumn<TRevalRequest>> = [
  { key: 'dummyNo', header: 'Dummy no', nowrap: true },
  { key: 'course', header: 'Paper', value: (r) => `${r.courseCode} ${r.course}` },
  { key: 'oldMarks', header: 'Marks now', align: 'right' },
  { key: 'fee', header: 'Fee', value: feeText },
];

/**
 * Scripts of this exam waiting for revaluation, by dummy number: an evaluator who did not mark a
 * script enters the marks of the second evaluation (the server refuses its own evaluators and an unpaid fee).
 */
export function EvaluatorRevaluations({ examId }: { examId: number }) {
  const [page, setPage] = useState(0);
  const requests = useRevalRequests({ examId, status: 'requested', kind: 'revaluation', page: page + 1 });
  const [deciding, setDeciding] = useState<TRevalRequest | null>(null);
  const columns = useCardColumns(COLUMNS, ['dummyNo']);
  return (
    <Box component="section" aria-labelledby="evaluator-reval-title">
      <Typography id="evaluator-reval-title" variant="subtitle1" component="h3" fontWeight={700}>
        Revaluation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Scripts students asked to be revalued. Evaluate those you did not mark.
      </Typography>
      <DataTable
        label="Scripts to revalue"
        testId="evaluator-revaluations"
        columns={columns}
        {...queryRows(requests, (d) => d.items)}
        rowKey={(r) => r.id}
        rowTestId={(r) => `revalue-${r.dummyNo}`}
        cardTitle={(r) => `Script ${r.dummyNo}`}
        emptyText="No script is waiting for revaluation."
        paging={{ page, pageSize: requests.data?.limit ?? 50, total: requests.data?.total, onPage: setPage }}
        actions={(r) => (
          <Button size="small" startIcon={<Gavel />} onClick={() => setDeciding(r)}>
            Outcome
          </Button>
        )}
      />
      {deciding && <OutcomeDialog request={deciding} onClose={() => setDeciding(null)} />}
    </Box>
  );
}
