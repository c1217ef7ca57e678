import { useState } from 'react';
import { Box, Button, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { OUTCOME_STATUSES, type TExam, type TExamResults, type TOutcomeStatus } from '@erp/shared';
import { DataTable, errorText, queryRows, type DataColumn } from '../../../components/DataTable';
import { useToast } from '../../../components/feedback';
import { useServerList } from '../../../components/useServerList';
import { whenText } from '../format';
import { downloadNad, useResults } from './api';
import { useCardColumns } from './columns';
import { GradeCardButton } from './GradeCardButton';
import { marksText, OUTCOME_COLOUR } from './labels';

type Row = TExamResults['items'][number];

const COLUMNS: Array<DataColumn<Row>> = [
  { key: 'rollNo', header: 'Roll no', nowrap: true },
  { key: 'name', header: 'Name', hideBelow: 'md' },
  { key: 'course', header: 'Course', value: (r) => `${r.courseCode} · ${r.course}` },
  { key: 'credits', header: 'Credits', align: 'right', hideBelow: 'lg' },
  { key: 'internal', header: 'Internal', align: 'right', value: (r) => marksText(r.internal) },
  { key: 'external', header: 'External', align: 'right', value: (r) => marksText(r.external) },
  {
    key: 'grace',
    header: 'Grace',
    value: (r) => (r.grace ? `${r.grace} (${r.graceRule})` : '—'),
    render: (r) =>
      r.grace ? (
        <Box>
          <b>+{r.grace}</b>
          <Typography variant="caption" component="div" color="text.secondary">
            {r.graceRule}
          </Typography>
        </Box>
      ) : (
        '—'
      ),
  },
  { key: 'total', header: 'Total', align: 'right' },
  { key: 'grade', header: 'Grade', align: 'center', render: (r) => <b>{r.grade}</b>, value: (r) => r.grade },
  {
    key: 'status',
    header: 'Result',
    value: (r) => (r.withheldReason ? `${r.status}: ${r.withheldReason}` : r.status),
    render: (r) => (
      <Box>
        <Chip size="small" color={OUTCOME_COLOUR[r.status] ?? 'default'} label={r.status} />
        {r.withheldReason && (
          <Typography variant="caption" component="div" color="warning.main" data-testid="withheld-reason">
            {r.withheldReason}
          </Typography>
        )}
      </Box>
    ),
  },
];

/** The exam's processed results: searched, filtered by result and grace, paged; grade cards and the NAD export. */
export function ResultsTab({ exam }: { exam: TExam }) {
  const toast = useToast();
  const list = useServerList({ label: 'Search results', placeholder: 'Roll no, name or course' });
  const [status, setStatus] = useState<TOutcomeStatus | ''>('');
  const [grace, setGrace] = useState(false);
  const [exporting, setExporting] = useState(false);
  const results = useResults(exam.id, {
    q: list.q || undefined,
    status: status || undefined,
    grace: grace ? 'yes' : undefined,
    page: list.page + 1,
  });
  const data = results.data;
  const columns = useCardColumns(COLUMNS, ['rollNo', 'name']);
  const filtered = Boolean(list.q || status || grace);

  const exportNad = async () => {
    setExporting(true);
    try {
      await downloadNad(exam.id);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }} data-testid="results-state">
          <Typography variant="subtitle1" component="h2" fontWeight={700}>
            Results
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {!data
              ? ' '
              : !data.processedAt
                ? 'Not processed yet: process the results on the Marks tab.'
                : `Processed ${whenText(data.processedAt)}. ${data.publishedAt ? `Published ${whenText(data.publishedAt)} as “${data.title}”.` : 'Not published yet.'}`}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={exportNad} loading={exporting}>
          NAD export (CSV)
        </Button>
      </Box>
      {data && Object.keys(data.counts).length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="result-counts">
          {Object.entries(data.counts).map(([s, n]) => (
            <Chip key={s} variant="outlined" color={OUTCOME_COLOUR[s] ?? 'default'} label={`${s}: ${n}`} />
          ))}
        </Stack>
      )}
      <DataTable
        label="Results"
        testId="results-table"
        maxHeight={640}
        columns={columns}
        {...queryRows(results, (d) => d.items)}
        rowKey={(r) => `${r.rollNo}-${r.paperId}`}
        rowTestId={(r) => `result-${r.rollNo}-${r.paperId}`}
        cardTitle={(r) => `${r.rollNo} · ${r.name}`}
        emptyText={
          filtered
            ? 'No result matches this search or filter.'
            : data?.processedAt
              ? 'No results.'
              : 'No results yet: they appear here once processed.'
        }
        search={list.search}
        paging={{ ...list.paging(data?.total), pageSize: data?.limit ?? 50, onPageSize: undefined }}
        actionsHeader="Grade card"
        actions={(r) => <GradeCardButton examId={exam.id} rollNo={r.rollNo} />}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label="Result"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as TOutcomeStatus | '');
                list.restart();
              }}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every result</MenuItem>
              {OUTCOME_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={grace}
                  onChange={(e) => {
                    setGrace(e.target.checked);
                    list.restart();
                  }}
                />
              }
              label="With grace only"
            />
          </Stack>
        }
      />
    </Box>
  );
}
