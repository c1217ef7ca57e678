import { Link as RouterLink } from 'react-router';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { usePaymentsSummary } from './api';
import { money } from './format';

/** Accounts dashboard panel: fee collection at a glance and a link to the transaction history. */
export function AccountsPanel() {
  const summary = usePaymentsSummary();
  const s = summary.data;
  const stats: Array<[string, string]> = s
    ? [
        ['Collected', money(s.paidTotal, s.currency)],
        ['Paid transactions', String(s.paidCount)],
        ['Today', `${s.todayCount} · ${money(s.todayTotal, s.currency)}`],
        ['Failed', String(s.failedCount)],
        // paid twice for one fee: the second payment is refunded, never receipted
        ...(s.excessCount > 0 ? ([['To refund', `${s.excessCount} · ${money(s.excessTotal, s.currency)}`]] as Array<[string, string]>) : []),
      ]
    : [];
  return (
    <Box data-testid="accounts-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Fee Collection
      </Typography>
      {summary.isPending && <Skeleton variant="rounded" height={80} sx={{ mt: 1 }} />}
      {summary.isError && <Typography color="error">{summary.error.message}</Typography>}
      {s && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, my: 1.5 }}>
          {stats.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography fontWeight={600} sx={{ wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Button component={RouterLink} to={PATHS.transactions} size="small" variant="outlined">
        Transaction history
      </Button>
    </Box>
  );
}
