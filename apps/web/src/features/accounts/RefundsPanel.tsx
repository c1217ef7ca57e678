import { useState } from 'react';
import { Box, Button, Chip, MenuItem, TextField } from '@mui/material';
import { REFUND_STATUS_LABELS, REFUND_STATUSES, type TRefund, type TRefundStatus } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useServerList } from '../../components/useServerList';
import { useToast } from '../../components/feedback';
import { openFile, useDecideRefund, useRefunds } from './api';
import { DecisionButtons } from './DecisionButtons';
import { dmy, istDateOf, modeLabel, rupees } from './format';
import { PayRefundDialog } from './RefundDialogs';
import { canDecideRefund, canPayRefund } from './roles';
import { Section } from './Section';

const STATUS_COLOURS = { proposed: 'warning', approved: 'info', rejected: 'error', paid: 'success' } as const;

/**
 * Refunds of excess credits, newest first: the officer approves or rejects what was proposed, the
 * accountant pays what was approved, and a paid refund's voucher opens from its row.
 */
export function RefundsPanel() {
  const [status, setStatus] = useState<TRefundStatus | ''>('');
  const list = useServerList({ pageSize: 10, placeholder: 'Start of a roll number', label: 'Roll number' });
  const q = useRefunds({
    ...(status ? { status } : {}),
    ...(list.q ? { rollNo: list.q } : {}),
    page: list.page + 1,
    pageSize: list.pageSize,
  });
  const [paying, setPaying] = useState<TRefund | null>(null);
  const toast = useToast();
  const voucher = (r: TRefund) =>
    openFile(r.pdfUrl, `${r.voucherLabel.replace(/\//g, '-')}.pdf`).catch((e: Error) => toast.error(e.message));
  return (
    <Section title="Refunds">
      <DataTable<TRefund>
        label="Refunds"
        testId="refunds-table"
        rowTestId={(r) => `refund-${r.id}`}
        {...queryRows(q, (page) => page.items)}
        rowKey={(r) => r.id}
        search={list.search}
        paging={list.paging(q.data?.total)}
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => (setStatus(e.target.value as typeof status), list.restart())}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All</MenuItem>
            {REFUND_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {REFUND_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        }
        emptyText={status || list.q ? 'No refund matches.' : 'No refund has been proposed yet.'}
        cardTitle={(r) => `${r.studentName} · ${r.rollNo}`}
        columns={[
          { key: 'proposedAt', header: 'Proposed', nowrap: true, value: (r) => dmy(istDateOf(r.proposedAt)) },
          { key: 'rollNo', header: 'Roll No', nowrap: true },
          { key: 'studentName', header: 'Name' },
          { key: 'amountPaise', header: 'Amount', align: 'right', nowrap: true, value: (r) => rupees(r.amountPaise) },
          {
            key: 'reason',
            header: 'Reason',
            hideBelow: 'md',
            render: (r) => (
              <>
                {r.reason}
                <br />
                <small>
                  Excess of {r.receiptLabel} · proposed by {r.proposedBy}
                </small>
              </>
            ),
            value: (r) => r.reason,
          },
          {
            key: 'status',
            header: 'Status',
            value: (r) => REFUND_STATUS_LABELS[r.status],
            render: (r) => (
              <Box>
                <Chip size="small" label={REFUND_STATUS_LABELS[r.status]} color={STATUS_COLOURS[r.status]} />
                {r.decidedBy && (
                  <Box component="small" sx={{ display: 'block' }}>
                    {r.decidedBy}: {r.decisionNote}
                  </Box>
                )}
              </Box>
            ),
          },
          {
            key: 'voucher',
            header: 'Voucher',
            nowrap: true,
            value: (r) =>
              r.voucherLabel ? `${r.voucherLabel} · ${dmy(r.paidOn)} · ${modeLabel(r.mode)} ${r.reference}`.trim() : '',
            render: (r) =>
              r.voucherLabel ? (
                <>
                  <span data-testid="refund-voucher">{r.voucherLabel}</span>
                  <br />
                  <small>
                    {dmy(r.paidOn)} · {modeLabel(r.mode)}
                    {r.reference ? ` · ${r.reference}` : ''}
                  </small>
                </>
              ) : (
                ''
              ),
          },
        ]}
        actions={(r) => (
          <>
            {r.status === 'proposed' && canDecideRefund() && (
              <DecisionButtons
                id={r.id}
                subject={`the refund of ${rupees(r.amountPaise)} to ${r.studentName} (${r.rollNo})`}
                useDecide={useDecideRefund}
                done={(s) => `${r.rollNo}: refund ${REFUND_STATUS_LABELS[s as TRefundStatus].toLowerCase()}`}
              />
            )}
            {r.status === 'approved' && canPayRefund() && (
              <Button size="small" variant="contained" onClick={() => setPaying(r)}>
                Pay
              </Button>
            )}
            {r.pdfUrl && (
              <Button size="small" onClick={() => void voucher(r)}>
                Voucher
              </Button>
            )}
          </>
        )}
      />
      {paying && <PayRefundDialog refund={paying} onClose={() => setPaying(null)} />}
    </Section>
  );
}
