import { Box, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { MSG, type TExamTitleSummary, type TResultImportReport } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { ImportPanel } from '../../components/ImportPanel';
import { SUMMARIES_KEY, TITLES_KEY, useSetPublished, useTitleSummaries } from './api';

function TitlesTable() {
  const toast = useToast();
  const confirm = useConfirm();
  const titles = useTitleSummaries();
  const publish = useSetPublished();
  const toggle = async (t: TExamTitleSummary, published: boolean) => {
    const ok = await confirm({
      title: published ? `Publish ${t.title}?` : `Hide ${t.title}?`,
      text: published
        ? `The results of ${t.students} student(s) become public: anyone with a roll number can look them up and download the marks memo.`
        : 'The results are taken off the public results page; students can no longer look them up until you publish them again.',
      confirmText: published ? 'Publish' : 'Hide',
      cancelText: 'Cancel',
      kind: 'warning',
    });
    if (!ok) return;
    publish.mutate(
      { id: t.id, published },
      {
        onSuccess: () =>
          toast.success(published ? 'Published: the results are now public' : 'Unpublished: the results are hidden'),
        onError: (e) => toast.error(e.message || MSG.recordModificationFailed),
      },
    );
  };
  const pending = publish.isPending ? publish.variables?.id : null;
  return (
    <DataTable
      label="Exam titles"
      rows={titles.data}
      rowKey={(t) => t.id}
      rowTestId="title-row"
      loading={titles.isPending}
      error={titles.isError ? titles.error : null}
      onRetry={() => void titles.refetch()}
      emptyText="No exam titles yet: upload a results sheet above."
      search
      searchPlaceholder="Exam title"
      exportName="exam-titles"
      paging={10}
      columns={[
        { key: 'title', header: 'Exam title' },
        {
          key: 'examType',
          header: 'Type',
          value: (t) => (t.examType === 'supply' ? 'Supply' : 'Regular'),
          render: (t) => (
            <Chip
              size="small"
              label={t.examType === 'supply' ? 'Supply' : 'Regular'}
              color={t.examType === 'supply' ? 'secondary' : 'default'}
            />
          ),
        },
        { key: 'students', header: 'Students', align: 'right' },
        { key: 'failed', header: 'Failed', align: 'right' },
        { key: 'absent', header: 'Absent', align: 'right' },
        {
          key: 'published',
          header: 'Published',
          value: (t) => (t.published ? 'Public' : 'Hidden'),
          render: (t) => (
            <FormControlLabel
              control={
                <Switch checked={t.published} disabled={pending === t.id} onChange={(e) => void toggle(t, e.target.checked)} />
              }
              label={t.published ? 'Public' : 'Hidden'}
              slotProps={{ typography: { variant: 'body2' } }}
              aria-label={`Published: ${t.title}`}
            />
          ),
        },
      ]}
    />
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
