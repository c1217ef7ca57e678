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
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { TAllotment, TTransferRequest } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { downloadLetter, useAllotment, useAllotments, useBuildings, useHostelMutation, useTransferRequests } from './api';
import { PaymentDialog, QueryState, TransferDialog, VacateDialog } from './components';
import { dmy, rupees } from './format';
import { HostelNav } from './HostelNav';
import { ReasonDialog } from './ReasonDialog';

function Detail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const d = useAllotment(id);
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="detail-title">
      <DialogTitle id="detail-title">{d.data ? `${d.data.name} (${d.data.rollNo})` : 'Resident'}</DialogTitle>
      <DialogContent>
        <QueryState query={d}>
          {d.data && (
            <Stack spacing={2}>
              <Typography>
                {d.data.allotmentNo} · {d.data.building} {d.data.roomNo}-{d.data.bedLabel} ·{' '}
                {d.data.status === 'ACTIVE' ? `since ${dmy(d.data.fromDate)}` : `vacated ${dmy(d.data.vacatedOn)}`} · dues{' '}
                <b>{rupees(d.data.dues)}</b>
              </Typography>
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
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Residents with their beds: letter, transfer, dues and vacate; and the students' transfer requests. */
export function ResidentsPage() {
  const toast = useToast();
  const buildings = useBuildings();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'ACTIVE' | 'VACATED' | 'ALL'>('ACTIVE');
  const [buildingId, setBuildingId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const list = useAllotments({ q: q || undefined, status, buildingId, page, pageSize: 20 });
  const requests = useTransferRequests('PENDING');
  const reject = useHostelMutation((v) => `transfer-requests/${v._id}/reject`);
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
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
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
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Box>
      <HostelNav title="Residents" />
      {(requests.data?.length ?? 0) > 0 && (
        <Card variant="outlined" sx={{ mb: 2 }} data-testid="transfer-requests">
          <CardContent>
            <Typography variant="h6" component="h2">
              Transfer requests
            </Typography>
            {requests.data!.map((r) => (
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search roll no, name or room"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'resident-search' } }}
        />
        <TextField
          select
          label="Hostel"
          value={buildingId ?? ''}
          onChange={(e) => setBuildingId(Number(e.target.value) || undefined)}
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
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="ACTIVE">Staying</MenuItem>
          <MenuItem value="VACATED">Vacated</MenuItem>
          <MenuItem value="ALL">All</MenuItem>
        </TextField>
      </Stack>
      <QueryState query={list} height={400}>
        {list.data?.rows.length === 0 && <Typography color="text.secondary">No residents match.</Typography>}
        {phone ? (
          <Stack spacing={1}>
            {list.data?.rows.map((a) => (
              <Card key={a.id} variant="outlined" data-testid="resident-row">
                <CardContent sx={{ pb: '8px !important' }}>
                  <Button size="small" onClick={() => setDetail(a.id)} sx={{ textTransform: 'none', p: 0, fontWeight: 700 }}>
                    {a.name}
                  </Button>
                  <Typography variant="body2">
                    {a.rollNo} · {a.building} {a.roomNo}-{a.bedLabel}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.status === 'ACTIVE' ? `since ${dmy(a.fromDate)}` : `left ${dmy(a.vacatedOn)}`} · parent{' '}
                    {a.guardianMobile || '—'}
                  </Typography>
                  <Box sx={{ ml: -1 }}>{actions(a)}</Box>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Roll No</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Room</TableCell>
                  <TableCell>From</TableCell>
                  <TableCell>Parent mobile</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data?.rows.map((a) => (
                  <TableRow key={a.id} data-testid="resident-row">
                    <TableCell>{a.rollNo}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setDetail(a.id)} sx={{ textTransform: 'none', p: 0 }}>
                        {a.name}
                      </Button>
                    </TableCell>
                    <TableCell>
                      {a.building} {a.roomNo}-{a.bedLabel}
                    </TableCell>
                    <TableCell>{a.status === 'ACTIVE' ? dmy(a.fromDate) : `left ${dmy(a.vacatedOn)}`}</TableCell>
                    <TableCell>{a.guardianMobile || '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(a)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mt: 2 }}>
          <Typography variant="body2">
            {list.data?.total.toLocaleString('en-IN')} {list.data?.total === 1 ? 'resident' : 'residents'}
          </Typography>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />
        </Stack>
      </QueryState>
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
