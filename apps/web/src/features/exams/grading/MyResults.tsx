import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { ZAbcIdInput, type TExamResults, type TMyExam, type TRevalRequest } from '@erp/shared';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { downloadTranscript, useResults, useRevalRequests, useAbcId, useSaveAbcId } from './api';
import { useCardColumns } from './columns';
import { GradeCardButton } from './GradeCardButton';
import { feeText, KIND_LABEL, OUTCOME_COLOUR, outcomeText } from './labels';
import { RequestRevalDialog, type PaperToAsk } from './RequestRevalDialog';

type Row = TExamResults['items'][number];

const RESULT_COLUMNS: Array<DataColumn<Row>> = [
  { key: 'courseCode', header: 'Code', nowrap: true },
  { key: 'course', header: 'Subject' },
  { key: 'credits', header: 'Credits', align: 'right', hideBelow: 'md' },
  { key: 'grade', header: 'Grade', align: 'center', render: (r) => <b>{r.grade}</b>, value: (r) => r.grade },
  {
    key: 'status',
    header: 'Result',
    value: (r) => (r.withheldReason ? `${r.status}: ${r.withheldReason}` : r.status),
    render: (r) => (
      <Box>
        <Chip size="small" color={OUTCOME_COLOUR[r.status] ?? 'default'} label={r.status} />
        {r.withheldReason && (
          <Typography variant="caption" component="div" color="warning.main">
            {r.withheldReason}
          </Typography>
        )}
      </Box>
    ),
  },
];

/** One published exam: the student's papers with grades, a request per paper, the grade card. */
function ExamResultCard({ exam, rollNo }: { exam: TMyExam; rollNo: string }) {
  const [page, setPage] = useState(0);
  const results = useResults(exam.examId, { page: page + 1 });
  const [asking, setAsking] = useState<PaperToAsk | null>(null);
  const columns = useCardColumns(RESULT_COLUMNS, ['courseCode', 'course']);
  return (
    <Card variant="outlined" data-testid={`my-result-${exam.examId}`}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ flexGrow: 1 }}>
            {exam.name}
          </Typography>
          <GradeCardButton examId={exam.examId} rollNo={rollNo} label="Download grade card" />
        </Box>
        <DataTable
          label={`Results of ${exam.name}`}
          columns={columns}
          {...queryRows(results, (d) => d.items)}
          rowKey={(r) => r.paperId}
          rowTestId={(r) => `my-grade-${r.courseCode}`}
          cardTitle={(r) => `${r.courseCode} · ${r.course}`}
          emptyText="No result of yours in this exam."
          paging={{ page, pageSize: results.data?.limit ?? 50, total: results.data?.total, onPage: setPage }}
          actions={(r) => (
            <Button
              size="small"
              startIcon={<ReplayOutlined />}
              onClick={() =>
                setAsking({ examId: exam.examId, paperId: r.paperId, courseCode: r.courseCode, course: r.course, grade: r.grade })
              }
            >
              Request
            </Button>
          )}
        />
      </CardContent>
      {asking && <RequestRevalDialog paper={asking} onClose={() => setAsking(null)} />}
    </Card>
  );
}

const REQUEST_COLUMNS: Array<DataColumn<TRevalRequest>> = [
  { key: 'exam', header: 'Exam', hideBelow: 'md' },
  { key: 'course', header: 'Subject', value: (r) => `${r.courseCode} · ${r.course}` },
  { key: 'kind', header: 'Asked for', value: (r) => KIND_LABEL[r.kind] },
  { key: 'fee', header: 'Fee', value: feeText },
  { key: 'status', header: 'Status', value: (r) => (r.status === 'decided' ? 'Decided' : 'Waiting') },
  { key: 'outcome', header: 'Outcome', value: outcomeText },
];

/** The student's recounting, photocopy and revaluation requests, with their fees and outcomes. */
function MyRequests() {
  const [page, setPage] = useState(0);
  const requests = useRevalRequests({ page: page + 1 });
  const columns = useCardColumns(REQUEST_COLUMNS, ['kind']);
  return (
    <Box component="section" aria-labelledby="my-requests">
      <Typography id="my-requests" variant="h6" component="h2" sx={{ mb: 1 }}>
        Recounting and revaluation
      </Typography>
      <DataTable
        label="My requests"
        testId="my-requests"
        columns={columns}
        {...queryRows(requests, (d) => d.items)}
        rowKey={(r) => r.id}
        rowTestId={(r) => `my-request-${r.id}`}
        cardTitle={(r) => `${r.courseCode} · ${KIND_LABEL[r.kind]}`}
        emptyText="You have made no request."
        paging={{ page, pageSize: requests.data?.limit ?? 50, total: requests.data?.total, onPage: setPage }}
      />
    </Box>
  );
}

/** The student's ABC (APAAR) id, sent to the NAD with their results. */
function AbcIdForm() {
  const toast = useToast();
  const save = useSaveAbcId();
  const current = useAbcId();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZAbcIdInput>, unknown, z.output<typeof ZAbcIdInput>>({
    resolver: zodResolver(ZAbcIdInput),
    defaultValues: { abcId: '' },
    // the id on record, once read
    values: current.data?.abcId ? { abcId: current.data.abcId } : undefined,
  });
  const error = form.formState.errors.abcId;
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await save.mutateAsync(v);
      setSaved(r.abcId);
      toast.success(r.message);
    } catch {
      /* shown below the field */
    }
  });
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="abc-id-title">
      <Typography id="abc-id-title" variant="subtitle1" component="h3" fontWeight={700}>
        ABC (APAAR) id
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your Academic Bank of Credits id: your results are sent to the National Academic Depository under it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="ABC id"
          size="small"
          inputMode="numeric"
          placeholder="12 digits"
          autoComplete="off"
          {...form.register('abcId')}
          error={Boolean(error)}
          helperText={error?.message ?? ' '}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: { sm: 0.25 } }}>
          Save
        </Button>
      </Stack>
      {save.error && (
        <Alert severity="error" data-testid="abc-error" onClose={() => save.reset()}>
          {errorText(save.error)}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" data-testid="abc-saved">
          Saved: {saved}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The student's results on their exams page: each published exam's grades with a request per
 * paper, their requests and outcomes, their ABC id and the transcript.
 */
export function MyResults({ exams, rollNo }: { exams: TMyExam[]; rollNo: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const published = exams.filter((e) => e.status === 'published');
  const transcript = async () => {
    setBusy(true);
    try {
      await downloadTranscript(rollNo);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Box component="section" aria-labelledby="my-results">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id="my-results" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Results
          </Typography>
          <Button variant="outlined" size="small" startIcon={<Download />} onClick={transcript} loading={busy}>
            Download transcript
          </Button>
        </Box>
        {published.length === 0 ? (
          <Typography color="text.secondary">No result of yours is published yet.</Typography>
        ) : (
          <Stack spacing={1.5}>
            {published.map((e) => (
              <ExamResultCard key={e.examId} exam={e} rollNo={rollNo} />
            ))}
          </Stack>
        )}
      </Box>
      <MyRequests />
      <Card variant="outlined">
        <CardContent>
          <AbcIdForm />
        </CardContent>
      </Card>
    </>
  );
}
