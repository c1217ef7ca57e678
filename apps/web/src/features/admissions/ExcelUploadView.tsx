import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
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
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ADMISSION_MSG, MSG } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { downloadTemplate, uploadAdmissionsExcel, type ImportAnswer } from './api';
import { useAdmissionToast } from './parts';

/** Bulk upload of new admissions (.xlsx or .xls); rejected rows are listed with their reasons. */
export function ExcelUploadView({ onClose }: { onClose: () => void }) {
  const toast = useAdmissionToast();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async () => {
    if (!file) {
      toast.error(ADMISSION_MSG.excelMissingFile);
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await uploadAdmissionsExcel(file, dryRun);
      setResult(res);
      toast.success(res.message);
    } catch (e) {
      const reason =
        e instanceof ApiError && e.body && typeof e.body === 'object' ? (e.body as { reason?: string }).reason : undefined;
      const message = e instanceof Error && e.message ? e.message : MSG.unableToUploadExcel;
      setError(reason ? `${message}: ${reason}` : message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }} aria-label="Upload admissions from Excel">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" fontWeight={700} sx={{ flexGrow: 1 }}>
          Upload Admissions (Excel)
        </Typography>
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Button startIcon={<DownloadIcon />} onClick={() => downloadTemplate().catch((e: Error) => toast.error(e.message))}>
          Download Template
        </Button>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {file ? file.name : 'Choose Excel File'}
          <input
            hidden
            type="file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            aria-label="Excel file (.xlsx or .xls)"
            data-testid="excel-input"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              setError(null);
            }}
          />
        </Button>
        <FormControlLabel
          control={<Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />}
          label="Check only (don't save)"
        />
        <Button variant="contained" onClick={upload} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        Fill the template's columns; admission numbers are generated when left empty.
      </Typography>

      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {result && (
        <Box sx={{ mt: 2 }}>
          <Alert severity={result.rejected.length ? 'warning' : 'success'}>
            {result.dryRun ? result.message : `${result.message}: ${result.saved} admissions saved.`}
          </Alert>
          {result.rejected.length > 0 && (
            <>
              <Typography variant="subtitle1" fontWeight={700} sx={{ mt: 2 }}>
                {MSG.recordsNotSubmitted}
              </Typography>
              <TableContainer sx={{ maxHeight: 420 }}>
                <Table size="small" stickyHeader aria-label="Rejected rows">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Reasons</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.rejected.map((r) => (
                      <TableRow key={r.row}>
                        <TableCell>{r.row}</TableCell>
                        <TableCell>{r.errors.join('; ')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
