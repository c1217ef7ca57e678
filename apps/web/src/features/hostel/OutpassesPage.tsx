import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TablePagination, TextField, Typography } from '@mui/material';
import { OUTPASS_KIND_LABELS, codeLabel, type TOutpass } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useOutpasses, useStepOutpass } from './api';
import { QueryState } from '../../components/QueryState';
import { useServerList } from '../../components/useServerList';
import { dmy } from './format';
import { HostelNav } from './HostelNav';
import { ReasonDialog } from './ReasonDialog';

const STATUS_COLOUR: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  PENDING: 'warning',
  APPROVED: 'info',
  OUT: 'info',
  RETURNED: 'success',
  REJECTED: 'default',
};

export function OutpassCard({ o, actions }: { o: TOutpass; actions?: React.ReactNode }) {
  return (
    <Card variant="outlined" data-testid="outpass">
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Typography fontWeight={700}>
              {o.name}{' '}
              <Typography component="span" color="text.secondary">
                {o.rollNo}
              </Typography>
            </Typography>
            <Chip size="small" label={codeLabel(o.status)} color={STATUS_COLOUR[o.status]} />
            {o.late && <Chip size="small" color="error" label="Late" data-testid="late" />}
          </Stack>
          <Typography variant="body2">
            {OUTPASS_KIND_LABELS[o.kind as 'OUTING' | 'HOME']}: {o.purpose}
            {o.destination ? ` · ${o.destination}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Leave {dmy(o.leaveAt)} · back by {dmy(o.returnBy)}
            {o.outAt ? ` · out ${dmy(o.outAt)}` : ''}
            {o.inAt ? ` · in ${dmy(o.inAt)}` : ''}
            {o.building ? ` · ${o.building} ${o.roomNo}` : ''}
            {o.guardianMobile ? ` · parent ${o.guardianMobile}` : ''}
          </Typography>
          {o.decisionNote && <Typography variant="body2">Warden: {o.decisionNote}</Typography>}
        </Box>
        {actions}
      </CardContent>
    </Card>
  );
}

/** The out-pass register: approve, record going out and coming back; late returns flagged. */
export function OutpassesPage() {
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [late, setLate] = useState(false);
  // searched and paged by the server: the register keeps every out-pass of the college
  const server = useServerList({ label: 'Search roll no or name' });
  const list = useOutpasses({
    status: status || undefined,
    late: late ? 'yes' : undefined,
    q: server.q || undefined,
    page: server.page + 1,
    pageSize: server.pageSize,
  });
  const paging = server.paging(list.data?.total);
  const step = useStepOutpass();
  const [rejecting, setRejecting] = useState<TOutpass | null>(null);
  const run = async (o: TOutpass, s: string, message: string) => {
    try {
      await step.mutateAsync({ _id: o.id, _step: s });
      toast.success(message);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <Box>
      <HostelNav title="Out-pass register" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={server.search.label}
          value={server.search.value}
          onChange={(e) => server.search.onChange(e.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            server.restart();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All</MenuItem>
          {['PENDING', 'APPROVED', 'OUT', 'RETURNED', 'REJECTED'].map((s) => (
            <MenuItem key={s} value={s}>
              {s[0] + s.slice(1).toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant={late ? 'contained' : 'outlined'}
          color="error"
          onClick={() => {
            setLate((l) => !l);
            server.restart();
          }}
          aria-pressed={late}
        >
          Late returns
        </Button>
      </Stack>
      <QueryState query={list} height={300}>
        {list.data?.items.length === 0 && <Typography color="text.secondary">No out-passes match.</Typography>}
        <Stack spacing={1.5}>
          {list.data?.items.map((o) => (
            <OutpassCard
              key={o.id}
              o={o}
              actions={
                <Stack direction="row" spacing={1}>
                  {o.status === 'PENDING' && (
                    <>
                      <Button variant="contained" size="small" onClick={() => run(o, 'approve', 'Out-pass approved')}>
                        Approve
                      </Button>
                      <Button color="error" size="small" onClick={() => setRejecting(o)}>
                        Reject
                      </Button>
                    </>
                  )}
                  {o.status === 'APPROVED' && (
                    <Button variant="outlined" size="small" onClick={() => run(o, 'out', `${o.name} went out`)}>
                      Mark out
                    </Button>
                  )}
                  {o.status === 'OUT' && (
                    <Button variant="outlined" size="small" onClick={() => run(o, 'return', `${o.name} is back`)}>
                      Mark returned
                    </Button>
                  )}
                </Stack>
              }
            />
          ))}
        </Stack>
        {(list.data?.total ?? 0) > 0 && (
          <TablePagination
            component="div"
            count={list.data!.total}
            page={paging.page}
            onPageChange={(_e, p) => paging.onPage(p)}
            rowsPerPage={paging.pageSize}
            onRowsPerPageChange={(e) => paging.onPageSize!(Number(e.target.value))}
            rowsPerPageOptions={paging.pageSizes}
          />
        )}
      </QueryState>
      <ReasonDialog
        title={rejecting ? `Reject ${rejecting.name}'s out-pass` : null}
        onClose={() => setRejecting(null)}
        onSubmit={async (note) => {
          await step.mutateAsync({ _id: rejecting!.id, _step: 'reject', note });
          toast.success('Out-pass rejected');
        }}
      />
    </Box>
  );
}
