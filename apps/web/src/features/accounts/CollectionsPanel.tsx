import { useState } from 'react';
import { Box } from '@mui/material';
import { DataTable } from '../../components/DataTable';
import { DateRangeField, isReversed } from '../../components/DateRangeField';
import { QueryState } from '../../components/QueryState';
import { useCollections } from './api';
import { modeLabel, monthStartIst, rupees, todayIst } from './format';
import { useLinkedFilter } from './linked-filter';
import { Section } from './Section';

/** the key of the footer row that totals the modes */
const TOTAL = 'total';

/** What came in over a range of days, by fee head and by mode of payment. */
export function CollectionsPanel() {
  const [range, setRange] = useState({ from: useLinkedFilter('from', monthStartIst()), to: useLinkedFilter('to', todayIst()) });
  const q = useCollections(range.from, range.to);
  const d = q.data;
  return (
    <Section
      id="collections"
      title="Collection by head and mode"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <DateRangeField size="small" {...range} onChange={setRange} />
        </Box>
      }
    >
      {!isReversed(range.from, range.to) && (
        <QueryState spinner query={q}>
          {d && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <DataTable
                label="By head"
                columns={[
                  { key: 'headName', header: 'Head' },
                  { key: 'amountPaise', header: 'Collected', align: 'right', value: (h) => rupees(h.amountPaise) },
                ]}
                rows={d.byHead}
                rowKey={(h) => h.headName}
                loading={false}
                emptyText="Nothing collected."
                paging={false}
              />
              <DataTable
                label="By mode"
                columns={[
                  { key: 'mode', header: 'Mode', value: (m) => (m.mode === TOTAL ? 'Total' : modeLabel(m.mode)) },
                  { key: 'count', header: 'Receipts', align: 'right', value: (m) => (m.mode === TOTAL ? '' : m.count) },
                  { key: 'amountPaise', header: 'Collected', align: 'right', value: (m) => rupees(m.amountPaise) },
                ]}
                rows={d.byMode}
                footerRows={[{ mode: TOTAL, count: 0, amountPaise: d.totalPaise }]}
                rowKey={(m) => m.mode}
                loading={false}
                emptyText="Nothing collected."
                paging={false}
              />
            </Box>
          )}
        </QueryState>
      )}
    </Section>
  );
}
