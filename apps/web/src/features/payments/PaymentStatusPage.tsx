import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, Divider, Typography } from '@mui/material';
import { MSG, landingFor } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { useToast } from '../../components/feedback';
import { getSessionUser } from '../../lib/session';
import { fetchPaymentRecord, reportTransactionStatus, saveFeePayment, saveSuppleFeePayment } from './api';
import { lyraDateText, majorAmountText } from './format';
import { FailureImage, SuccessImage } from './images';
import { readResult, runResultFlow } from './result-flow';

/** /lyra/payment/status: where the gateway sends the payer back (spec sections 2 and 4). */
export function PaymentStatusPage() {
  const [params] = useSearchParams();
  const result = useMemo(() => readResult(params), [params]);
  const toast = useToast();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void runResultFlow(result, {
      fetchRecord: fetchPaymentRecord,
      reportStatus: reportTransactionStatus,
      saveFee: saveFeePayment,
      saveSupple: saveSuppleFeePayment,
      onSuppleSaved: (message) => toast.success(message),
      storage: sessionStorage,
      log: console,
    });
  }, [result, toast]);

  const rows: Array<[string, string]> = [
    ['Transaction Id', result.transactionId],
    ['Amount', majorAmountText(result.amount)],
    ['Date', lyraDateText(result.date)],
    ['Status', result.statusProgress],
    ['Roll Number', result.rollNo],
  ];
  const user = getSessionUser();

  return (
    <PublicShell maxWidth="sm">
      <Box sx={{ textAlign: 'center' }} data-testid="payment-result" data-status={result.statusProgress}>
        {result.paid ? <SuccessImage /> : <FailureImage />}
        {result.paid ? (
          <>
            <Typography variant="h4" component="h1" sx={{ mt: 2, color: 'success.main', fontSize: { xs: 26, sm: 32 } }}>
              {MSG.paymentSuccessful}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {MSG.thankYouForPayment}
            </Typography>
          </>
        ) : (
          <Typography variant="h4" component="h1" sx={{ mt: 2, color: 'error.main', fontSize: { xs: 26, sm: 32 } }}>
            {MSG.paymentFail}
          </Typography>
        )}
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Transaction Details
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1.25 },
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}
              data-testid={`detail-${label.replace(/\s+/g, '-').toLowerCase()}`}
            >
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
        <Button variant="contained" component={RouterLink} to={user ? landingFor(user.roles) : '/'}>
          {user ? 'Back to Dashboard' : 'Home'}
        </Button>
      </Box>
    </PublicShell>
  );
}
