import { Box } from '@mui/material';
import { AccountsHeader } from './AccountsHeader';
import { AnnualPanel } from './AnnualPanel';
import { CollectionsPanel } from './CollectionsPanel';
import { DayBookPanel } from './DayBookPanel';
import { DuesPanel } from './DuesPanel';
import { ExcessPanel } from './ExcessPanel';
import { useScrollToHash } from './linked-filter';
import { RefundsPanel } from './RefundsPanel';
import { TallyExportPanel } from './TallyExportPanel';
import { TransactionsPanel } from './TransactionsPanel';

/** Transaction History: all receipts and payments, the day and cash books, the dues list, excess credits and their refunds, and the Tally export. */
export function ReportsPage() {
  useScrollToHash();
  return (
    <Box>
      <AccountsHeader title="Transaction History" />
      <DayBookPanel />
      <CollectionsPanel />
      <TransactionsPanel />
      <DuesPanel />
      <ExcessPanel />
      <RefundsPanel />
      <TallyExportPanel />
      <AnnualPanel />
    </Box>
  );
}
