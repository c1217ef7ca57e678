import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import FactCheck from '@mui/icons-material/FactCheck';
import { MSG, type TResultImportReport } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { SUMMARIES_KEY, TITLES_KEY, getTemplate, importResults, saveBlob, setPublished, useTitleSummaries } from './api';

interface Failure {
  message: string;
  errors: string[];
}

function ImportReport({ report }: { report: TResultImportReport }) {
  return (
    <Stack spacing={1.5} data-testid="import-report">
      <Alert severity={report.rejected.length ? 'warning' : 'success'}>
        <b>{report.message}</b>. {report.dryRun ? 'Would save' : 'Saved'} {report.saved} row{report.saved === 1 ? '' : 's'}
        {report.rejected.length ? `, rejected ${report.rejected.length}` : ''}
        {report.replacedFailures ? `; ${report.replacedFailures} failed grade(s) replaced by supplementary results` : ''}.
        {report.titles.map((t) => (
          <Box key={t.title}>
            {t.title} ({t.examType === 'supply' ? 'Supply' : 'Regular'}): {t.rows} rows
            {t.created ? ', new title (unpublished)' : ''}
          </Box>
        ))}
      </Alert>
      {report.rejected.length > 0 && (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label="Rejected rows">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 70 }}>Row</TableCell>
                <TableCell>Why it was rejected</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rejected.map((r) => (
                <TableRow key={r.row} data-testid="rejected-row">
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.errors.join('; ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function TitlesTable() {
  const qc = useQueryClient();
  const toast = useToast();
  const titles = useTitleSummaries();
  const [pending, setPending] = useState<number | null>(null);
  const toggle = async (id: number, published: boolean) => {
    setPending(id);
    try {
      await setPublished(id, published);
      await qc.invalidateQueries({ queryKey: SUMMARIES_KEY });
      await qc.invalidateQueries({ queryKey: TITLES_KEY });
      toast.success(published ? 'Published: the results are now public' : 'Unpublished: the results are hidden');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.recordModificationFailed);
    } finally {
      setPending(null);
    }
  };
  if (titles.isLoading) return <CircularProgress aria-label="Loading exam titles" />;
  if (titles.error) return <Alert severity="error">{titles.error.message}</Alert>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Exam titles">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap' } }}>
            <TableCell>Exam title</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Students</TableCell>
            <TableCell align="right">Failed</TableCell>
            <TableCell align="right">Absent</TableCell>
            <TableCell>Published</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(titles.data ?? []).map((t) => (
            <TableRow key={t.id} data-testid="title-row">
              <TableCell sx={{ minWidth: 200 }}>{t.title}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t.examType === 'supply' ? 'Supply' : 'Regular'}
                  color={t.examType === 'supply' ? 'secondary' : 'default'}
                />
              </TableCell>
              <TableCell align="right">{t.students}</TableCell>
              <TableCell align="right">{t.failed}</TableCell>
              <TableCell align="right">{t.absent}</TableCell>
              <TableCell>
                <FormControlLabel
                  control={
                    <Switch checked={t.published} disabled={pending === t.id} onChange={(e) => toggle(t.id, e.target.checked)} />
                  }
                  label={t.published ? 'Public' : 'Hidden'}
                  slotProps={{ typography: { variant: 'body2' } }}
                  aria-label={`Published: ${t.title}`}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Exam cell: template, upload with dry run and reject list, and the publish switches. */
export function ResultsEntryPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'dry' | 'save' | 'template' | null>(null);
  const [report, setReport] = useState<TResultImportReport | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const template = async () => {
    setBusy('template');
    try {
      saveBlob(await getTemplate(), 'exam-results-template.xlsx');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.failedToDownload);
    } finally {
      setBusy(null);
    }
  };

  const upload = async (dryRun: boolean) => {
    if (!file) {
      setFailure({ message: MSG.fileNotUploaded, errors: [] });
      return;
    }
    setBusy(dryRun ? 'dry' : 'save');
    setReport(null);
    setFailure(null);
    try {
      const res = await importResults(file, dryRun);
      setReport(res);
      if (!dryRun) {
        toast.success(res.message);
        await qc.invalidateQueries({ queryKey: SUMMARIES_KEY });
      }
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { errors?: unknown }) : null;
      const errors = Array.isArray(body?.errors) ? body.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))) : [];
      setFailure({ message: e instanceof Error ? e.message : MSG.unableToUploadExcel, errors });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" fontWeight={800}>
        Results Entry
      </Typography>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="subtitle1" fontWeight={700} gutterBottom>
            1. Fill in the template
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            One row per student per course: roll number, exam title, Regular or Supply, course code, course, credits and marks in
            percent (or AB for absent). Grades and points follow the grade scale. A supply result replaces the student's failed
            grade in that course.
          </Typography>
          <Button
            variant="outlined"
            startIcon={busy === 'template' ? <CircularProgress size={18} /> : <Download />}
            onClick={template}
            disabled={!!busy}
          >
            Download Template
          </Button>
        </CardContent>
      </Card>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="subtitle1" fontWeight={700} gutterBottom>
            2. Upload the results
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Button variant="outlined" component="label" startIcon={<UploadFile />}>
              Choose Excel File
              <input
                ref={input}
                hidden
                type="file"
                accept=".xlsx,.xls"
                aria-label="Results Excel file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setReport(null);
                  setFailure(null);
                }}
              />
            </Button>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ flexGrow: 1, wordBreak: 'break-all' }}
              data-testid="chosen-file"
            >
              {file ? file.name : 'No file chosen (.xlsx or .xls)'}
            </Typography>
            <Button
              variant="outlined"
              startIcon={busy === 'dry' ? <CircularProgress size={18} /> : <FactCheck />}
              onClick={() => upload(true)}
              disabled={!!busy}
            >
              Check Only
            </Button>
            <Button
              variant="contained"
              startIcon={busy === 'save' ? <CircularProgress size={18} color="inherit" /> : <UploadFile />}
              onClick={() => upload(false)}
              disabled={!!busy}
            >
              Upload
            </Button>
          </Stack>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <b>{failure.message}</b>
              {failure.errors.map((e) => (
                <Box key={e}>{e}</Box>
              ))}
            </Alert>
          )}
          {report && <ImportReport report={report} />}
        </CardContent>
      </Card>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="subtitle1" fontWeight={700} gutterBottom>
            3. Publish
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            New titles start hidden. Only published titles appear on the public results page.
          </Typography>
          <TitlesTable />
        </CardContent>
      </Card>
    </Stack>
  );
}
