import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { TOutboxPage } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useOutbox, useResend, when } from './api';

type Status = TOutboxPage['items'][number]['status'];
const STATUS: Record<Status, { label: string; color: 'default' | 'success' | 'info' | 'error' }> = {
  queued: { label: 'Queued', color: 'default' },
  sent: { label: 'Sent', color: 'success' },
  kept: { label: 'Kept (no mail server)', color: 'info' },
  failed: { label: 'Failed', color: 'error' },
};

/** Every message the portal sent, or kept when no mail server is set (SMTP_URL), for the admin. */
export function OutboxPage() {
  const phone = useMediaQuery('(max-width:700px)');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const resend = useResend();
  const toast = useToast();
  const sendAgain = (id: number) =>
    resend.mutate(id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });
  const again = (m: { id: number; status: Status }) =>
    m.status === 'failed' && (
      <Button size="small" disabled={resend.isPending} onClick={() => sendAgain(m.id)} sx={{ ml: 1 }}>
        Send again
      </Button>
    );
  const list = useOutbox({ page: page + 1, pageSize, q: q.trim() || undefined, status: status || undefined });

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 1 }}>
        Outbox
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Mail the portal sends from its queue. Without a mail server the messages are kept here; a message refused six times is
        marked failed.
      </Typography>
      <Paper sx={{ p: 2, mb: 2, borderRadius: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          size="small"
          label="Search address or subject"
          value={q}
          onChange={(e) => (setQ(e.target.value), setPage(0))}
        />
        <TextField
          size="small"
          select
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.target.value), setPage(0))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {(Object.keys(STATUS) as Status[]).map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {list.isError ? (
        <Alert severity="error" action={<Button onClick={() => list.refetch()}>Retry</Button>}>
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        [0, 1, 2].map((i) => <Skeleton key={i} height={56} />)
      ) : list.data.items.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">No messages.</Typography>
        </Paper>
      ) : (
        <Paper sx={{ borderRadius: 3, overflow: 'hidden' }}>
          {phone ? (
            <Box sx={{ display: 'grid', gap: 1, p: 1 }} data-testid="outbox-list">
              {list.data.items.map((m) => (
                <Card key={m.id} variant="outlined" sx={{ borderRadius: 2 }}>
                  <CardContent>
                    <Typography variant="caption" color="text.secondary">
                      {when(m.createdAt)} · {m.kind}
                    </Typography>
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{m.subject}</Typography>
                    <Typography variant="body2" sx={{ wordBreak: 'break-all', mb: 0.5 }}>
                      {m.to}
                    </Typography>
                    <Chip size="small" label={STATUS[m.status].label} color={STATUS[m.status].color} />
                    {again(m)}
                    {m.error && (
                      <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                        {m.error}
                      </Typography>
                    )}
                  </CardContent>
                </Card>
              ))}
            </Box>
          ) : (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Outbox" data-testid="outbox-list">
                <TableHead>
                  <TableRow>
                    {['Queued at', 'To', 'Subject', 'Kind', 'Status', 'Sent at'].map((h) => (
                      <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.items.map((m) => (
                    <TableRow key={m.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(m.createdAt)}</TableCell>
                      <TableCell>{m.to}</TableCell>
                      <TableCell>
                        {m.subject}
                        {m.error && (
                          <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                            {m.error}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.kind}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Chip size="small" label={STATUS[m.status].label} color={STATUS[m.status].color} />
                        {again(m)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.sentAt ? when(m.sentAt) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={list.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[20, 50, 100]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          />
        </Paper>
      )}
    </Box>
  );
}
