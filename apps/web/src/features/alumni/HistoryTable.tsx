import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Chip, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { MSG, codeLabel, type TAlumniHistoryRecord } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { openHistoryFile } from './api';

const COLUMNS = ['S.No', 'Roll Number', 'Name', 'Course', 'Batch', 'Branch', 'Status', 'Company / Institute', 'Designation', 'Package', 'Location', 'Phone', 'Email', 'Files'];

/** The alumni already on record (getAlumniData), newest first. */
export function HistoryTable({ query }: { query: UseQueryResult<TAlumniHistoryRecord[]> }) {
  const toast = useToast();
  const open = (id: number, file: 'photo' | 'certificate') =>
    openHistoryFile(id, file).catch((e) => toast.error(e instanceof ApiError ? e.message : String(e)));
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Alumni Records {query.data ? `(${query.data.length})` : ''}
        </Typography>
        {query.isLoading ? (
          <CircularProgress aria-label="Loading alumni records" />
        ) : query.isError ? (
          <Alert severity="error">{query.error instanceof ApiError ? query.error.message : MSG.noRecordsFound}</Alert>
        ) : !query.data?.length ? (
          <Alert severity="info">{MSG.noRecordsFound}</Alert>
        ) : (
          <TableContainer sx={{ maxHeight: 560 }}>
            <Table size="small" stickyHeader aria-label="Alumni records" sx={{ '& td': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.map((r, i) => (
                  <TableRow key={r.id} data-testid={`alumni-row-${r.rollNumber}`}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.rollNumber || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.name}</TableCell>
                    <TableCell>{r.course}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.batch}</TableCell>
                    <TableCell>{r.branch}</TableCell>
                    <TableCell>
                      <Chip size="small" label={codeLabel(r.status)} color={r.status === 'working' ? 'primary' : 'secondary'} variant="outlined" />
                    </TableCell>
                    <TableCell>{r.status === 'working' ? r.company : r.instituteName}</TableCell>
                    <TableCell>{r.designation || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.packages || '—'}</TableCell>
                    <TableCell>{r.location}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.studentMobile || (r.limited ? 'Not shared' : '')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.studentEmail || (r.limited ? 'Not shared' : '')}</TableCell>
                    <TableCell>
                      {r.hasPhoto && (
                        <Button size="small" onClick={() => open(r.id, 'photo')} aria-label={`Photo of ${r.rollNumber}`}>
                          Photo
                        </Button>
                      )}
                      {r.hasCertificate && (
                        <Button size="small" onClick={() => open(r.id, 'certificate')} aria-label={`Certificate of ${r.rollNumber}`}>
                          {r.status === 'working' ? 'Offer Letter' : 'Admit Card'}
                        </Button>
                      )}
                      {!r.hasPhoto && !r.hasCertificate && '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
