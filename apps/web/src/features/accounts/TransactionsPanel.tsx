import { useState } from 'react';
import { Box, MenuItem, TablePagination, TextField, Typography } from '@mui/material';
import { PAYMENT_MODES } from '@erp/shared';
import { DateRangeField } from '../../components/DateRangeField';
import { QueryState } from '../../components/QueryState';
import { useTransactions } from './api';
import { modeLabel, rupees } from './format';
import { ReportEntryTable } from './ReportEntryTable';
import { Section } from './Section';

type Filters = { from?: string; to?: string; mode?: string; kind?: string; clerk?: string; page: number; pageSize: number };

/** Every receipt, reversal and payment, filtered by dates, mode, kind and clerk, a page at a time. */
export function TransactionsPanel() {
  const [f, setF] = useState<Filters>({ page: 1, pageSize: 25 });
  const q = useTransactions(f);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setF((x) => ({ ...x, [k]: e.target.value || undefined, page: 1 }));
  return (
    <Section title="Receipts and payments">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 1 }}>
        <DateRangeField
          size="small"
          from={f.from ?? ''}
          to={f.to ?? ''}
          onChange={(r) => setF((x) => ({ ...x, from: r.from || undefined, to: r.to || undefined, page: 1 }))}
        />
        <TextField
          select
          size="small"
          label="Mode"
          value={f.mode ?? ''}
          onChange={set('mode')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {PAYMENT_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {modeLabel(m)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={f.kind ?? ''}
          onChange={set('kind')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="receipt">Receipts</MenuItem>
          <MenuItem value="reversal">Reversals</MenuItem>
          <MenuItem value="payment">Payments</MenuItem>
        </TextField>
        <TextField size="small" label="Clerk (login id)" value={f.clerk ?? ''} onChange={set('clerk')} />
      </Box>
      <QueryState spinner query={q} empty={q.data?.items.length === 0}>
        {q.data && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {q.data.total} entries · receipts {rupees(q.data.receiptsPaise)} · payments {rupees(q.data.paymentsPaise)}
            </Typography>
            <ReportEntryTable items={q.data.items} />
            <TablePagination
              component="div"
              count={q.data.total}
              page={f.page - 1}
              rowsPerPage={f.pageSize}
              onPageChange={(_, p) => setF((x) => ({ ...x, page: p + 1 }))}
              onRowsPerPageChange={(e) => setF((x) => ({ ...x, pageSize: Number(e.target.value), page: 1 }))}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}
