import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { WAITLIST_STATUS_LABELS, ZWaitlistWithdraw, type TWaitlistEntry } from '@erp/shared';
import { CappedNotice } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useConfirmOffer, useWaitlist, useWithdrawEntry } from './api';
import { errorText } from './common';
import { ReasonDialog } from './ReasonDialog';
import { ddmmyyyy } from './format';

function WithdrawDialog({ entry, onClose }: { entry: TWaitlistEntry | null; onClose: () => void }) {
  const withdraw = useWithdrawEntry();
  const toast = useToast();
  return (
    <ReasonDialog
      open={entry !== null}
      onClose={onClose}
      titleId="withdraw-title"
      title={`Take ${entry?.holderName ?? ''} off the waiting list`}
      intro={entry?.status === 'offered' ? 'The seat held for them is offered to the next in line.' : ''}
      schema={ZWaitlistWithdraw}
      submitLabel="Withdraw"
      cancelLabel="Keep"
      busy={withdraw.isPending}
      error={withdraw.isError ? withdraw.error : null}
      onSubmit={(reason, done) =>
        withdraw.mutate(
          { id: entry!.id, reason },
          {
            onSuccess: (e) => {
              toast.success(`${e.holderName} is off the waiting list for ${e.routeCode}`);
              done();
            },
          },
        )
      }
    />
  );
}

/**
 * The waiting lists of full routes: who waits, in order, and who has been offered a freed seat (held
 * for them until the office issues the pass on it or withdraws them, when it goes to the next).
 */
export function WaitlistPanel() {
  const list = useWaitlist();
  const confirm = useConfirmOffer();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<TWaitlistEntry | null>(null);
  const entries = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // the panel shows only when someone waits; a failure still says so
  if (!list.isError && entries.length === 0) return null;
  const offered = entries.filter((e) => e.status === 'offered').length;
  return (
    <QueryState query={list}>
      <Card variant="outlined" sx={{ borderRadius: 2, mb: 2 }} data-testid="waitlist">
        <CardContent>
          <Typography variant="h6" component="h2">
            {`Waiting list · ${total}`}
            {offered > 0 && (
              <Chip size="small" color="success" label={`${offered} seat${offered === 1 ? '' : 's'} offered`} sx={{ ml: 1 }} />
            )}
          </Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            <CappedNotice shown={entries.length} total={total} hint="by route, the earliest first" />
            {entries.map((e) => (
              <Box
                key={e.id}
                data-testid={`wait-${e.holderRef}`}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  borderTop: 1,
                  borderColor: 'divider',
                  pt: 1,
                }}
              >
                <Chip
                  size="small"
                  color={e.status === 'offered' ? 'success' : 'default'}
                  label={e.status === 'offered' ? WAITLIST_STATUS_LABELS.offered : `#${e.position} on ${e.routeCode}`}
                />
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography fontWeight={600}>{`${e.holderName} (${e.holderRef})`}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {`${e.routeCode} · ${e.stopName} · since ${ddmmyyyy(e.createdAt)}`}
                  </Typography>
                </Box>
                {e.status === 'offered' && (
                  <Button
                    size="small"
                    variant="contained"
                    aria-label={`Confirm seat for ${e.holderRef}`}
                    disabled={confirm.isPending}
                    onClick={() =>
                      confirm.mutate(e.id, {
                        onSuccess: (p) => toast.success(`Pass ${p.passNo} issued to ${p.holderName}`),
                        onError: (err) => toast.error(errorText(err)),
                      })
                    }
                  >
                    Confirm seat
                  </Button>
                )}
                <Button size="small" color="error" aria-label={`Withdraw ${e.holderRef}`} onClick={() => setWithdrawing(e)}>
                  Withdraw
                </Button>
              </Box>
            ))}
          </Stack>
        </CardContent>
        <WithdrawDialog entry={withdrawing} onClose={() => setWithdrawing(null)} />
      </Card>
    </QueryState>
  );
}
