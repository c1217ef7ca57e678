import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { TExcessCredit } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/feedback';
import { useAdjustExcess, useExcessCredits } from './api';
import { rupees } from './format';
import { ProposeRefundDialog } from './RefundDialogs';
import { canPropose, canProposeRefund } from './roles';
import { Section } from './Section';

const STATUS_LABELS: Record<TExcessCredit['status'], string> = {
  open: 'Open',
  adjusted: 'Set against dues',
  refunded: 'Refunded (or awaiting refund)',
  cancelled: 'Cancelled with its receipt',
};

/**
 * Money students paid beyond what they owed (an online payment that found its fee paid at the
 * counter, a fee paid twice): held for them until set against what they owe next, or refunded.
 */
export function ExcessPanel() {
  const [status, setStatus] = useState<TExcessCredit['status'] | ''>('open');
  const [rollNo, setRollNo] = useState('');
  const q = useExcessCredits(status, rollNo.trim());
  const [adjusting, setAdjusting] = useState<TExcessCredit | null>(null);
  const [refunding, setRefunding] = useState<TExcessCredit | null>(null);
  const adjust = useAdjustExcess();
  const toast = useToast();
  const held = (q.data ?? []).reduce((sum, x) => sum + (x.status === 'open' ? x.excessPaise : 0), 0);
  const submit = () => {
    const credit = adjusting!;
    adjust.mutate(credit.id, {
      onSuccess: (after) => {
        toast.success(
          `${rupees(credit.excessPaise - after.excessPaise)} of ${after.studentName}'s credit set against dues` +
            (after.excessPaise > 0 ? `; ${rupees(after.excessPaise)} is still held` : ''),
        );
        setAdjusting(null);
      },
    });
  };
  return (
    <Section title="Excess credits">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All</MenuItem>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Roll number" value={rollNo} onChange={(e) => setRollNo(e.target.value)} />
      </Box>
      {q.data && status === 'open' && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {q.data.length} open credit{q.data.length === 1 ? '' : 's'} holding {rupees(held)}
        </Typography>
      )}
      <DataTable
        label="Excess credits"
        columns={[
          { key: 'date', header: 'Date', nowrap: true },
          { key: 'receiptLabel', header: 'Receipt', nowrap: true },
          { key: 'rollNo', header: 'Roll No' },
          { key: 'studentName', header: 'Name' },
          { key: 'mode', header: 'Mode' },
          { key: 'receiptAmountPaise', header: 'Receipt amount', align: 'right', value: (x) => rupees(x.receiptAmountPaise) },
          { key: 'excessPaise', header: 'Held', align: 'right', value: (x) => rupees(x.excessPaise) },
          { key: 'status', header: 'Status', value: (x) => STATUS_LABELS[x.status] },
        ]}
        {...queryRows(q, (rows) => rows)}
        rowKey={(x) => x.id}
        cardTitle={(x) => `${x.studentName} · ${x.rollNo}`}
        emptyText={status === 'open' ? 'No student has money held beyond what they owed.' : 'Nothing to show.'}
        actions={(x) =>
          x.status === 'open' && canPropose() ? (
            <>
              <Button size="small" onClick={() => (adjust.reset(), setAdjusting(x))}>
                Set against dues
              </Button>
              {canProposeRefund() && (
                <Button size="small" onClick={() => setRefunding(x)}>
                  Refund
                </Button>
              )}
            </>
          ) : null
        }
      />
      <FormDialog
        open={adjusting !== null}
        onClose={() => setAdjusting(null)}
        titleId="adjust-excess-title"
        title={`Set ${adjusting ? rupees(adjusting.excessPaise) : ''} against ${adjusting?.studentName ?? ''}'s dues`}
        intro={
          <Typography variant="body2">
            The credit of receipt {adjusting?.receiptLabel} pays what {adjusting?.rollNo} owes now, in the ledger&apos;s order;
            whatever it does not need stays held.
          </Typography>
        }
        onSubmit={(e) => (e.preventDefault(), submit())}
        error={adjust.isError ? adjust.error.message : undefined}
        submitLabel="Set against dues"
        busy={adjust.isPending}
        spinner
        maxWidth="xs"
      >
        {null}
      </FormDialog>
      {refunding && <ProposeRefundDialog credit={refunding} onClose={() => setRefunding(null)} />}
    </Section>
  );
}
