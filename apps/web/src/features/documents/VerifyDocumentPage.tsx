import { useParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import GppBad from '@mui/icons-material/GppBad';
import { displayDate } from '@erp/shared';
import { PublicShell } from '../../components/common';
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
      {q.isLoading && <CircularProgress aria-label="Checking the document" />}
      {q.error &&
        (q.error instanceof ApiError && q.error.status === 404 ? (
          <Alert severity="error" icon={<GppBad fontSize="large" />} data-testid="verify-verdict" data-genuine="false">
            <AlertTitle sx={{ fontWeight: 800 }}>Not genuine</AlertTitle>
            {q.error.message}
            <Box sx={{ mt: 1, fontFamily: 'monospace' }}>Code: {code}</Box>
          </Alert>
        ) : (
          <Alert severity="warning" action={<Button onClick={() => q.refetch()}>Try again</Button>}>
            The document could not be checked right now.
          </Alert>
        ))}
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
            <Table size="small" aria-label="Document details">
              <TableBody>
                <Row label="Document" value={d.title} />
                <Row label="Issued to" value={d.holder} />
                {d.fields.map((f) => (
                  <Row key={f.label} label={f.label} value={f.value} />
                ))}
                <Row label="Issued on" value={displayDate(d.issuedAt)} />
                <Row label="Verification code" value={d.code} mono />
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </PublicShell>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700, width: '40%' }}>
        {label}
      </TableCell>
      <TableCell sx={mono ? { fontFamily: 'monospace' } : undefined}>{value}</TableCell>
    </TableRow>
  );
}
