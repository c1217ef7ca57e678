import { useState } from 'react';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import type { TPass } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useServerList } from '../../components/useServerList';
import { downloadPassPdf, usePasses, useRoutes } from './api';
import { CancelPassDialog } from './CancelPassDialog';
import { FilterSelect, TransportShell, errorText } from './common';
import { ddmmyyyy, rupees } from './format';
import { IssuePassDialog } from './IssuePassDialog';
import { WaitlistPanel } from './WaitlistPanel';

/** The fare as the accounts ledger holds it (paid at the accounts counter, waived on cancel). */
const fareDue = (p: TPass) =>
  p.fareLedger
    ? `Fare due ${rupees(p.fareLedger.balancePaise, 0)}${p.fareLedger.paidPaise ? ` · paid ${rupees(p.fareLedger.paidPaise, 0)}` : ''}`
    : 'No fare charged';

const holderLine = (p: TPass) => `${p.holderType === 'staff' ? 'Staff' : 'Student'} · ${p.holderRef}`;

const COLUMNS: Array<DataColumn<TPass>> = [
  {
    key: 'passNo',
    header: 'Pass No.',
    nowrap: true,
    value: (p) => `${p.passNo}${p.status === 'cancelled' ? ' (cancelled)' : ''}`,
    render: (p) => (
      <>
        {p.passNo}
        {p.status === 'cancelled' && <Chip size="small" color="error" label="Cancelled" sx={{ ml: 1 }} />}
      </>
    ),
  },
  {
    key: 'holder',
    header: 'Holder',
    value: (p) => `${p.holderName} (${holderLine(p)})`,
    render: (p) => (
      <>
        {p.holderName}
        <Typography variant="caption" display="block" color="text.secondary">
          {holderLine(p)}
        </Typography>
      </>
    ),
  },
  {
    key: 'route',
    header: 'Route · Stop',
    value: (p) => `${p.routeCode} · ${p.stopName} · pickup ${p.pickupTime}`,
    render: (p) => (
      <>
        {`${p.routeCode} · ${p.stopName}`}
        <Typography variant="caption" display="block" color="text.secondary">
          {`Pickup ${p.pickupTime}`}
        </Typography>
      </>
    ),
  },
  {
    key: 'vehicleRegNo',
    header: 'Vehicle',
    hideBelow: 'md',
    render: (p) => <Box sx={{ fontFamily: 'monospace' }}>{p.vehicleRegNo}</Box>,
  },
  { key: 'fare', header: 'Yearly fare', align: 'right', hideBelow: 'md', value: (p) => p.fare, render: (p) => rupees(p.fare, 0) },
  {
    key: 'fareDue',
    header: 'Fare due',
    align: 'right',
    value: fareDue,
    render: (p) => (
      <Box component="span" data-testid={`fare-due-${p.holderRef}`}>
        {p.fareLedger ? rupees(p.fareLedger.balancePaise, 0) : '—'}
        {p.fareLedger && p.fareLedger.paidPaise > 0 && (
          <Typography variant="caption" display="block" color="text.secondary">
            {`paid ${rupees(p.fareLedger.paidPaise, 0)}`}
          </Typography>
        )}
      </Box>
    ),
  },
  { key: 'issuedAt', header: 'Issued', nowrap: true, value: (p) => ddmmyyyy(p.issuedAt) },
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

/** /app/Transport/Passes: students' and staff's bus passes; issue, print, cancel. */
export function PassesPage() {
  const toast = useToast();
  const routes = useRoutes();
  const list = useServerList({ label: 'Search passes', placeholder: 'Roll number, name or stop' });
  const [routeId, setRouteId] = useState<number | ''>('');
  const [status, setStatus] = useState<'active' | 'cancelled' | ''>('active');
  const passes = usePasses({
    q: list.q,
    routeId: routeId || undefined,
    status: status || 'all',
    page: list.page + 1,
    pageSize: list.pageSize,
  });
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<TPass | null>(null);
  const pdf = (p: TPass) => downloadPassPdf(p).catch((e) => toast.error(errorText(e)));

  return (
    <TransportShell
      title="Bus passes"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setIssuing(true)}>
          Issue pass
        </Button>
      }
    >
      <WaitlistPanel />
      <DataTable
        label="Bus passes"
        columns={COLUMNS}
        {...queryRows(passes, (d) => d.items)}
        rowKey={(p) => p.id}
        rowTestId={(p) => `pass-row-${p.holderRef}`}
        emptyText="No passes match."
        search={list.search}
        exportName="bus-passes"
        paging={list.paging(passes.data?.total)}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <FilterSelect
              label="Route"
              allLabel="All routes"
              value={routeId}
              onChange={(v) => {
                setRouteId(v);
                list.restart();
              }}
              options={(routes.data ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${r.name}` }))}
              minWidth={160}
            />
            <FilterSelect
              label="Status"
              value={status}
              onChange={(v) => {
                setStatus(v);
                list.restart();
              }}
              options={STATUS_OPTIONS}
              minWidth={130}
            />
          </Box>
        }
        actions={(p) => (
          <>
            <Tooltip title="Bus pass PDF">
              <IconButton aria-label={`Pass PDF for ${p.holderRef}`} onClick={() => pdf(p)}>
                <PictureAsPdf />
              </IconButton>
            </Tooltip>
            {p.status === 'active' && (
              <Tooltip title="Cancel pass">
                <IconButton aria-label={`Cancel pass of ${p.holderRef}`} color="error" onClick={() => setCancelling(p)}>
                  <Cancel />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      <IssuePassDialog
        open={issuing}
        routes={routes.data ?? []}
        onClose={() => setIssuing(false)}
        onIssued={(p) => {
          toast.success(`Pass ${p.passNo} issued to ${p.holderName}`);
          setIssuing(false);
          setStatus('active');
          list.searchNow(p.holderRef);
        }}
        onWaiting={(e) => {
          toast.success(
            e.status === 'offered'
              ? `A seat on ${e.routeCode} has just freed: it is offered to ${e.holderName}`
              : `${e.holderName} is number ${e.position} on the waiting list for ${e.routeCode}`,
          );
          setIssuing(false);
        }}
      />
      <CancelPassDialog pass={cancelling} onClose={() => setCancelling(null)} />
    </TransportShell>
  );
}
