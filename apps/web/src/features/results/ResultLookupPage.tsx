import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Breadcrumbs, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import Search from '@mui/icons-material/Search';
import { MSG, PATHS, ZRollNoForm, normalizeRollNo, type TExamResultView, type TRollNoForm } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { saveBlob } from '../../lib/download';
import { base64Pdf, useExamTitles, useResultReport, useResultView } from './api';
import { ResultCard } from './ResultCard';

/** /results/{title}: roll number → result, with the marks memo download. */
export function ResultLookupPage() {
  const examTitle = useParams().title ?? '';
  const titles = useExamTitles();
  // only when the server listed the published exams and this one is not among them
  const unknown = titles.isSuccess && !titles.data.includes(examTitle);
  const [view, setView] = useState<TExamResultView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const viewCall = useResultView(examTitle);
  const memoCall = useResultReport(examTitle);
  const busy = viewCall.isPending;
  const downloading = memoCall.isPending;
  // Changing the roll number clears the shown result (spec section 4).
  const clear = () => {
    setView(null);
    setMessage(null);
  };
  const lookup = async (rollNo: string) => {
    clear();
    try {
      const res = await viewCall.mutateAsync(normalizeRollNo(rollNo));
      if (!res.listofRecords?.length) setMessage(MSG.noDataFound);
      else setView(res);
    } catch {
      setMessage(MSG.failedToGetResults);
    }
  };

  const download = async () => {
    if (!view) return;
    setMessage(null);
    try {
      const res = await memoCall.mutateAsync(view.studentRollNo);
      if (res.success !== 'True' || !res.data) setMessage(MSG.noDataToDownload);
      else saveBlob(base64Pdf(res.data), `Marks-Memo-${view.studentRollNo}.pdf`);
    } catch {
      setMessage(MSG.failedToDownload);
    }
  };

  return (
    <PublicShell maxWidth="md">
      <Breadcrumbs sx={{ mb: 2 }}>
        <Link component={RouterLink} to={PATHS.examResults} underline="hover">
          Exam Results
        </Link>
        <Typography color="text.primary">Result</Typography>
      </Breadcrumbs>
      <Typography component="h1" variant="h5" fontWeight={800} sx={{ mb: 3 }}>
        {examTitle}
      </Typography>
      {unknown ? (
        <Alert
          severity="warning"
          data-testid="unknown-exam"
          action={
            <Button component={RouterLink} to={PATHS.examResults} color="inherit" size="small">
              See the published exams
            </Button>
          }
        >
          There is no published exam called “{examTitle}”. Check the link, or choose the exam from the published results.
        </Alert>
      ) : (
        <RollNoForm busy={busy} onLookup={lookup} onEdit={clear} />
      )}
      {message && (
        <Alert severity={message === MSG.noDataFound || message === MSG.noDataToDownload ? 'info' : 'error'} sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {view && (
        <ResultCard
          view={view}
          examTitle={examTitle}
          actions={
            <Button
              variant="outlined"
              startIcon={downloading ? <CircularProgress size={18} /> : <Download />}
              onClick={download}
              disabled={downloading}
            >
              Download PDF
            </Button>
          }
        />
      )}
    </PublicShell>
  );
}

/**
 * The roll number form. Its own component: react-hook-form renders the component that holds the
 * form again as it mounts, and that should be the form, not the whole page.
 */
function RollNoForm({
  busy,
  onLookup,
  onEdit,
}: {
  busy: boolean;
  onLookup: (rollNo: string) => Promise<void>;
  onEdit: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<TRollNoForm>({
    resolver: zodResolver(ZRollNoForm),
    defaultValues: { rollNo: '' },
  });
  const field = register('rollNo', { onChange: onEdit });
  return (
    <Box component="form" onSubmit={handleSubmit(({ rollNo }) => onLookup(rollNo))} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          {...field}
          id="rollNo"
          label="Roll Number"
          placeholder="e.g. 22A91A0501"
          autoComplete="off"
          error={!!formState.errors.rollNo}
          helperText={formState.errors.rollNo?.message ?? ' '}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { 'aria-describedby': 'rollNo-helper-text', style: { textTransform: 'uppercase' } } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <Search />}
          disabled={busy}
          sx={{ height: 56 }}
        >
          Get Result
        </Button>
      </Stack>
    </Box>
  );
}
