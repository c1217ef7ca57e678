import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
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
import Download from '@mui/icons-material/Download';
import FactCheck from '@mui/icons-material/FactCheck';
import UploadFile from '@mui/icons-material/UploadFile';
import { MSG, type TImportReport } from '@erp/shared';
import { useToast } from './feedback';
import { ApiError, apiUpload, type Base } from '../lib/api-client';
import { downloadFile } from '../lib/download';

export interface ImportEndpoint {
  /** API base (default 'rest', i.e. /api) */
  base?: Base;
  /** e.g. 'exam-results/import' */
  path: string;
  /** multipart part holding the workbook (default 'excelFileUpload') */
  fileField?: string;
  /** extra query parameters; `dryRun=true` is added for Check Only */
  query?: Record<string, string>;
}

export interface ImportLabels {
  /** accessible name of the file input */
  fileInput: string;
  chooseFile: string;
  check: string;
  upload: string;
  /** plural noun of what a row becomes in the summary: 'rows', 'admissions', 'books' */
  rowNoun: string;
  /** heading above the rejected rows table (none when empty) */
  rejectedTitle: string;
  /** shown when Check Only or Upload is pressed with no file */
  noFile: string;
  /** one line under the buttons: what the sheet should hold */
  hint: string;
}

const DEFAULT_LABELS: ImportLabels = {
  fileInput: 'Excel file (.xlsx or .xls)',
  chooseFile: 'Choose Excel File',
  check: 'Check Only',
  upload: 'Upload',
  rowNoun: 'rows',
  rejectedTitle: '',
  noFile: MSG.fileNotUploaded,
  hint: 'Drop a .xlsx or .xls file here, or choose one.',
};

/**
 * The one Excel import panel (admissions, results, and every module that imports sheets).
 *
 * Props:
 * - `title`: the panel's heading (h2).
 * - `endpoint`: where the workbook is POSTed as multipart ({ base, path, fileField, query });
 *   Check Only adds `dryRun=true`. The call must answer a TImportReport (ZImportReport in
 *   @erp/shared: message, saved, valid?, dryRun?, rejected [{ row, errors }]) or a 4xx with
 *   { message, reason?, errors? }. Or pass `upload(file, dryRun, onProgress)` to send it yourself.
 * - `invalidates`: query keys the import changes; invalidated after every answer (a check saves
 *   nothing, so a list that changes after one shows a check that saved).
 * - `template`: { endpoint: { base, path }, fileName, label? } adds a Download Template button.
 * - `labels`: wording (see ImportLabels); `renderSummary(report)`: extra summary lines;
 *   `onImported(report)`: called after a real (not dry-run) import; `actions`: header buttons
 *   (e.g. Close); `toastMs`: how long toasts stay.
 * The file is chosen by a real file input (keyboard reachable: Tab to it, Enter opens the picker)
 * behind the button, or dropped on the panel; uploads show their progress.
 */
export interface ImportPanelProps<R extends TImportReport = TImportReport> {
  title: string;
  endpoint?: ImportEndpoint;
  upload?: (file: File, dryRun: boolean, onProgress: (fraction: number) => void) => Promise<R>;
  invalidates?: QueryKey[];
  template?: { endpoint: { base?: Base; path: string }; fileName: string; label?: string };
  labels?: Partial<ImportLabels>;
  renderSummary?: (report: R) => ReactNode;
  onImported?: (report: R) => void;
  actions?: ReactNode;
  toastMs?: number;
}

const sendTo =
  <R,>(e: ImportEndpoint) =>
  (file: File, dryRun: boolean, onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append(e.fileField ?? 'excelFileUpload', file, file.name);
    const query = { ...e.query, ...(dryRun ? { dryRun: 'true' } : {}) };
    return apiUpload<R>(e.base ?? 'rest', e.path, form, { query, onProgress });
  };

