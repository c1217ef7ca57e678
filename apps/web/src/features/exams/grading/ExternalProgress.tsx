import { useState } from 'react';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { PaperFilter } from './PaperFilter';
import { SCRIPT_COLUMNS, type Script } from './ScriptColumns';
import { EXTERNAL_STATES, type TExam } from '@erp/shared';
import { DataTable, queryRows, type DataColumn } from '../../../components/DataTable';
import { useServerList } from '../../../components/useServerList';
import { useExternalSheet } from './api';
import { useCardColumns } from './columns';
import { marksText, STATE_COLOUR, STATE_LABEL, type ExternalState } from './labels';

const COLUMNS: Array<DataColumn<Script>> = [
  ...SCRIPT_COLUMNS,
  { key: 'firstMarks', header: 'First entry', align: 'right', value: (s) => marksText(s.firstMarks) },
  { key: 'secondMarks', header: 'Second entry', align: 'right', value: (s) => marksText(s.secondMarks) },
];

/**
 * The external marks of the exam's answer scripts by dummy number (never a roll number): how many
 * wait for an evaluator, have one entry, agree or differ; the list filtered by state and paper.
 */
export function ExternalProgress({ exam }: { exam: TExam }) {
  const [state, setState] = useState<ExternalState | ''>('');
  const [paperId, setPaperId] = useState<number | ''>('');
  const list = useServerList({ label: 'Search scripts', placeholder: 'Dummy number' });
  const sheet = useExternalSheet(exam.id, {
    state: state || undefined,
    paperId: paperId === '' ? undefined : paperId,
    q: list.q || undefined,
    page: list.page + 1,
  });
  const counts = sheet.data?.counts;
  const columns = useCardColumns(COLUMNS, ['dummyNo', 'paper']);
  const choose = (s: ExternalState | '') => {
    setState(s);
    list.restart();
  };
  return (
    <Box component="section" aria-labelledby="external-progress-title">
      <Typography id="external-progress-title" variant="subtitle1" component="h2" fontWeight={700}>
        External marks
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Two evaluators enter each script&apos;s marks; the marks stand when the two agree.
        {sheet.data ? ` Out of ${sheet.data.seeMax}.` : ''}
      </Typography>
      {counts && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} data-testid="external-counts">
          {EXTERNAL_STATES.map((s) => (
            <Chip
              key={s}
              color={STATE_COLOUR[s]}
              variant={state === s ? 'filled' : 'outlined'}
              label={`${STATE_LABEL[s]}: ${counts[s]}`}
              onClick={() => choose(state === s ? '' : s)}
              aria-pressed={state === s}
            />
          ))}
        </Stack>
      )}
      <DataTable
        label="External marks by script"
        testId="external-progress"
        maxHeight={560}
        columns={columns}
        {...queryRows(sheet, (d) => d.items)}
        rowKey={(s) => s.dummyNo}
        rowTestId={(s) => `script-${s.dummyNo}`}
        cardTitle={(s) => `${s.dummyNo} · ${s.paper}`}
        emptyText={
          state || paperId !== '' || list.q ? 'No answer script matches this filter.' : 'No answer script is numbered yet.'
        }
        search={list.search}
        paging={{ ...list.paging(sheet.data?.total), pageSize: sheet.data?.limit ?? 50, onPageSize: undefined }}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label="State"
              value={state}
              onChange={(e) => choose(e.target.value as ExternalState | '')}
              sx={{ minWidth: 170 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Every state</MenuItem>
              {EXTERNAL_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATE_LABEL[s]}
                </MenuItem>
              ))}
            </TextField>
            <PaperFilter
              papers={exam.papers.map((p) => ({ id: p.id, label: `${p.code} · ${p.name}` }))}
              value={paperId}
              minWidth={220}
              onChange={(id) => {
                setPaperId(id);
                list.restart();
              }}
            />
          </Stack>
        }
      />
    </Box>
  );
}
