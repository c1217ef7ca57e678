import { useParams } from 'react-router';
import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import GppBad from '@mui/icons-material/GppBad';
import { PublicShell } from '../../components/common';
import { QueryState } from '../../components/QueryState';
import { ApiError } from '../../lib/api-client';
import { useVerification } from './api';
import { ResultCard } from './ResultCard';
import { formatDate } from '../../lib/format';

/** /verify/{code}: what the QR code on a marks memo opens. Shows the result as issued, or says the memo is not genuine. */
export function VerifyMemoPage() {
  const code = useParams().code ?? '';
  const q = useVerification(code);
  const v = q.data;
  return (
    <PublicShell maxWidth="md">
      <Typography component="h1" variant="h5" fontWeight={800} sx={{ mb: 2 }}>
        Marks Memo Verification
      </Typography>
      <QueryState
        spinner
        loadingLabel="Checking the memo"
        query={q}
        failure={(error) => (
          <Alert severity="error" icon={<GppBad fontSize="large" />} data-testid="verify-verdict" data-genuine="false">
            <AlertTitle sx={{ fontWeight: 800 }}>Not genuine</AlertTitle>
            {error instanceof ApiError && error.status === 404
              ? error.message
              : 'The memo could not be checked right now. Please try again.'}
            <Box sx={{ mt: 1, fontFamily: 'monospace' }}>Code: {code}</Box>
          </Alert>
        )}
      >
        {v && (
          <Stack spacing={2}>
            <Alert severity="success" icon={<VerifiedUser fontSize="large" />} data-testid="verify-verdict" data-genuine="true">
              <AlertTitle sx={{ fontWeight: 800 }}>Genuine memo</AlertTitle>
              {v.message} Compare every row below with the printed memo: a memo that differs has been altered.
              <Box sx={{ mt: 1 }}>
                <b>{v.examTitle}</b> · issued {formatDate(new Date(v.issuedAt))} · code{' '}
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {v.code}
                </Box>
              </Box>
            </Alert>
            {v.revisedSinceIssue && (
              <Alert severity="warning">
                The college has revised this result since the memo was issued (a correction or a supplementary examination). The
                result as issued is shown.
              </Alert>
            )}
            <ResultCard view={v.result} examTitle={v.examTitle} />
          </Stack>
        )}
      </QueryState>
    </PublicShell>
  );
}
