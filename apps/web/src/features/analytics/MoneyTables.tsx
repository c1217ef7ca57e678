import { Link as RouterLink } from 'react-router';
import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import type { TAnalyticsFees } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { drill } from './drill';
import { modeLabel, shortRupees } from './format';

/** A table under its own heading. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/** The figures behind the charts, each row leading to the office's own list. */
export function MoneyTables({ f }: { f: TAnalyticsFees }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Titled title="By fee head">
        <DataTable
          label="By fee head"
          columns={[
            { key: 'head', header: 'Head' },
            { key: 'demandPaise', header: 'Demand', align: 'right', value: (h) => shortRupees(h.demandPaise) },
            {
              key: 'collectedPaise',
              header: 'Collected',
              align: 'right',
              render: (h) => (
                <Link component={RouterLink} to={drill.collectedIn(f.period.from, f.period.to)}>
                  {shortRupees(h.collectedPaise)}
                </Link>
              ),
              value: (h) => shortRupees(h.collectedPaise),
            },
            { key: 'share', header: 'Collected of demand', align: 'right', value: (h) => pct(h.collectedPaise, h.demandPaise) },
          ]}
          rows={f.byHead}
          rowKey={(h) => h.headCode}
          loading={false}
          emptyText="No demand or collection in this period."
          paging={false}
        />
      </Titled>
      <Titled title="Dues by branch and batch">
        <DataTable
          label="Dues by branch and batch"
          columns={[
            { key: 'branch', header: 'Branch / batch', value: (b) => `${b.branch} ${b.batch}` },
            { key: 'students', header: 'Students', align: 'right' },
            {
              key: 'duePaise',
              header: 'Due',
              align: 'right',
              render: (b) => (
                <Link component={RouterLink} to={drill.duesOf(b.branch, b.batch)} aria-label={`Dues of ${b.branch} ${b.batch}`}>
                  {shortRupees(b.duePaise)}
                </Link>
              ),
              value: (b) => shortRupees(b.duePaise),
            },
          ]}
          rows={f.duesByBranch}
          rowKey={(b) => `${b.branch}|${b.batch}`}
          loading={false}
          emptyText="No student owes anything."
          paging={10}
        />
      </Titled>
      <Titled title="Collected today by mode">
        <DataTable
          label="Collected today by mode"
          columns={[
            { key: 'mode', header: 'Mode', value: (m) => modeLabel(m.mode) },
            { key: 'receipts', header: 'Receipts', align: 'right' },
            {
              key: 'amountPaise',
              header: 'Collected',
              align: 'right',
              render: (m) => (
                <Link component={RouterLink} to={drill.dayBook(f.today.date)}>
                  {shortRupees(m.amountPaise)}
                </Link>
              ),
              value: (m) => shortRupees(m.amountPaise),
            },
          ]}
          rows={f.today.byMode}
          rowKey={(m) => m.mode}
          loading={false}
          emptyText="Nothing collected yet today."
          paging={false}
        />
      </Titled>
      <Titled title="Concessions and scholarships approved">
        <DataTable
          label="Concessions and scholarships approved"
          columns={[
            { key: 'name', header: 'Type', value: (c) => `${c.name} (${c.category})` },
            { key: 'students', header: 'Students', align: 'right' },
            {
              key: 'amountPaise',
              header: 'Amount',
              align: 'right',
              render: (c) => (
                <Link component={RouterLink} to={drill.concessions()}>
                  {shortRupees(c.amountPaise)}
                </Link>
              ),
              value: (c) => shortRupees(c.amountPaise),
            },
          ]}
          rows={f.concessions}
          rowKey={(c) => `${c.category}|${c.name}`}
          loading={false}
          emptyText="No concession approved in this period."
          paging={false}
        />
      </Titled>
      <Titled title="Vendor payments">
        <DataTable
          label="Vendor payments"
          columns={[
            { key: 'vendor', header: 'Vendor' },
            {
              key: 'amountPaise',
              header: 'Paid',
              align: 'right',
              render: (v) => (
                <Link component={RouterLink} to={drill.vendors()}>
                  {shortRupees(v.amountPaise)}
                </Link>
              ),
              value: (v) => shortRupees(v.amountPaise),
            },
          ]}
          rows={f.vendorPayments}
          rowKey={(v) => v.vendor}
          loading={false}
          emptyText="No vendor paid in this period."
          paging={10}
        />
      </Titled>
    </Box>
  );
}
