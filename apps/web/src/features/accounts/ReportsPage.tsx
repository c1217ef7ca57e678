import { Box } from '@mui/material';
import { AccountsHeader } from './AccountsHeader';
import { AnnualPanel } from './AnnualPanel';
import { CollectionsPanel } from './CollectionsPanel';
import { DayBookPanel } from './DayBookPanel';
import { DuesPanel } from './DuesPanel';
import { ExcessPanel } from './ExcessPanel';
import { TallyExportPanel } from './TallyExportPanel';
import { TransactionsPanel } from './TransactionsPanel';

/** Transaction History: all receipts and payments, the day and cash books, the dues list and the Tally export. */
export function ReportsPage() {
  return (
    <Box>
      <AccountsHeader title="Transaction History" />
      <DayBookPanel />
      <CollectionsPanel />
      <TransactionsPanel />
      <DuesPanel />
      <ExcessPanel />
      <TallyExportPanel />
      <AnnualPanel />
    </Box>
  );
}
