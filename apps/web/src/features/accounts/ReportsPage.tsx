import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { PAYMENT_MODES } from '@erp/shared';
import { openFile, useAnnualReport, useCollections, useDayBook, useDues, useTransactions } from './api';
import { dmy, modeLabel, rupees, statusLabel } from './format';
import { AccountsHeader } from './AccountsHeader';
import { QueryState } from '../../components/QueryState';
import { Scroll } from './Scroll';
import { Section } from './Section';

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Transaction History: all receipts and payments, the day and cash books, the dues list and the Tally export. */
export function ReportsPage() {
  return (
    <Box>
      <AccountsHeader title="Transaction History" />
      <DayBook />
      <Collections />
      <Transactions />
      <Dues />
      <TallyExport />
      <Annual />
    </Box>
  );
}

function DayBook() {
  const [date, setDate] = useState(today());
  const [book, setBook] = useState<'day' | 'cash'>('day');
  const q = useDayBook(date, book);
  const d = q.data;
  return (
    <Section
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
            <Box
              sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1, mb: 1 }}
              data-testid="daybook-totals"
            >
              {(
                [
                  ['Opening', d.openingPaise],
                  ['Receipts', d.receiptsPaise],
                  ['Payments', d.paymentsPaise],
                  ['Closing', d.closingPaise],
                ] as const
              ).map(([label, v]) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography fontWeight={600}>{rupees(v)}</Typography>
                </Box>
              ))}
            </Box>
            <EntryTable items={d.entries} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

