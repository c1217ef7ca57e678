import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LIBRARY_PATHS } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useCancelHold, useMyLibrary } from './api';
import { FinesList, LoansList } from './DeskPage';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';

/** The patron's own library: loans and due dates (renew here), fines, holds with queue places, history. */
export function MyLibraryPage() {
  const me = useMyLibrary();
  const cancel = useCancelHold();
  const toast = useToast();
  const d = me.data;
  return (
    <LibraryPage title="My Library" tabs={false}>
      <QueryState spinner query={me}>
        {d && (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {d.patron.name} ({d.patron.code}) · {d.patron.categoryName} · up to {d.patron.maxLoans} items
            </Typography>
            {d.patron.unpaidFines + d.patron.accruingFines > 0 && (
              <Alert severity="warning">
                Library dues: {rupees(d.patron.unpaidFines)} unpaid
                {d.patron.accruingFines ? `, ${rupees(d.patron.accruingFines)} accruing on overdue items` : ''}. Pay at the
                library desk.
              </Alert>
            )}
            <Button component={RouterLink} to={LIBRARY_PATHS.viewBooks} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
              Search the catalogue
            </Button>
            <Typography variant="h6">On loan</Typography>
            <LoansList loans={d.loans} staff={false} />
            <Typography variant="h6">Holds</Typography>
            <ResponsiveList
              rows={d.holds}
              keyOf={(h) => h.id}
              empty="No holds."
              columns={[
                { label: 'Title', render: (h) => h.title },
                {
                  label: 'Status',
                  render: (h) =>
                    h.status === 'ready' ? `Ready: collect by ${dmy(h.expiresOn)}` : `Number ${h.position} in the queue`,
                },
                {
                  label: '',
                  render: (h) => (
                    <Button
                      size="small"
                      onClick={() =>
                        cancel.mutate(h.id, {
                          onSuccess: (r) => toast.success(r.message),
                          onError: (e) => toast.error(e.message),
                        })
                      }
                    >
                      Cancel
                    </Button>
                  ),
                },
              ]}
            />
            <Typography variant="h6">Fines</Typography>
            <FinesList fines={d.fines} staff={false} />
            <Typography variant="h6">History</Typography>
            <ResponsiveList
              rows={d.history}
              keyOf={(l) => l.id}
              empty="Nothing borrowed yet."
              columns={[
                { label: 'Title', render: (l) => l.title },
                { label: 'Issued', render: (l) => dmy(l.issuedOn) },
                { label: 'Returned', render: (l) => dmy(l.returnedOn) },
                { label: 'Status', render: (l) => <StatusChip status={l.status} /> },
              ]}
            />
          </Stack>
        )}
      </QueryState>
    </LibraryPage>
  );
}
