import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { HOSTEL_STAFF_ROLES, type TAllotment, type TTransferRequest } from '@erp/shared';
import { useCan } from '../../lib/authorization';
import { CappedNotice, DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useServerList } from '../../components/useServerList';
import { downloadLetter, useAllotment, useAllotments, useBuildings, useRejectTransferRequest, useTransferRequests } from './api';
import { PaymentDialog, TransferDialog, VacateDialog } from './AllotmentDialogs';
import { QueryState } from '../../components/QueryState';
import { dmy, rupees, stayText } from './format';
import { HostelNav } from './HostelNav';
import { ReasonDialog } from './ReasonDialog';
import { CancelAllotmentDialog } from './CancelAllotmentDialog';

function Detail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const d = useAllotment(id);
  const mayCancel = useCan(HOSTEL_STAFF_ROLES);
  const [cancelling, setCancelling] = useState(false);
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="detail-title">
      <DialogTitle id="detail-title">{d.data ? `${d.data.name} (${d.data.rollNo})` : 'Resident'}</DialogTitle>
      <DialogContent>
        <QueryState query={d}>
          {d.data && (
            <Stack spacing={2}>
              <Typography>
                {d.data.allotmentNo} · {d.data.building} {d.data.roomNo}-{d.data.bedLabel} · {stayText(d.data)} · dues{' '}
                <b>{rupees(d.data.dues)}</b>
                {d.data.depositPaise > 0 && ` · caution deposit ${rupees(d.data.depositPaise)}`}
              </Typography>
              {d.data.status === 'CANCELLED' && (
                <Typography color="error.main" data-testid="cancelled-note">
                  Allotment cancelled: {d.data.vacateNote}
                </Typography>
              )}
              {d.data.overrideReason && <Typography color="warning.main">Vacated with dues: {d.data.overrideReason}</Typography>}
              <Box>
                <Typography variant="subtitle2">Beds held</Typography>
                {d.data.history.map((h, i) => (
                  <Typography key={i} variant="body2">
                    {h.building} {h.roomNo}-{h.bedLabel}: {dmy(h.fromDate)} to {h.toDate ? dmy(h.toDate) : 'now'} · {h.reason}
                  </Typography>
                ))}
              </Box>
              <Box>
                <Typography variant="subtitle2">Ledger</Typography>
                {d.data.charges.map((c) => (
                  <Typography key={`c${c.id}`} variant="body2">
                    {dmy(c.date)} · {c.description} · {rupees(c.amount)}
                  </Typography>
                ))}
                {d.data.receipts.map((r) => (
                  <Typography key={`r${r.id}`} variant="body2" color="success.main">
                    {dmy(r.date)} · {r.kind === 'WAIVER' ? 'Waived' : `Paid (${r.description})`} · −{rupees(r.amount)}
                  </Typography>
                ))}
              </Box>
              <Box data-testid="posted-dues">
                <Typography variant="subtitle2">In the accounts ledger</Typography>
                {d.data.posted.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    Nothing posted
                  </Typography>
                )}
                {d.data.posted.map((l) => (
                  <Typography key={l.lineId} variant="body2">
                    {l.fy} · {l.headName} · {rupees(l.amountPaise)} · paid {rupees(l.paidPaise)}
                    {l.waivedPaise ? ` · waived ${rupees(l.waivedPaise)}` : ''} · <b>due {rupees(l.balancePaise)}</b>
                  </Typography>
                ))}
                <Typography variant="caption" color="text.secondary">
                  Payments at the accounts counter count here too.
                </Typography>
              </Box>
            </Stack>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        {mayCancel && d.data?.status === 'ACTIVE' && (
          <Button color="error" onClick={() => setCancelling(true)} sx={{ mr: 'auto' }}>
            Cancel allotment
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <CancelAllotmentDialog allotment={cancelling && d.data ? d.data : null} onClose={() => setCancelling(false)} />
    </Dialog>
  );
}

/** Residents with their beds: letter, transfer, dues and vacate; and the students' transfer requests. */
export function ResidentsPage() {
  const toast = useToast();
  const buildings = useBuildings();
  const search = useServerList({ pageSize: 20, label: 'Search roll no, name or room' });
  const [status, setStatus] = useState<'ACTIVE' | 'VACATED' | 'CANCELLED' | 'ALL'>('ACTIVE');
  const [buildingId, setBuildingId] = useState<number | undefined>();
  const list = useAllotments({
    q: search.q || undefined,
    status,
    buildingId,
    page: search.page + 1,
    pageSize: search.pageSize,
  });
  const requests = useTransferRequests('PENDING');
  const reject = useRejectTransferRequest();
  const [detail, setDetail] = useState<number | null>(null);
  const [moving, setMoving] = useState<{
    a: { id: number; name: string; gender: string; bedId: number };
    request?: TTransferRequest;
  } | null>(null);
  const [vacating, setVacating] = useState<{ id: number; name: string } | null>(null);
  const [paying, setPaying] = useState<{ id: number; name: string } | null>(null);
  const [rejecting, setRejecting] = useState<TTransferRequest | null>(null);
  const dues = useAllotment(vacating?.id ?? paying?.id ?? null);

  const withDues = <T extends { id: number; name: string }>(a: T) => ({
    id: a.id,
    name: a.name,
    dues: dues.data?.id === a.id ? dues.data.dues : 0,
  });
  const letter = (a: TAllotment) => downloadLetter(a.id, a.rollNo).catch((e: Error) => toast.error(e.message));
  const actions = (a: TAllotment) =>
    a.status === 'ACTIVE' && (
      <>
        <Button size="small" onClick={() => letter(a)}>
          Letter
        </Button>
        <Button size="small" onClick={() => setMoving({ a })}>
          Transfer
        </Button>
        <Button size="small" onClick={() => setPaying(a)}>
          Dues
        </Button>
        <Button size="small" color="warning" onClick={() => setVacating(a)}>
          Vacate
        </Button>
      </>
    );

  return (
    <Box>
      <HostelNav title="Residents" />
      {(requests.data?.items.length ?? 0) > 0 && (
        <Card variant="outlined" sx={{ mb: 2 }} data-testid="transfer-requests">
          <CardContent>
            <Typography variant="h6" component="h2">
              Transfer requests
            </Typography>
            <CappedNotice shown={requests.data!.items.length} total={requests.data!.total} hint="the newest first" />
            {requests.data!.items.map((r) => (
              <Stack
                key={r.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                alignItems={{ sm: 'center' }}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ flex: 1 }}>
                  <b>{r.name}</b> ({r.rollNo}), {r.building} {r.roomNo}-{r.bedLabel}: “{r.reason}”
                  {r.preferredBuilding ? ` · wants ${r.preferredBuilding}` : ''}
                </Typography>
                <Button
                  size="small"
                  variant="contained"
                  onClick={async () => {
                    const a = list.data?.rows.find((x) => x.id === r.allotmentId);
                    setMoving({
                      a: { id: r.allotmentId, name: r.name, gender: a?.gender ?? '', bedId: a?.bedId ?? 0 },
                      request: r,
                    });
                  }}
                >
                  Move
                </Button>
                <Button size="small" color="error" onClick={() => setRejecting(r)}>
                  Reject
                </Button>
              </Stack>
            ))}
          </CardContent>
        </Card>
      )}
      <DataTable
        label="Residents"
        columns={[
          { key: 'rollNo', header: 'Roll No', nowrap: true },
          {
            key: 'name',
            header: 'Name',
            render: (a) => (
              <Button size="small" onClick={() => setDetail(a.id)} sx={{ textTransform: 'none', p: 0, textAlign: 'left' }}>
                {a.name}
              </Button>
            ),
          },
          { key: 'room', header: 'Room', value: (a) => `${a.building} ${a.roomNo}-${a.bedLabel}` },
          {
            key: 'from',
            header: 'From',
            value: (a) =>
              a.status === 'ACTIVE' ? dmy(a.fromDate) : `${a.status === 'CANCELLED' ? 'cancelled' : 'left'} ${dmy(a.vacatedOn)}`,
          },
          { key: 'guardianMobile', header: 'Parent mobile', value: (a) => a.guardianMobile || '—' },
        ]}
        cardTitle={(a) => `${a.name} · ${a.rollNo}`}
        {...queryRows(list, (d) => d.rows)}
        rowKey={(a) => a.id}
        rowTestId="resident-row"
        emptyText="No residents match."
        search={search.search}
        exportName="hostel-residents"
        paging={search.paging(list.data?.total)}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              select
              size="small"
              label="Hostel"
              value={buildingId ?? ''}
              onChange={(e) => {
                setBuildingId(Number(e.target.value) || undefined);
                search.restart();
              }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All hostels</MenuItem>
              {buildings.data?.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as typeof status);
                search.restart();
              }}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="ACTIVE">Staying</MenuItem>
              <MenuItem value="VACATED">Vacated</MenuItem>
              <MenuItem value="CANCELLED">Cancelled</MenuItem>
              <MenuItem value="ALL">All</MenuItem>
            </TextField>
          </Stack>
        }
        actions={actions}
      />
      <Detail id={detail} onClose={() => setDetail(null)} />
      <TransferDialog
        allotment={moving?.a ?? null}
        requestId={moving?.request?.id}
        reason={moving?.request ? `As requested: ${moving.request.reason}`.slice(0, 300) : ''}
        onClose={() => setMoving(null)}
      />
      <VacateDialog allotment={vacating ? withDues(vacating) : null} onClose={() => setVacating(null)} />
      <PaymentDialog allotment={paying ? withDues(paying) : null} onClose={() => setPaying(null)} />
      <ReasonDialog
        title={rejecting ? `Reject ${rejecting.name}'s transfer request` : null}
        onClose={() => setRejecting(null)}
        onSubmit={async (note) => {
          await reject.mutateAsync({ _id: rejecting!.id, note });
          toast.success('Request rejected');
        }}
      />
    </Box>
  );
}
