import {
  Alert,
  Box,
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
import { MSG, type TResultImportReport } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { ImportPanel } from '../../components/ImportPanel';
import { SUMMARIES_KEY, TITLES_KEY, useSetPublished, useTitleSummaries } from './api';

function TitlesTable() {
  const toast = useToast();
  const titles = useTitleSummaries();
  const publish = useSetPublished();
  const toggle = (id: number, published: boolean) =>
    publish.mutate(
      { id, published },
      {
        onSuccess: () =>
          toast.success(published ? 'Published: the results are now public' : 'Unpublished: the results are hidden'),
        onError: (e) => toast.error(e.message || MSG.recordModificationFailed),
      },
    );
  const pending = publish.isPending ? publish.variables?.id : null;
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

/** Exam cell: template, upload with dry run and reject list (the shared import panel), and the publish switches. */
export function ResultsEntryPage() {
  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" fontWeight={800}>
        Results Entry
      </Typography>
      <ImportPanel<TResultImportReport>
        title="Upload the results"
        endpoint={{ path: 'exam-results/import' }}
        invalidates={[SUMMARIES_KEY, TITLES_KEY]}
        template={{ endpoint: { path: 'exam-results/template' }, fileName: 'exam-results-template.xlsx' }}
        labels={{
          fileInput: 'Results Excel file',
          hint: "One row per student per course: roll number, exam title, Regular or Supply, course code, course, credits and marks in percent (or AB for absent). Grades and points follow the grade scale. A supply result replaces the student's failed grade in that course. Drop the file here or choose it.",
        }}
        renderSummary={(report) => (
          <>
            {report.replacedFailures ? ` ${report.replacedFailures} failed grade(s) replaced by supplementary results.` : ''}
            {report.titles.map((t) => (
              <Box key={t.title}>
                {t.title} ({t.examType === 'supply' ? 'Supply' : 'Regular'}): {t.rows} rows
                {t.created ? ', new title (unpublished)' : ''}
              </Box>
            ))}
          </>
        )}
      />
      <Card sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="subtitle1" fontWeight={700} gutterBottom>
            Publish
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
