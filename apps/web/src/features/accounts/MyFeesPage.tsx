import { useState } from 'react';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { codeLabel, type TReceipt } from '@erp/shared';
import { openFile, useMyLedger } from './api';
import { dmy, modeLabel, payerLabel, rupees } from './format';
import { DataTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { StatsPanel } from '../../components/StatsPanel';
import { Section } from './Section';

/** The student's own fee account: what is due by head and year, what was paid or waived, and receipts to download. */
export function MyFeesPage() {
  const q = useMyLedger();
  const [failed, setFailed] = useState('');
  const l = q.data;
  const download = async (r: TReceipt) => {
    setFailed('');
    try {
      await openFile(`/api/accounts/me/receipts/${r.id}/pdf`, `${r.label.replace(/\//g, '-')}.pdf`, undefined, true);
    } catch (e) {
      setFailed((e as Error).message);
    }
  };
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 30 }, mb: 2 }}>
        My Fees
      </Typography>
      <QueryState spinner query={q}>
        {l && (
          <>
            <StatsPanel
              variant="cards"
              aria-label="Fee totals"
              columns={{ xs: 2, md: 4 }}
              sx={{ mb: 2 }}
              stats={(
                [
                  ['Total demand', l.totals.demandPaise],
                  ['Paid', l.totals.paidPaise],
                  ['Waived', l.totals.waivedPaise],
                  ['Due from you', l.totals.studentDuePaise],
                ] as const
              ).map(([label, v]) => ({ label, value: rupees(v), testId: `total-${label}` }))}
            />
            {l.totals.governmentReceivablePaise > 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {rupees(l.totals.governmentReceivablePaise)} is due from the government or a sponsor on your behalf; you do not
                pay it.
              </Alert>
            )}
            <Section title="Dues by head and year">
              <DataTable
                label="Dues by head and year"
                columns={[
                  { key: 'fy', header: 'Year' },
                  { key: 'headName', header: 'Head' },
                  { key: 'payer', header: 'Payer', value: (x) => payerLabel(x.payer) },
                  { key: 'dueDate', header: 'Due by', value: (x) => (x.dueDate ? dmy(x.dueDate) : '') },
                  { key: 'amountPaise', header: 'Amount', align: 'right', value: (x) => rupees(x.amountPaise) },
                  { key: 'paidPaise', header: 'Paid', align: 'right', value: (x) => rupees(x.paidPaise) },
                  { key: 'waivedPaise', header: 'Waived', align: 'right', value: (x) => rupees(x.waivedPaise) },
                  { key: 'balancePaise', header: 'Balance', align: 'right', value: (x) => rupees(x.balancePaise) },
                ]}
                rows={l.lines}
                rowKey={(x) => x.id}
                cardTitle={(x) => `${x.headName} · ${x.fy}`}
                loading={false}
                emptyText="Nothing has been charged to you yet."
                paging={false}
              />
            </Section>
            <Section title="Payments and receipts">
              {failed && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {failed}
                </Alert>
              )}
              {l.receipts.length === 0 ? (
                <Typography color="text.secondary">No payments yet.</Typography>
              ) : (
                l.receipts.map((r) => (
                  <Box
                    key={r.id}
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: 1,
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      borderBottom: 1,
                      borderColor: 'divider',
                      py: 1,
                    }}
                  >
                    <Box>
                      <Typography fontWeight={600}>{r.label || 'Payment'}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {dmy(r.date)} · {modeLabel(r.mode)} · {r.allocations.map((a) => a.headName).join(', ')}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      {r.status !== 'active' && <Chip size="small" color="warning" label={codeLabel(r.status)} />}
                      <Typography fontWeight={600}>{rupees(r.amountPaise)}</Typography>
                      {r.pdfUrl && (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => download(r)}
                          aria-label={`Download receipt ${r.label}`}
                        >
                          Receipt
                        </Button>
                      )}
                    </Box>
                  </Box>
                ))
              )}
            </Section>
          </>
        )}
      </QueryState>
    </Box>
  );
}
