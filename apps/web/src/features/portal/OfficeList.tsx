import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TablePagination,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { codeLabel } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { useDecide, type DecisionQueuePath, type ListQuery } from './api';
import { QueryState } from '../../components/QueryState';

/** An office page: its heading above the content. */
export function OfficePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" fontWeight={700}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The search, the status filter (pending first) and the page of an office list. */
export function useListQuery(withStatus: boolean) {
  const [q, setQ] = useState<ListQuery>({ q: '', page: 1, pageSize: 20, ...(withStatus ? { status: 'pending' } : {}) });
  return { q, setQ };
}

interface ListAnswer<T> {
  data?: { items: T[]; total: number };
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * One page of an office list searched and paged by the server, a card a row: the row's heading and
 * detail on the left, its actions on the right (below on a phone).
 */
export function OfficeList<T extends { id: number }>(props: {
  q: ListQuery;
  setQ: (q: ListQuery) => void;
  list: ListAnswer<T>;
  withStatus?: boolean;
  empty: string;
  testId?: string;
  /** the width from which the actions stand beside the row's text */
  wideFrom?: 'sm' | 'md';
  heading: (row: T) => ReactNode;
  detail: (row: T) => ReactNode;
  actions: (row: T) => ReactNode;
}) {
  const { q, setQ, list, wideFrom = 'md' } = props;
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
          <ToggleButtonGroup
            size="small"
            exclusive
            value={q.status}
            onChange={(_e, v) => v && setQ({ ...q, status: v, page: 1 })}
          >
            {['pending', 'approved', 'rejected', 'all'].map((s) => (
              <ToggleButton key={s} value={s}>
                {s}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
      <QueryState query={list}>
        {list.data?.items.length === 0 && <Typography color="text.secondary">{props.empty}</Typography>}
        <Stack spacing={1}>
          {list.data?.items.map((row) => (
            <Card key={row.id} variant="outlined" data-testid={props.testId}>
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack
                  direction={{ xs: 'column', [wideFrom]: 'row' }}
                  spacing={1}
                  justifyContent="space-between"
                  alignItems={{ [wideFrom]: 'center' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                      {props.heading(row)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {props.detail(row)}
                    </Typography>
                  </Box>
                  {props.actions(row)}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </QueryState>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
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

const statusColour = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/**
 * A queue of students' requests the office decides: pending first, each with its status, Approve
 * (its own label) and Reject with a reason the student sees. `path` is the requests' REST path;
 * approving posts to `path/:id/approve`, rejecting to `path/:id/reject`.
 */
export function DecisionQueue<T extends { id: number; status: keyof typeof statusColour }>(props: {
  title: string;
  path: DecisionQueuePath;
  useItems: (q: ListQuery) => ListAnswer<T>;
  empty: string;
  testId?: string;
  approveLabel: string;
  /** the toast once approved */
  approved: string;
  /** what approving sends besides the id */
  approveBody?: Record<string, unknown>;
  heading: (row: T) => ReactNode;
  detail: (row: T) => ReactNode;
  /** more buttons for a row, after the decision */
  more?: (row: T) => ReactNode;
}) {
  const { useItems } = props;
  const toast = useToast();
  const { q, setQ } = useListQuery(true);
  const list = useItems(q);
  const approve = useDecide(props.path, 'approve');
  const reject = useDecide(props.path, 'reject');
  const [rejecting, setRejecting] = useState<number | null>(null);
  return (
    <OfficePage title={props.title}>
      <OfficeList
        q={q}
        setQ={setQ}
        list={list}
        withStatus
        empty={props.empty}
        testId={props.testId}
        heading={props.heading}
        detail={props.detail}
        actions={(row) => (
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Chip size="small" color={statusColour[row.status]} label={codeLabel(row.status)} />
            {row.status === 'pending' && (
              <>
                <Button
                  size="small"
                  variant="contained"
                  disabled={approve.isPending}
                  onClick={() =>
                    approve.mutate(
                      { _id: row.id, ...props.approveBody },
                      { onSuccess: () => toast.success(props.approved), onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  {props.approveLabel}
                </Button>
                <Button size="small" color="error" onClick={() => setRejecting(row.id)}>
                  Reject
                </Button>
              </>
            )}
            {props.more?.(row)}
          </Stack>
        )}
      />
      <RejectDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(remarks) => reject.mutateAsync({ _id: rejecting!, remarks })}
      />
    </OfficePage>
  );
}
