import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { TDuty } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { ddmmyyyy, sessionLabel } from '../format';
import { useMyDuties } from './api';
import { AskSwapDialog } from './AskSwapDialog';
import { DutyStatus } from './DutyStatus';

type MyDuty = TDuty & { examId: number; exam: string };

const COLUMNS: Array<DataColumn<MyDuty>> = [
  { key: 'date', header: 'Date', nowrap: true, value: (d) => ddmmyyyy(d.date) },
  { key: 'session', header: 'Session', value: (d) => `${sessionLabel(d.session)} (${d.session})` },
  { key: 'room', header: 'Room' },
  { key: 'exam', header: 'Exam', hideBelow: 'md' },
  {
    key: 'status',
    header: 'Status',
    value: (d) => (d.status === 'assigned' ? 'Assigned' : `Swap to ${d.swapTo ?? ''} waiting`),
    render: (d) => <DutyStatus duty={d} />,
  },
];

/** /app/exams/my-duties: a faculty member's invigilation duties, and a swap asked of the exam cell. */
export function MyDutiesPage() {
  const duties = useMyDuties();
  const [swapping, setSwapping] = useState<MyDuty | null>(null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, md: 32 } }}>
          My invigilation duties
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The rooms you invigilate, by date and session. To hand a duty to a free colleague, ask to swap: the exam cell approves
          it.
        </Typography>
      </Box>
      <DataTable
        label="My invigilation duties"
        testId="my-duties"
        columns={COLUMNS}
        {...queryRows(duties)}
        rowKey={(d) => d.id}
        rowTestId={(d) => `my-duty-${d.id}`}
        cardTitle={(d) => `${ddmmyyyy(d.date)} ${d.session} · ${d.room}`}
        emptyText="You have no invigilation duty."
        paging={25}
        actions={(d) =>
          d.status === 'assigned' && (
            <Button size="small" startIcon={<SwapHoriz />} onClick={() => setSwapping(d)}>
              Ask to swap
            </Button>
          )
        }
      />
      {swapping && <AskSwapDialog duty={swapping} onClose={() => setSwapping(null)} />}
    </Box>
  );
}
