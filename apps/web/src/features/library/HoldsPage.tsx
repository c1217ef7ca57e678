import { Button, Stack, Typography } from '@mui/material';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useCancelHold, useHoldShelf } from './api';
import { dmy } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';

/** Waiting list: copies on the hold shelf, the queue per title, and holds that expired. */
export function HoldsPage() {
  const shelf = useHoldShelf();
  const cancel = useCancelHold();
  const toast = useToast();
  const cancelButton = (id: number) => (
    <Button
      size="small"
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) })}
    >
      Cancel
    </Button>
  );
  return (
    <LibraryPage title="Waiting List">
      <QueryState spinner query={shelf}>
        {shelf.data && (
          <Stack spacing={2}>
            <Typography variant="h6">On the hold shelf ({shelf.data.ready.length})</Typography>
            <ResponsiveList
              rows={shelf.data.ready}
              keyOf={(h) => h.id}
              empty="Nothing waiting on the shelf."
              testId="hold-shelf"
              columns={[
                { label: 'Accession', render: (h) => h.accessionNo },
                { label: 'Title', render: (h) => h.title },
                { label: 'For', render: (h) => `${h.patronName} (${h.patron})` },
                { label: 'Until', render: (h) => dmy(h.expiresOn) },
                { label: '', render: (h) => cancelButton(h.id) },
              ]}
            />
            <Typography variant="h6">Waiting ({shelf.data.waiting.length})</Typography>
            <ResponsiveList
              rows={shelf.data.waiting}
              keyOf={(h) => h.id}
              empty="Nobody is waiting."
              columns={[
                { label: 'Title', render: (h) => h.title },
                { label: 'Place', render: (h) => `#${h.position}` },
                { label: 'Patron', render: (h) => `${h.patronName} (${h.patron})` },
                { label: 'Since', render: (h) => dmy(h.placedAt) },
                { label: '', render: (h) => cancelButton(h.id) },
              ]}
            />
            <Typography variant="h6">Expired</Typography>
            <ResponsiveList
              rows={shelf.data.expired}
              keyOf={(h) => h.id}
              empty="No expired holds."
              columns={[
                { label: 'Title', render: (h) => h.title },
                { label: 'Patron', render: (h) => `${h.patronName} (${h.patron})` },
                { label: 'Was due by', render: (h) => dmy(h.expiresOn) },
              ]}
            />
          </Stack>
        )}
      </QueryState>
    </LibraryPage>
  );
}
