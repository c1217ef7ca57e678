import { useState } from 'react';
import { LIBRARY_STAFF } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { openOverdueWorkbook, useCopyHistory, useReport } from './api';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';

/** History of a copy, and the reports: NAAC 4.2 figures, circulation, most borrowed, collection by subject, overdue list. */
export function HistoryPage() {
  const [text, setText] = useState('');
  const [barcode, setBarcode] = useState<string | null>(null);
  const history = useCopyHistory(barcode);
  const report = useReport();
  const toast = useToast();
  const r = report.data;
  // A copy's borrowers are the desk's to look up; leadership reads the reports below.
  const staff = useCan(LIBRARY_STAFF);
  return (
    <LibraryPage title="History and reports">
      {staff && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setBarcode(text.trim() || null);
          }}
          sx={{ display: 'flex', gap: 1, mb: 2 }}
        >
          <TextField
            label="Copy history: accession number"
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained">
            Show
          </Button>
        </Box>
      )}
      <QueryState query={history} height={80}>
        {history.data && (
          <Box sx={{ mb: 3 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {history.data.copy.accessionNo} · {history.data.title} <StatusChip status={history.data.copy.status} />
            </Typography>
            <ResponsiveList
              rows={history.data.loans}
              keyOf={(l) => l.id}
              empty="Never lent."
              columns={[
                { label: 'Patron', render: (l) => `${l.patronName} (${l.patron})` },
                { label: 'Issued', render: (l) => dmy(l.issuedOn) },
                { label: 'Due', render: (l) => dmy(l.dueOn) },
                { label: 'Returned', render: (l) => dmy(l.returnedOn) },
                { label: 'Status', render: (l) => <StatusChip status={l.status} /> },
              ]}
            />
          </Box>
        )}
      </QueryState>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="outlined" onClick={() => openOverdueWorkbook().catch((e) => toast.error(e.message))}>
          Overdue list (Excel)
        </Button>
      </Stack>
      <QueryState spinner query={report}>
        {r && (
          <Stack spacing={2}>
            <StatsPanel
              variant="cards"
              testId="naac"
              columns={{ xs: 2, md: 4 }}
              stats={[
                { label: 'Titles', value: r.naac.titles.toLocaleString('en-IN') },
                { label: 'Volumes', value: r.naac.volumes.toLocaleString('en-IN') },
                { label: 'Journals', value: r.naac.journals.toLocaleString('en-IN') },
                { label: 'Usage per working day (30 days)', value: String(r.naac.usagePerDay) },
                { label: 'Loans (30 days)', value: r.naac.loansInPeriod.toLocaleString('en-IN') },
                { label: 'Overdue now', value: r.overdue.toLocaleString('en-IN') },
                { label: 'Unpaid fines', value: rupees(r.unpaidFines) },
                { label: 'Reference titles', value: r.naac.references.toLocaleString('en-IN') },
              ]}
            />
            <Typography variant="h6">Most borrowed (30 days)</Typography>
            <ResponsiveList
              rows={r.topTitles}
              keyOf={(t) => t.titleId}
              empty="No loans yet."
              columns={[
                { label: 'Title', render: (t) => t.title },
                { label: 'Loans', align: 'right', render: (t) => t.loans },
              ]}
            />
            <Typography variant="h6">Circulation per month</Typography>
            <ResponsiveList
              rows={r.perMonth}
              keyOf={(m) => m.month}
              empty="No loans yet."
              columns={[
                { label: 'Month', render: (m) => m.month.split('-').reverse().join('-') },
                { label: 'Issued', align: 'right', render: (m) => m.issued },
              ]}
            />
            <Typography variant="h6">Collection by subject</Typography>
            <ResponsiveList
              rows={r.bySubject}
              keyOf={(s) => s.subject}
              empty="No titles."
              columns={[
                { label: 'Subject', render: (s) => s.subject },
                { label: 'Titles', align: 'right', render: (s) => s.titles },
                { label: 'Volumes', align: 'right', render: (s) => s.volumes },
              ]}
            />
          </Stack>
        )}
      </QueryState>
    </LibraryPage>
  );
}
