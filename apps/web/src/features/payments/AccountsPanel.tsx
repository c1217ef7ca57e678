import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { StatsPanel, type Stat } from '../../components/StatsPanel';
import { usePaymentsSummary } from './api';
import { money } from './format';

/**
 * Accounts dashboard panel: the payment gateway at a glance (what students paid online, what
 * failed, what to refund) and a link to the transaction history. The college's collection, all
 * modes, is the accounts office's own figure beside it (the ledger's "Collected today").
 */
export function AccountsPanel() {
  const summary = usePaymentsSummary();
  const s = summary.data;
  const stats: Stat[] = s
    ? [
        { label: 'Paid online', value: `${s.paidCount} · ${money(s.paidTotal, s.currency)}` },
        { label: 'Online today', value: `${s.todayCount} · ${money(s.todayTotal, s.currency)}` },
        { label: 'Failed', value: String(s.failedCount) },
        // paid twice for one fee: the second payment is refunded, never receipted
        ...(s.excessCount > 0 ? [{ label: 'To refund', value: `${s.excessCount} · ${money(s.excessTotal, s.currency)}` }] : []),
      ]
    : [];
  return (
    <Box data-testid="accounts-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Online payments
      </Typography>
      <QueryState query={summary} height={80}>
        <StatsPanel stats={stats} sx={{ my: 1.5 }} />
      </QueryState>
      <Button component={RouterLink} to={PATHS.transactions} size="small" variant="outlined">
        Transaction history
      </Button>
    </Box>
  );
}