function EntryTable({
  items,
}: {
  items: Array<{
    kind: string;
    id: number;
    label: string;
    date: string;
    party: string;
    rollNo: string;
    mode: string;
    reference: string;
    amountPaise: number;
    status: string;
    clerk: string;
    clerkName: string;
  }>;
}) {
  if (!items.length) return <Typography color="text.secondary">No entries.</Typography>;
  return (
    <Scroll>
      <Table size="small" sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Voucher</TableCell>
            <TableCell>Party</TableCell>
            <TableCell>Mode</TableCell>
            <TableCell align="right">Receipt</TableCell>
            <TableCell align="right">Payment</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Clerk</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((e) => (
            <TableRow key={`${e.kind}-${e.id}`}>
              <TableCell>{dmy(e.date)}</TableCell>
              <TableCell>{e.label}</TableCell>
              <TableCell>
                {e.party}
                {e.rollNo && ` (${e.rollNo})`}
              </TableCell>
              <TableCell>
                {modeLabel(e.mode)}
                {e.reference && ` · ${e.reference}`}
              </TableCell>
              <TableCell align="right">{e.kind !== 'payment' ? rupees(e.amountPaise) : ''}</TableCell>
              <TableCell align="right">{e.kind === 'payment' ? rupees(e.amountPaise) : ''}</TableCell>
              <TableCell>{statusLabel(e.status)}</TableCell>
              <TableCell>{e.clerkName}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scroll>
  );
}

type Filters = { from?: string; to?: string; mode?: string; kind?: string; clerk?: string; page: number; pageSize: number };

function Transactions() {
  const [f, setF] = useState<Filters>({ page: 1, pageSize: 25 });
  const q = useTransactions(f);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setF((x) => ({ ...x, [k]: e.target.value || undefined, page: 1 }));
  return (
    <Section title="Receipts and payments">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 1 }}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={f.from ?? ''}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={f.to ?? ''}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
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
            <EntryTable items={q.data.items} />
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

function Dues() {
  const [batch, setBatch] = useState('');
  const [section, setSection] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filters = { batch: batch || undefined, section: section || undefined, q: search || undefined };
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
    <Section title="Dues list" action={<Button onClick={excel}>Download Excel</Button>}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, mb: 1 }}>
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
      <QueryState spinner query={q} empty={q.data?.items.length === 0}>
        {q.data && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {q.data.total} students owe {rupees(q.data.totalDuePaise)}
            </Typography>
            <Scroll>
              <Table size="small" sx={{ minWidth: 760 }} aria-label="Dues list">
                <TableHead>
                  <TableRow>
                    <TableCell>Roll No</TableCell>
                    <TableCell>Name</TableCell>
                    <TableCell>Batch / section</TableCell>
                    <TableCell>Parent phone</TableCell>
                    <TableCell align="right">Demand</TableCell>
                    <TableCell align="right">Paid</TableCell>
                    <TableCell align="right">Due</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {q.data.items.map((d) => (
                    <TableRow key={d.rollNo}>
                      <TableCell>{d.rollNo}</TableCell>
                      <TableCell>{d.name}</TableCell>
                      <TableCell>
                        {d.course} {d.branch} {d.batch} / {d.section}
                      </TableCell>
                      <TableCell>
                        <a href={`tel:${d.parentPhone}`}>{d.parentPhone}</a>
                      </TableCell>
                      <TableCell align="right">{rupees(d.demandPaise)}</TableCell>
                      <TableCell align="right">{rupees(d.paidPaise)}</TableCell>
                      <TableCell align="right">{rupees(d.duePaise)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Scroll>
            <TablePagination
              component="div"
              count={q.data.total}
              page={page}
              rowsPerPage={pageSize}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}

function TallyExport() {
  const [from, setFrom] = useState(today().slice(0, 8) + '01');
  const [to, setTo] = useState(today());
  const [error, setError] = useState('');
  const go = async () => {
    setError('');
    try {
      await openFile('accounts/export/tally', `tally-${from}-${to}.xml`, { from, to }, true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Section title="Export to Tally">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={go}>
          Download vouchers (XML)
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Section>
  );
}

function Collections() {
  const [from, setFrom] = useState(today().slice(0, 8) + '01');
  const [to, setTo] = useState(today());
  const q = useCollections(from, to);
  const d = q.data;
  return (
    <Section
      title="Collection by head and mode"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      }
    >
      {from > to ? (
        <Alert severity="error">The from date must be on or before the to date</Alert>
      ) : (
        <QueryState spinner query={q}>
          {d && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Table size="small" aria-label="By head">
                <TableHead>
                  <TableRow>
                    <TableCell>Head</TableCell>
                    <TableCell align="right">Collected</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.byHead.map((h) => (
                    <TableRow key={h.headName}>
                      <TableCell>{h.headName}</TableCell>
                      <TableCell align="right">{rupees(h.amountPaise)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Table size="small" aria-label="By mode">
                <TableHead>
                  <TableRow>
                    <TableCell>Mode</TableCell>
                    <TableCell align="right">Receipts</TableCell>
                    <TableCell align="right">Collected</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.byMode.map((m) => (
                    <TableRow key={m.mode}>
                      <TableCell>{modeLabel(m.mode)}</TableCell>
                      <TableCell align="right">{m.count}</TableCell>
                      <TableCell align="right">{rupees(m.amountPaise)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
                    <TableCell />
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {rupees(d.totalPaise)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryState>
      )}
    </Section>
  );
}

function Annual() {
  const now = today();
  const start = Number(now.slice(0, 4)) - (Number(now.slice(5, 7)) < 4 ? 1 : 0);
  const [fy, setFy] = useState(`${start}-${String((start + 1) % 100).padStart(2, '0')}`);
  const q = useAnnualReport(fy);
  const d = q.data;
  return (
    <Section
      title="NAAC / NIRF figures"
      action={<TextField size="small" label="Financial year" value={fy} onChange={(e) => setFy(e.target.value)} />}
    >
      <QueryState spinner query={q}>
        {d && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography>
              Fee receipts: <b>{rupees(d.feeReceiptsPaise)}</b> · Expenditure (vendor payments):{' '}
              <b>{rupees(d.expenditurePaise)}</b>
            </Typography>
            <Typography>
              Government share: pending {rupees(d.governmentReceivable.pendingPaise)} · sanctioned{' '}
              {rupees(d.governmentReceivable.sanctionedPaise)} · received {rupees(d.governmentReceivable.receivedPaise)}
            </Typography>
            <Typography variant="subtitle2">Scholarship and concession beneficiaries</Typography>
            {d.scholarshipBeneficiaries.length === 0 ? (
              <Typography color="text.secondary">None approved this year.</Typography>
            ) : (
              <Scroll>
                <Table size="small" aria-label="Beneficiaries">
                  <TableHead>
                    <TableRow>
                      <TableCell>Category</TableCell>
                      <TableCell>Scheme</TableCell>
                      <TableCell align="right">Students</TableCell>
                      <TableCell align="right">Amount</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {d.scholarshipBeneficiaries.map((b) => (
                      <TableRow key={`${b.category}-${b.typeName}`}>
                        <TableCell>{b.category}</TableCell>
                        <TableCell>{b.typeName}</TableCell>
                        <TableCell align="right">{b.students}</TableCell>
                        <TableCell align="right">{rupees(b.amountPaise)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Scroll>
            )}
          </Box>
        )}
      </QueryState>
    </Section>
  );
}
