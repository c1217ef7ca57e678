import { Box, Button, Chip, Divider, List, ListItem, ListItemText, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import Payment from '@mui/icons-material/Payment';
import { PAYMENT_DATA_KEY, type TFeeDue } from '@erp/shared';
import { FeeLinesChooser } from '../../components/FeeLinesChooser';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { downloadReceipt, useCreateOrder, useFeesDue } from './api';
import { feeLabel, isoDateText, money } from './format';
import { goToGateway } from './gateway';

const dueKey = (d: TFeeDue) => `${d.feeType}-${d.courseCode ?? d.semester}`;

/**
 * Student dashboard panel: what the ledger holds open (the semester entry's lines, chosen to pay),
 * the supplementary exam fees with Pay buttons, and paid fees with their receipts.
 */
export function StudentFeesPanel() {
  const fees = useFeesDue();
  const toast = useToast();
  const createOrder = useCreateOrder();
  // From the click until the gateway page opens (a successful order is leaving the page).
  const busy = createOrder.isPending || createOrder.isSuccess ? (createOrder.variables?.key ?? null) : null;

  const semester = fees.data?.due.filter((d) => d.feeType === 'semester') ?? [];
  const supply = fees.data?.due.filter((d) => d.feeType !== 'semester') ?? [];

  const pay = (d: TFeeDue, lineIds?: number[]) =>
    createOrder.mutate(
      { feeType: d.feeType, courseCode: d.courseCode ?? undefined, lineIds, key: dueKey(d) },
      {
        onSuccess: (order) => {
          const { gateway: _g, redirect: _r, ...record } = order;
          // The legacy result screen expects this record in session storage and clears it.
          sessionStorage.setItem(PAYMENT_DATA_KEY, JSON.stringify(record));
          goToGateway(order.redirect);
        },
        onError: (e) => toast.error(e.message),
      },
    );

  const receipt = async (n: number) => {
    try {
      await downloadReceipt(n);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Box data-testid="student-fees-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Fees
      </Typography>
      <QueryState height={96} query={fees}>
        {fees.data && (
          <>
            <Typography variant="body2" color="text.secondary">
              {fees.data.rollNo} · Semester {fees.data.semester}
            </Typography>
            <Typography variant="overline" component="h4" sx={{ display: 'block', mt: 1.5 }}>
              Due
            </Typography>
            {fees.data.due.length === 0 && <Typography variant="body2">No fees due.</Typography>}
            {semester.map((d) => (
              <Box key={dueKey(d)} data-testid={`fee-due-${dueKey(d)}`} sx={{ mb: 1 }}>
                <FeeLinesChooser
                  lines={d.lines}
                  busy={busy === dueKey(d)}
                  disabled={busy !== null}
                  onPay={(lineIds) => pay(d, lineIds)}
                />
              </Box>
            ))}
            {supply.length > 0 && (
              <List dense disablePadding aria-label="Supplementary exam fees due">
                {supply.map((d) => (
                  <ListItem key={dueKey(d)} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }} data-testid={`fee-due-${dueKey(d)}`}>
                    <ListItemText
                      primary={feeLabel(d.feeType)}
                      secondary={d.courseCode ? `${d.courseCode} ${d.course}`.trim() : `Semester ${d.semester}`}
                      sx={{ flex: '1 1 160px', minWidth: 0 }}
                    />
                    <Typography fontWeight={600}>{money(d.amount, d.currency)}</Typography>
                    <Button
                      variant="contained"
                      size="small"
                      startIcon={<Payment />}
                      disabled={busy !== null}
                      onClick={() => pay(d)}
                      aria-label={`Pay ${feeLabel(d.feeType)}${d.courseCode ? ` ${d.courseCode}` : ''}`}
                    >
                      {busy === dueKey(d) ? 'Redirecting…' : 'Pay'}
                    </Button>
                  </ListItem>
                ))}
              </List>
            )}
            {fees.data.paid.length > 0 && (
              <>
                <Divider sx={{ my: 1.5 }} />
                <Typography variant="overline" component="h4" sx={{ display: 'block' }}>
                  Paid
                </Typography>
                <List dense disablePadding aria-label="Paid fees">
                  {fees.data.paid.map((p) => (
                    <ListItem key={p.transactionId} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                      <ListItemText
                        primary={`${feeLabel(p.feeType)} · ${p.courseCode ?? `Semester ${p.semester}`}`}
                        secondary={`${isoDateText(p.transDate)} · ${money(p.amount, p.currency)}`}
                        sx={{ flex: '1 1 160px', minWidth: 0 }}
                      />
                      <Chip size="small" color="success" label="Paid" />
                      {p.receiptNo !== null && (
                        <Button
                          size="small"
                          startIcon={<Download />}
                          onClick={() => receipt(p.receiptNo!)}
                          aria-label={`Download receipt ${p.receiptLabel}`}
                        >
                          Receipt
                        </Button>
                      )}
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </QueryState>
    </Box>
  );
}
