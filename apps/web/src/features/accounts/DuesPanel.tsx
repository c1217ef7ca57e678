import { useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { DataTable, queryRows } from '../../components/DataTable';
import { openFile, useDues } from './api';
import { rupees } from './format';
import { useLinkedFilter } from './linked-filter';
import { Section } from './Section';

/** Who owes what, by batch and section or by name, with its Excel download. */
export function DuesPanel() {
  const [batch, setBatch] = useState(useLinkedFilter('batch', ''));
  const [branch, setBranch] = useState(useLinkedFilter('branch', ''));
  const [section, setSection] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filters = { batch: batch || undefined, branch: branch || undefined, section: section || undefined, q: search || undefined };
  const q = useDues({ ...filters, page: page + 1, pageSize });
  const [error, setError] = useState('');
  const excel = async () => {
    setError('');
    try {
      await openFile('accounts/dues.xlsx', `dues${batch ? `-${batch}` : ''}.xlsx`, filters, true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Section id="dues" title="Dues list" action={<Button onClick={excel}>Download Excel</Button>}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 1 }}>
        <TextField size="small" label="Branch" value={branch} onChange={(e) => (setBranch(e.target.value), setPage(0))} />
        <TextField
          size="small"
          label="Batch (e.g. 2024-2028)"
          value={batch}
          onChange={(e) => (setBatch(e.target.value), setPage(0))}
        />
        <TextField size="small" label="Section" value={section} onChange={(e) => (setSection(e.target.value), setPage(0))} />
        <TextField
          size="small"
          label="Search roll number or name"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(0))}
        />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {q.data && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {q.data.total} students owe {rupees(q.data.totalDuePaise)}
        </Typography>
      )}
      <DataTable
        label="Dues list"
        columns={[
          { key: 'rollNo', header: 'Roll No' },
          { key: 'name', header: 'Name' },
          { key: 'batch', header: 'Batch / section', value: (d) => `${d.course} ${d.branch} ${d.batch} / ${d.section}` },
          { key: 'parentPhone', header: 'Parent phone', render: (d) => <a href={`tel:${d.parentPhone}`}>{d.parentPhone}</a> },
          { key: 'demandPaise', header: 'Demand', align: 'right', value: (d) => rupees(d.demandPaise) },
          { key: 'paidPaise', header: 'Paid', align: 'right', value: (d) => rupees(d.paidPaise) },
          { key: 'duePaise', header: 'Due', align: 'right', value: (d) => rupees(d.duePaise) },
        ]}
        {...queryRows(q, (d) => d.items)}
        rowKey={(d) => d.rollNo}
        cardTitle={(d) => `${d.name} · ${d.rollNo}`}
        emptyText="Nothing to show."
        paging={{
          page,
          pageSize,
          total: q.data?.total,
          onPage: setPage,
          onPageSize: (size) => (setPageSize(size), setPage(0)),
          pageSizes: [10, 25, 50, 100],
        }}
      />
    </Section>
  );
}
