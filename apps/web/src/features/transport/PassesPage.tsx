import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Search from '@mui/icons-material/Search';
import { ZPassCancel, type TPass, type TPassCancel } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { downloadPassPdf, useCancelPass, usePasses, useRoutes } from './api';
import { ListState, RowCard, TransportShell, errorText, useNarrow } from './common';
import { ddmmyyyy, rupees } from './format';
import { IssuePassDialog } from './IssuePassDialog';

/** The fare as the accounts ledger holds it (paid at the accounts counter, waived on cancel). */
const fareDue = (p: TPass) =>
  p.fareLedger
    ? `Fare due ${rupees(p.fareLedger.balancePaise, 0)}${p.fareLedger.paidPaise ? ` · paid ${rupees(p.fareLedger.paidPaise, 0)}` : ''}`
    : 'No fare charged';

function CancelDialog({ pass, onClose }: { pass: TPass | null; onClose: () => void }) {
  const cancel = useCancelPass();
  const toast = useToast();
  const form = useForm<TPassCancel>({ resolver: zodResolver(ZPassCancel), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    cancel.mutate(
      { id: pass!.id, reason },
      {
        onSuccess: (p) => {
          toast.success(`Pass ${p.passNo} cancelled; the seat is free again`);
          form.reset();
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog open={pass !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-pass-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cancel-pass-title">{`Cancel pass ${pass?.passNo ?? ''}`}</DialogTitle>
        <DialogContent>
          {cancel.isError && <Alert severity="error">{errorText(cancel.error)}</Alert>}
          <Typography variant="body2" sx={{ mb: 2 }}>
            {pass
              ? `${pass.holderName} (${pass.holderRef}) · ${pass.routeCode} ${pass.stopName}. An unpaid fare is cancelled with it.`
              : ''}
          </Typography>
          <TextField
            label="Reason"
            required
            fullWidth
            size="small"
            {...form.register('reason')}
            error={Boolean(form.formState.errors.reason)}
            helperText={form.formState.errors.reason?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep pass</Button>
          <Button type="submit" color="error" variant="contained" loading={cancel.isPending}>
            Cancel pass
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** /app/Transport/Passes: students' and staff's bus passes; issue, print, cancel. */
export function PassesPage() {
  const toast = useToast();
  const routes = useRoutes();
  const [q, setQ] = useState('');
  const [routeId, setRouteId] = useState<number | ''>('');
  const [status, setStatus] = useState<'active' | 'cancelled' | 'all'>('active');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const passes = usePasses({ q, routeId: routeId || undefined, status, page: page + 1, pageSize });
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<TPass | null>(null);

  const narrow = useNarrow();
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
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          placeholder="Roll number, name or stop"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': 'Search passes' },
          }}
        />
        <TextField
          select
          size="small"
          label="Route"
          value={routeId}
          onChange={(e) => {
            setRouteId(e.target.value === '' ? '' : Number(e.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All routes</MenuItem>
          {(routes.data ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {`${r.code} · ${r.name}`}
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
            setPage(0);
          }}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="cancelled">Cancelled</MenuItem>
          <MenuItem value="all">All</MenuItem>
        </TextField>
      </Box>
      <ListState
        loading={passes.isPending}
        error={passes.error}
        empty={!passes.data?.items.length}
        emptyText="No passes match."
        onRetry={() => passes.refetch()}
      >
        {narrow ? (
          passes.data?.items.map((p) => (
            <RowCard
              key={p.id}
              testId={`pass-row-${p.holderRef}`}
              title={p.holderName}
              aside={
                p.status === 'cancelled' ? (
                  <Chip size="small" color="error" label="Cancelled" />
                ) : (
                  <Typography variant="caption">{p.passNo}</Typography>
                )
              }
              lines={[
                `${p.holderType === 'staff' ? 'Staff' : 'Student'} · ${p.holderRef}`,
                `${p.routeCode} · ${p.stopName} · pickup ${p.pickupTime}`,
                `${p.vehicleRegNo} · ${rupees(p.fare, 0)} a year · issued ${ddmmyyyy(p.issuedAt)}`,
                fareDue(p),
              ]}
              actions={
                <>
                  <Button
                    size="small"
                    startIcon={<PictureAsPdf />}
                    aria-label={`Pass PDF for ${p.holderRef}`}
                    onClick={() => pdf(p)}
                  >
                    PDF
                  </Button>
                  {p.status === 'active' && (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<Cancel />}
                      aria-label={`Cancel pass of ${p.holderRef}`}
                      onClick={() => setCancelling(p)}
                    >
                      Cancel
                    </Button>
                  )}
                </>
              }
            />
          ))
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Bus passes" sx={{ minWidth: 860 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Pass No.</TableCell>
                  <TableCell>Holder</TableCell>
                  <TableCell>Route · Stop</TableCell>
                  <TableCell>Vehicle</TableCell>
                  <TableCell align="right">Yearly fare</TableCell>
                  <TableCell align="right">Fare due</TableCell>
                  <TableCell>Issued</TableCell>
                  <TableCell>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {passes.data?.items.map((p) => (
                  <TableRow key={p.id} data-testid={`pass-row-${p.holderRef}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {p.passNo}
                      {p.status === 'cancelled' && <Chip size="small" color="error" label="Cancelled" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>
                      {p.holderName}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {`${p.holderType === 'staff' ? 'Staff' : 'Student'} · ${p.holderRef}`}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {`${p.routeCode} · ${p.stopName}`}
                      <Typography variant="caption" display="block" color="text.secondary">
                        {`Pickup ${p.pickupTime}`}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{p.vehicleRegNo}</TableCell>
                    <TableCell align="right">{rupees(p.fare, 0)}</TableCell>
                    <TableCell align="right" data-testid={`fare-due-${p.holderRef}`}>
                      {p.fareLedger ? rupees(p.fareLedger.balancePaise, 0) : '—'}
                      {p.fareLedger && p.fareLedger.paidPaise > 0 && (
                        <Typography variant="caption" display="block" color="text.secondary">
                          {`paid ${rupees(p.fareLedger.paidPaise, 0)}`}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{ddmmyyyy(p.issuedAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={passes.data?.total ?? 0}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50, 100]}
        />
      </ListState>
      <IssuePassDialog
        open={issuing}
        routes={routes.data ?? []}
        onClose={() => setIssuing(false)}
        onIssued={(p) => {
          toast.success(`Pass ${p.passNo} issued to ${p.holderName}`);
          setIssuing(false);
          setQ(p.holderRef);
          setStatus('active');
          setPage(0);
        }}
      />
      <CancelDialog pass={cancelling} onClose={() => setCancelling(null)} />
    </TransportShell>
  );
}
