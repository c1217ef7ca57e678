import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { CERTIFICATE_KINDS, PROFILE_FIELDS, ZParentLinkCreate, type TParentLinkCreated } from '@erp/shared';
import { useToast } from '../../components/feedback';
import {
  downloadCertificate,
  useOfficeCertificates,
  useOfficeCorrections,
  useParentLinks,
  usePortalMutation,
  type ListQuery,
} from './api';
import { Panel, QueryState } from './components';
import { dmy } from './format';

const statusColour = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/** Search, status filter and paging shared by the office lists. */
function useList(withStatus: boolean) {
  const [q, setQ] = useState<ListQuery>({ q: '', page: 1, pageSize: 20, ...(withStatus ? { status: 'pending' } : {}) });
  return { q, setQ };
}

function ListFrame(props: {
  q: ListQuery;
  setQ: (q: ListQuery) => void;
  total: number | undefined;
  withStatus?: boolean;
  children: ReactNode;
}) {
  const { q, setQ } = props;
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label="Search roll number or name"
          value={q.q}
          onChange={(e) => setQ({ ...q, q: e.target.value, page: 1 })}
          sx={{ minWidth: { sm: 280 } }}
        />
        {props.withStatus && (
          <ToggleButtonGroup size="small" exclusive value={q.status} onChange={(_e, v) => v && setQ({ ...q, status: v, page: 1 })}>
            {['pending', 'approved', 'rejected', 'all'].map((s) => (
              <ToggleButton key={s} value={s}>
                {s}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
      {props.children}
      <TablePagination
        component="div"
        count={props.total ?? 0}
        page={q.page - 1}
        rowsPerPage={q.pageSize}
        rowsPerPageOptions={[10, 20, 50]}
        onPageChange={(_e, p) => setQ({ ...q, page: p + 1 })}
        onRowsPerPageChange={(e) => setQ({ ...q, pageSize: Number(e.target.value), page: 1 })}
      />
    </Stack>
  );
}

function RejectDialog(props: { open: boolean; onClose: () => void; onReject: (remarks: string) => Promise<unknown> }) {
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Reject the request</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Reason (the student sees it)"
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          error={!!error}
          helperText={error}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() =>
            props.onReject(remarks).then(
              () => props.onClose(),
              (e: Error) => setError(e.message),
            )
          }
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CertificateRequestsPage() {
  const toast = useToast();
  const { q, setQ } = useList(true);
  const list = useOfficeCertificates(q);
  const approve = usePortalMutation('POST', (v) => `portal/certificate-requests/${v._id}/approve`);
  const reject = usePortalMutation('POST', (v) => `portal/certificate-requests/${v._id}/reject`);
  const [rejecting, setRejecting] = useState<number | null>(null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" fontWeight={700}>
        Certificate Requests
      </Typography>
      <ListFrame q={q} setQ={setQ} total={list.data?.total} withStatus>
        <QueryState query={list}>
          {list.data?.items.length === 0 && <Typography color="text.secondary">No requests.</Typography>}
          <Stack spacing={1}>
            {list.data?.items.map((c) => (
              <Card key={c.id} variant="outlined" data-testid="office-certificate">
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ md: 'center' }}>
                    <Box>
                      <Typography fontWeight={600}>
                        {c.name} ({c.rollNo}) · {CERTIFICATE_KINDS.find((k) => k.kind === c.kind)?.label}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {c.purpose} · asked {dmy(c.requestedAt)}
                        {c.remarks ? ` · ${c.remarks}` : ''}
                      </Typography>
                    </Box>
                    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
                      <Chip size="small" color={statusColour[c.status]} label={c.status} />
                      {c.status === 'pending' && (
                        <>
                          <Button
                            size="small"
                            variant="contained"
                            disabled={approve.isPending}
                            onClick={() =>
                              approve.mutate(
                                { _id: c.id, remarks: '' },
                                { onSuccess: () => toast.success('Certificate issued'), onError: (e) => toast.error(e.message) },
                              )
                            }
                          >
                            Approve and issue
                          </Button>
                          <Button size="small" color="error" onClick={() => setRejecting(c.id)}>
                            Reject
                          </Button>
                        </>
                      )}
                      {c.status === 'approved' && (
                        <Button size="small" onClick={() => downloadCertificate(c.id, c.kind, c.rollNo, true).catch((e: Error) => toast.error(e.message))}>
                          PDF
                        </Button>
                      )}
                    </Stack>
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </QueryState>
      </ListFrame>
      <RejectDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(remarks) => reject.mutateAsync({ _id: rejecting, remarks })}
      />
    </Stack>
  );
}

export function ProfileCorrectionsPage() {
  const toast = useToast();
  const { q, setQ } = useList(true);
  const list = useOfficeCorrections(q);
  const approve = usePortalMutation('POST', (v) => `portal/profile-corrections/${v._id}/approve`);
  const reject = usePortalMutation('POST', (v) => `portal/profile-corrections/${v._id}/reject`);
  const [rejecting, setRejecting] = useState<number | null>(null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" fontWeight={700}>
        Profile Corrections
      </Typography>
      <ListFrame q={q} setQ={setQ} total={list.data?.total} withStatus>
        <QueryState query={list}>
          {list.data?.items.length === 0 && <Typography color="text.secondary">No corrections.</Typography>}
          <Stack spacing={1}>
            {list.data?.items.map((c) => (
              <Card key={c.id} variant="outlined">
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ md: 'center' }}>
                    <Box>
                      <Typography fontWeight={600}>
                        {c.name} ({c.rollNo}) · {PROFILE_FIELDS.find((f) => f.field === c.field)?.label}: {c.currentValue || '—'} → {c.requestedValue}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {c.reason} · asked {dmy(c.requestedAt)}
                      </Typography>
                    </Box>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Chip size="small" color={statusColour[c.status]} label={c.status} />
                      {c.status === 'pending' && (
                        <>
                          <Button
                            size="small"
                            variant="contained"
                            onClick={() =>
                              approve.mutate({ _id: c.id }, { onSuccess: () => toast.success('Record corrected'), onError: (e) => toast.error(e.message) })
                            }
                          >
                            Approve
                          </Button>
                          <Button size="small" color="error" onClick={() => setRejecting(c.id)}>
                            Reject
                          </Button>
                        </>
                      )}
                    </Stack>
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </QueryState>
      </ListFrame>
      <RejectDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(remarks) => reject.mutateAsync({ _id: rejecting, remarks })}
      />
    </Stack>
  );
}

export function ParentLinksPage() {
  const toast = useToast();
  const { q, setQ } = useList(false);
  const list = useParentLinks(q);
  const link = usePortalMutation<TParentLinkCreated>('POST', () => 'parents/links');
  const unlink = usePortalMutation('DELETE', (v) => `parents/links/${v._id}`);
  const [made, setMade] = useState<TParentLinkCreated | null>(null);
  const form = useForm<z.input<typeof ZParentLinkCreate>>({
    resolver: zodResolver(ZParentLinkCreate),
    defaultValues: { rollNo: '', relation: 'father' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      setMade(await link.mutateAsync(v));
      form.reset({ rollNo: '', relation: v.relation });
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" fontWeight={700}>
        Parent Links
      </Typography>
      <Panel title="Link a parent to a student">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          The parent's login is the email (or phone) on the student's admission record.
        </Typography>
        <form onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
            <TextField label="Roll number" {...form.register('rollNo')} error={!!errors.rollNo} helperText={errors.rollNo?.message} />
            <Controller
              control={form.control}
              name="relation"
              render={({ field }) => (
                <TextField select label="Relation" {...field} sx={{ minWidth: 160 }} id="parent-relation">
                  <MenuItem value="father">Father</MenuItem>
                  <MenuItem value="mother">Mother</MenuItem>
                  <MenuItem value="guardian">Guardian</MenuItem>
                </TextField>
              )}
            />
            <Button type="submit" variant="contained" disabled={link.isPending} sx={{ py: 1.8 }}>
              Link parent
            </Button>
          </Stack>
          {errors.root && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.root.message}
            </Alert>
          )}
        </form>
        {made && (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setMade(null)} data-testid="link-made">
            {made.message}
            {made.temporaryPassword && (
              <>
                {' '}
                One-time password: <b style={{ fontFamily: 'monospace' }}>{made.temporaryPassword}</b>
              </>
            )}
          </Alert>
        )}
      </Panel>
      <ListFrame q={q} setQ={setQ} total={list.data?.total}>
        <QueryState query={list}>
          {list.data?.items.length === 0 && <Typography color="text.secondary">No parent is linked yet.</Typography>}
          <Stack spacing={1}>
            {list.data?.items.map((l) => (
              <Card key={l.id} variant="outlined" data-testid="parent-link">
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                        {l.parentName} ({l.relation}) · {l.username}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {l.studentName} ({l.rollNo}) · {l.via === 'self' ? 'self-registered' : 'linked by the office'} on {dmy(l.linkedAt)}
                      </Typography>
                    </Box>
                    <Button
                      size="small"
                      color="error"
                      onClick={() =>
                        window.confirm(`Unlink ${l.parentName} from ${l.studentName}?`) &&
                        unlink.mutate({ _id: l.id }, { onSuccess: () => toast.success('Unlinked'), onError: (e) => toast.error(e.message) })
                      }
                    >
                      Unlink
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </QueryState>
      </ListFrame>
    </Stack>
  );
}
