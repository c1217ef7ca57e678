import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { codeLabel, type TReceipt } from '@erp/shared';
import { openFile, useMyLedger } from './api';
import { dmy, modeLabel, payerLabel, rupees } from './format';
import { QueryState } from '../../components/QueryState';
import { Scroll } from './Scroll';
import { Section } from './Section';

/** The student's own fee account: what is due by head and year, what was paid or waived, and receipts to download. */
export function MyFeesPage() {
  const q = useMyLedger();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
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
            <Box
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}
              aria-label="Fee totals"
            >
              {(
                [
                  ['Total demand', l.totals.demandPaise],
                  ['Paid', l.totals.paidPaise],
                  ['Waived', l.totals.waivedPaise],
                  ['Due from you', l.totals.studentDuePaise],
                ] as const
              ).map(([label, v]) => (
                <Card key={label} variant="outlined">
                  <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                    <Typography variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography variant="h6" data-testid={`total-${label}`}>
                      {rupees(v)}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
            {l.totals.governmentReceivablePaise > 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {rupees(l.totals.governmentReceivablePaise)} is due from the government or a sponsor on your behalf; you do not
                pay it.
              </Alert>
            )}
            <Section title="Dues by head and year">
              {l.lines.length === 0 ? (
                <Typography color="text.secondary">Nothing has been charged to you yet.</Typography>
              ) : phone ? (
                l.lines.map((x) => (
                  <Card key={x.id} variant="outlined" sx={{ mb: 1 }} aria-label={`${x.headName} ${x.fy}`}>
                    <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                        <Typography fontWeight={600}>{x.headName}</Typography>
                        <Typography>{x.fy}</Typography>
                      </Box>
                      <Typography variant="body2">
                        {rupees(x.amountPaise)} · paid {rupees(x.paidPaise)}
                        {x.waivedPaise ? ` · waived ${rupees(x.waivedPaise)}` : ''}
                      </Typography>
                      <Typography variant="body2" fontWeight={600}>
                        Balance {rupees(x.balancePaise)}
                        {x.payer !== 'student' ? ` (${payerLabel(x.payer)})` : ''}
                      </Typography>
                    </CardContent>
                  </Card>
                ))
              ) : (
                <Scroll>
                  <Table size="small" aria-label="Dues by head and year">
                    <TableHead>
                      <TableRow>
                        <TableCell>Year</TableCell>
                        <TableCell>Head</TableCell>
                        <TableCell>Payer</TableCell>
                        <TableCell>Due by</TableCell>
                        <TableCell align="right">Amount</TableCell>
                        <TableCell align="right">Paid</TableCell>
                        <TableCell align="right">Waived</TableCell>
                        <TableCell align="right">Balance</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {l.lines.map((x) => (
                        <TableRow key={x.id}>
                          <TableCell>{x.fy}</TableCell>
                          <TableCell>{x.headName}</TableCell>
                          <TableCell>{payerLabel(x.payer)}</TableCell>
                          <TableCell>{x.dueDate ? dmy(x.dueDate) : ''}</TableCell>
                          <TableCell align="right">{rupees(x.amountPaise)}</TableCell>
                          <TableCell align="right">{rupees(x.paidPaise)}</TableCell>
                          <TableCell align="right">{rupees(x.waivedPaise)}</TableCell>
                          <TableCell align="right">{rupees(x.balancePaise)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Scroll>
              )}
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