/** The server's message, its reason and its list of errors, for the failure alert. */
function describeFailure(e: unknown): { message: string; details: string[] } {
  const message = e instanceof Error && e.message ? e.message : MSG.unableToUploadExcel;
  const body = e instanceof ApiError && e.body && typeof e.body === 'object' ? (e.body as Record<string, unknown>) : {};
  const reason = typeof body.reason === 'string' ? body.reason : '';
  const errors = Array.isArray(body.errors)
    ? body.errors.map((x) => (typeof x === 'string' ? x : String((x as { message?: unknown })?.message ?? JSON.stringify(x))))
    : [];
  return { message: reason ? `${message}: ${reason}` : message, details: errors.filter((x) => x !== reason) };
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

export function ImportPanel<R extends TImportReport = TImportReport>(props: ImportPanelProps<R>) {
  const labels = { ...DEFAULT_LABELS, ...props.labels };
  const toast = useToast();
  const qc = useQueryClient();
  const inputId = useId();
  const opts = props.toastMs ? { autoClose: props.toastMs } : undefined;
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(0);
  const send = props.upload ?? sendTo<R>(props.endpoint!);

  const importer = useMutation({
    mutationFn: ({ file: f, dryRun }: { file: File; dryRun: boolean }) => send(f, dryRun, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (report, { dryRun }) => {
      if (!dryRun) {
        toast.success(report.message, opts);
        props.onImported?.(report);
      }
    },
    onError: (e) => toast.error(e.message || MSG.unableToUploadExcel, opts),
    onSettled: () => Promise.all((props.invalidates ?? []).map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
  const template = useMutation({
    mutationFn: () =>
      downloadFile(props.template!.endpoint.base ?? 'rest', props.template!.endpoint.path, props.template!.fileName),
    onError: (e) => toast.error(e instanceof Error && e.message ? e.message : MSG.failedToDownload, opts),
  });

  const choose = (f: File | null) => {
    setFile(f);
    setMissingFile(false);
    importer.reset();
  };
  const run = (dryRun: boolean) => {
    if (!file) {
      setMissingFile(true);
      toast.error(labels.noFile, opts);
      return;
    }
    importer.mutate({ file, dryRun });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files?.[0];
    if (f) choose(f);
  };
  const running = importer.isPending ? (importer.variables?.dryRun ? 'check' : 'upload') : null;
  const failure = importer.isError ? describeFailure(importer.error) : null;

  return (
    <Paper
      sx={{ p: { xs: 1.5, sm: 3 }, outline: dragging ? '2px dashed' : 'none', outlineColor: 'primary.main' }}
      aria-label={props.title}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="import-panel"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" fontWeight={700} sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.actions}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        {props.template && (
          <Button startIcon={<Download />} onClick={() => template.mutate()} disabled={template.isPending}>
            {props.template.label ?? 'Download Template'}
          </Button>
        )}
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFile />}
          tabIndex={-1}
          sx={{ '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {labels.chooseFile}
          <Box
            component="input"
            id={inputId}
            type="file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            aria-label={labels.fileInput}
            data-testid="excel-input"
            sx={visuallyHidden}
            onChange={(e) => {
              choose(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, wordBreak: 'break-all' }} data-testid="chosen-file">
          {file ? file.name : 'No file chosen (.xlsx or .xls)'}
        </Typography>
        <Button variant="outlined" startIcon={<FactCheck />} onClick={() => run(true)} disabled={!!running}>
          {running === 'check' ? 'Checking…' : labels.check}
        </Button>
        <Button variant="contained" startIcon={<UploadFile />} onClick={() => run(false)} disabled={!!running}>
          {running === 'upload' ? 'Uploading…' : labels.upload}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {labels.hint}
      </Typography>
      {running && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={progress * 100}
            aria-label="Upload progress"
          />
          <Typography variant="caption" color="text.secondary">
            {progress < 1 ? `Sending the file: ${Math.round(progress * 100)}%` : 'Checking the rows…'}
          </Typography>
        </Box>
      )}
      {missingFile && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {labels.noFile}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <b>{failure.message}</b>
          {failure.details.map((d) => (
            <Box key={d}>{d}</Box>
          ))}
        </Alert>
      )}
      {importer.data && <ImportReportView report={importer.data} labels={labels} extra={props.renderSummary?.(importer.data)} />}
    </Paper>
  );
}

function ImportReportView({ report, labels, extra }: { report: TImportReport; labels: ImportLabels; extra?: ReactNode }) {
  const n = report.rejected.length;
  const count = report.dryRun ? (report.valid ?? report.saved) : report.saved;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="import-report">
      <Alert severity={n ? 'warning' : 'success'}>
        <b>{report.message}</b>. {report.dryRun ? 'Would save' : 'Saved'} {count} {labels.rowNoun}
        {n ? `, rejected ${n}` : ''}.{extra}
      </Alert>
      {n > 0 && (
        <>
          {labels.rejectedTitle && (
            <Typography variant="subtitle1" fontWeight={700}>
              {labels.rejectedTitle}
            </Typography>
          )}
          <TableContainer sx={{ maxHeight: 420 }}>
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
        </>
      )}
    </Stack>
  );
}
