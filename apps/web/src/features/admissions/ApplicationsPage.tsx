import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { MSG, PATHS, type TAdmissionForm, type TApplicationItem } from '@erp/shared';
import { openBase64Pdf } from '../../lib/api-client';
import { admissionPdf, useApplications } from './api';
import { useAdmissionToast } from './form-controls';

/** A saved form: its row id and numbers, and the payload's fields. */
type Row = TApplicationItem['applicationFormExcelM'] & Partial<TAdmissionForm>;

const PAGE = 50;
const masked = (aadhar: string) => (aadhar ? `XXXX XXXX ${aadhar.slice(-4)}` : '');

/** Saved admissions, newest first, with links to modify and to download the admission PDF again. */
export function ApplicationsPage() {
  const toast = useAdmissionToast();
  const [page, setPage] = useState(0);
  const apps = useApplications(page, PAGE);
  const rows = (apps.data ?? []).slice(0, PAGE).map((a) => a.applicationFormExcelM as Row);
  const more = (apps.data?.length ?? 0) > PAGE;

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" fontWeight={700} sx={{ flexGrow: 1 }}>
          Admission Applications
        </Typography>
        <Button component={RouterLink} to={PATHS.admissionForm} variant="contained" size="small">
          New Admission
        </Button>
        <Button component={RouterLink} to={PATHS.studentAdmissionForm} variant="outlined" size="small">
          Student Admission Form
        </Button>
      </Stack>
      {apps.isError && <Alert severity="error">{(apps.error as Error).message}</Alert>}
      {apps.isSuccess && rows.length === 0 && <Alert severity="info">{MSG.noRecordsFound}</Alert>}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Saved admissions" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Admission No</TableCell>
                <TableCell>Name</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Course / Branch</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Batch</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Aadhaar</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell>{r.adminNo}</TableCell>
                  <TableCell>{r.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {[r.courseAppliedFor, r.branch].filter(Boolean).join(' / ')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.batch}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{masked(r.aadharNo)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.dateOfAdmission}</TableCell>
                  <TableCell align="right">
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={{ xs: 0, sm: 1 }}
                      sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}
                    >
                      <Button
                        size="small"
                        component={RouterLink}
                        to={`${PATHS.admissionForm}?mode=modify&rollNumber=${encodeURIComponent(r.adminNo)}`}
                      >
                        Modify
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          admissionPdf(r.id)
                            .then((res) => openBase64Pdf(res.pdf, `${r.adminNo.replace(/\//g, '_')}.pdf`))
                            .catch((e: Error) => toast.error(e.message))
                        }
                      >
                        PDF
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <Button size="small" disabled={!more} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </Stack>
    </Paper>
  );
}
