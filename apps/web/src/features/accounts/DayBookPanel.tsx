import { useState } from 'react';
import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { useDayBook } from './api';
import { DataTable } from '../../components/DataTable';
import { modeLabel, rupees, signedRupees, todayIst } from './format';
import { ReportEntryTable } from './ReportEntryTable';
import { useLinkedFilter } from './linked-filter';
import { Section } from './Section';

/** The day book (every voucher of a day) or the cash book (cash only), with the day's totals and, by mode, money in, out and net. */
export function DayBookPanel() {
  const [date, setDate] = useState(useLinkedFilter('date', todayIst()));
  const [book, setBook] = useState<'day' | 'cash'>('day');
  const q = useDayBook(date, book);
  const d = q.data;
  return (
    <Section
      id="day-book"
      title={book === 'cash' ? 'Cash book' : 'Day book'}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            size="small"
            label="Date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <ToggleButtonGroup size="small" exclusive value={book} onChange={(_, v) => v && setBook(v)} aria-label="Book">
            <ToggleButton value="day">Day book</ToggleButton>
            <ToggleButton value="cash">Cash book</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      }
    >
      <QueryState spinner query={q}>
        {d && (
          <>
            <StatsPanel
              testId="daybook-totals"
              columns={{ xs: 2, md: 4 }}
              sx={{ gap: 1, mb: 1 }}
              stats={[
                { label: 'Opening', value: rupees(d.openingPaise) },
                { label: 'Receipts', value: rupees(d.receiptsPaise) },
                { label: 'Payments and refunds', value: rupees(d.paymentsPaise) },
                { label: 'Closing', value: rupees(d.closingPaise) },
              ]}
            />
            {d.byMode.length > 0 && (
              <DataTable
                label="By mode"
                testId="daybook-by-mode"
                columns={[
                  { key: 'mode', header: 'Mode', value: (m) => modeLabel(m.mode) },
                  { key: 'receivedPaise', header: 'Received', align: 'right', value: (m) => rupees(m.receivedPaise) },
                  { key: 'paidPaise', header: 'Paid to vendors', align: 'right', value: (m) => rupees(m.paidPaise) },
                  { key: 'refundedPaise', header: 'Refunded', align: 'right', value: (m) => rupees(m.refundedPaise) },
                  { key: 'netPaise', header: 'Net', align: 'right', value: (m) => signedRupees(m.netPaise) },
                ]}
                rows={d.byMode}
                rowKey={(m) => m.mode}
                loading={false}
                emptyText="Nothing in or out."
                paging={false}
              />
            )}
            <ReportEntryTable items={d.entries} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
