import { DataTable } from '../../components/DataTable';
import { dmy, modeLabel, rupees, statusLabel } from './format';

/** One line of the day book or of the receipts-and-payments list. */
export interface ReportEntry {
  kind: string;
  id: number;
  label: string;
  date: string;
  party: string;
  rollNo: string;
  mode: string;
  reference: string;
  amountPaise: number;
  status: string;
  clerk: string;
  clerkName: string;
}

/** Bill payments and refunds paid are money out; receipts and reversals money in. */
const moneyOut = (e: ReportEntry) => e.kind === 'payment' || e.kind === 'refund';

/** Receipts and payments side by side, one row a voucher (the caller pages them). */
export function ReportEntryTable({ items }: { items: ReportEntry[] }) {
  return (
    <DataTable
      label="Vouchers"
      columns={[
        { key: 'date', header: 'Date', value: (e) => dmy(e.date) },
        { key: 'label', header: 'Voucher' },
        { key: 'party', header: 'Party', value: (e) => `${e.party}${e.rollNo ? ` (${e.rollNo})` : ''}` },
        { key: 'mode', header: 'Mode', value: (e) => `${modeLabel(e.mode)}${e.reference ? ` · ${e.reference}` : ''}` },
        { key: 'receipt', header: 'Receipt', align: 'right', value: (e) => (moneyOut(e) ? '' : rupees(e.amountPaise)) },
        { key: 'payment', header: 'Payment', align: 'right', value: (e) => (moneyOut(e) ? rupees(e.amountPaise) : '') },
        { key: 'status', header: 'Status', value: (e) => statusLabel(e.status) },
        { key: 'clerkName', header: 'Clerk' },
      ]}
      rows={items}
      rowKey={(e) => `${e.kind}-${e.id}`}
      cardTitle={(e) => `${e.label} · ${rupees(e.amountPaise)}`}
      loading={false}
      emptyText="No entries."
      paging={false}
    />
  );
}
