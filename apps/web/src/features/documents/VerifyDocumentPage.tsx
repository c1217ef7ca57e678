import { useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Typography } from '@mui/material';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import GppBad from '@mui/icons-material/GppBad';
import { displayDate } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { QueryState } from '../../components/QueryState';
import { GridTable, type GridRow } from '../../components/GridTable';
import { ApiError } from '../../lib/api-client';
import { useIssuedDocument } from './api';

/** /verify-document/{code}: what the QR code on a letter, pass or receipt opens. */
export function VerifyDocumentPage() {
  const code = useParams().code ?? '';
  const q = useIssuedDocument(code);
  const d = q.data;
  return (
    <PublicShell maxWidth="sm">
      <Typography component="h1" variant="h5" fontWeight={800} sx={{ mb: 2 }}>
        Document Verification
      </Typography>
      <QueryState
        spinner
        loadingLabel="Checking the document"
        query={q}
        failure={(error) =>
          error instanceof ApiError && error.status === 404 ? (
            <Alert severity="error" icon={<GppBad fontSize="large" />} data-testid="verify-verdict" data-genuine="false">
              <AlertTitle sx={{ fontWeight: 800 }}>Not genuine</AlertTitle>
              {error.message}
              <Box sx={{ mt: 1, fontFamily: 'monospace' }}>Code: {code}</Box>
            </Alert>
          ) : (
            <Alert severity="warning" action={<Button onClick={() => q.refetch()}>Try again</Button>}>
              The document could not be checked right now.
            </Alert>
          )
        }
      >
        {d && (
          <>
            <Alert
              severity={d.revoked ? 'warning' : 'success'}
              icon={d.revoked ? <GppBad fontSize="large" /> : <VerifiedUser fontSize="large" />}
              data-testid="verify-verdict"
              data-genuine={String(!d.revoked)}
              sx={{ mb: 2 }}
            >
              <AlertTitle sx={{ fontWeight: 800 }}>{d.revoked ? 'Issued, but since withdrawn' : 'Genuine document'}</AlertTitle>
              {d.revoked
                ? `${d.college} issued this document and later withdrew it${d.revokedReason ? `: ${d.revokedReason}` : '.'}`
                : `${d.college} issued this document. Compare the details below with the printed copy.`}
            </Alert>
            <Paper variant="outlined">
              <GridTable
                label="Document details"
                rows={[
                  row('Document', d.title),
                  row('Issued to', d.holder),
                  ...d.fields.map((f) => row(f.label, f.value)),
                  row('Issued on', displayDate(d.issuedAt)),
                  row('Verification code', d.code, true),
                ]}
              />
            </Paper>
          </>
        )}
      </QueryState>
    </PublicShell>
  );
}

/** One printed field beside its value, to compare with the paper copy. */
const row = (label: string, value: string, mono = false): GridRow => ({
  key: label,
  cells: [
    { key: 'label', content: label, rowHeader: true, sx: { fontWeight: 700, width: '40%' } },
    { key: 'value', content: value, sx: mono ? { fontFamily: 'monospace' } : undefined },
  ],
});
