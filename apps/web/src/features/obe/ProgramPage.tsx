import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, IconButton, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableView from '@mui/icons-material/TableView';
import { OBE_PATHS, type TProgramAttainment } from '@erp/shared';
import { DataTable } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { downloadProgramReport, useProgramAttainment, useProgramChoices } from './api';
import { QueryState } from '../../components/QueryState';
import { fmt, GapChip, ObeNav } from './components';

/** The subjects behind one outcome's figure: each subject's Σ(CO × strength) and Σ strength. */
function Contributions({ p, code }: { p: TProgramAttainment; code: string }) {
  const rows = p.subjects
    .map((s) => ({ s, o: s.outcomes.find((o) => o.code === code)! }))
    .filter((r) => r.o && r.o.strengthSum > 0);
  return (
    <DataTable
      label={`Courses behind ${code}`}
      columns={[
        {
          key: 'course',
          header: 'Course',
          value: ({ s }) => `${s.code} ${s.name}`,
          render: ({ s }) => (
            <Link component={RouterLink} to={`${OBE_PATHS.subject(s.subjectId)}?tab=attainment${s.academicYear ? `&year=${s.academicYear}` : ''}`}>
              {s.code} {s.name}
            </Link>
          ),
        },
        { key: 'year', header: 'Year', value: ({ s }) => s.academicYear ?? '–' },
        { key: 'weightedSum', header: 'Σ CO × strength', align: 'right', value: ({ o }) => fmt(o.weightedSum) },
        { key: 'strengthSum', header: 'Σ strength', align: 'right', value: ({ o }) => o.strengthSum },
        { key: 'value', header: `${code} of the course`, align: 'right', value: ({ o }) => fmt(o.value) },
      ]}
      rows={rows}
      rowKey={({ s }) => s.subjectId}
      loading={false}
      emptyText={`No course maps to ${code} yet.`}
      paging={false}
    />
  );
}

export function ProgramPage() {
  const toast = useToast();
  const choices = useProgramChoices();
  const [branch, setBranch] = useState('');
  const [batch, setBatch] = useState('');
  const b = branch || choices.data?.branches.find((x) => x.shortName === 'CSE')?.shortName || choices.data?.branches[0]?.shortName || '';
  const y = batch || choices.data?.batches.find((x) => x.name === '2022-2026')?.name || choices.data?.batches[0]?.name || '';
  const p = useProgramAttainment(b, y);
  const [open, setOpen] = useState<string | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    try {
      await downloadProgramReport(b, y, format);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <Box>
      <ObeNav title="Outcome Based Education" subtitle="Program outcome attainment of a batch, from every course's CO attainment and the CO–PO mapping" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField select label="Branch" value={b} onChange={(e) => setBranch(e.target.value)} sx={{ minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'program-branch' } }}>
          {(choices.data?.branches ?? []).map((x) => (
            <MenuItem key={x.id} value={x.shortName}>
              {x.shortName} · {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Batch" value={y} onChange={(e) => setBatch(e.target.value)} sx={{ minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'program-batch' } }}>
          {(choices.data?.batches ?? []).map((x) => (
            <MenuItem key={x.id} value={x.name}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={() => download('pdf')} disabled={!p.data}>
            PDF
          </Button>
          <Button variant="outlined" startIcon={<TableView />} onClick={() => download('xlsx')} disabled={!p.data}>
            Excel
          </Button>
        </Stack>
      </Stack>
      <QueryState query={choices.isError ? choices : p}>
        {p.data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {p.data.branch} {p.data.batch} · regulation {p.data.regulationCode || '–'} · {p.data.subjects.length} courses with outcomes · PO = Σ(CO attainment × strength) / Σ strength over all courses. Open an outcome to see the courses behind it.
            </Typography>
            {p.data.subjects.length === 0 && <Alert severity="info">No course of this batch has outcomes or marks yet.</Alert>}
            <DataTable
              label="Program outcome attainment"
              columns={[
                { key: 'code', header: 'Outcome', render: (o) => <b>{o.code}</b> },
                { key: 'target', header: 'Target', align: 'right', value: (o) => fmt(o.target) },
                {
                  key: 'value',
                  header: 'Attained',
                  align: 'right',
                  value: (o) => fmt(o.value),
                  render: (o) => <span data-testid={`po-${o.code}`}>{fmt(o.value)}</span>,
                },
                { key: 'gap', header: 'Gap', align: 'right', render: (o) => <GapChip gap={o.gap} /> },
                { key: 'strengthSum', header: 'Σ strength', align: 'right' },
                {
                  key: 'courses',
                  header: 'Courses',
                  align: 'right',
                  value: (o) => p.data!.subjects.filter((s) => s.outcomes.some((x) => x.code === o.code && x.strengthSum > 0)).length,
                },
              ]}
              rows={p.data.outcomes}
              rowKey={(o) => o.outcomeId}
              loading={false}
              emptyText="No outcomes are defined for this regulation."
              paging={false}
              actionsHeader="Courses behind"
              actions={(o) => (
                <IconButton
                  size="small"
                  aria-label={`${open === o.code ? 'Hide' : 'Show'} the courses behind ${o.code}`}
                  aria-expanded={open === o.code}
                  onClick={() => setOpen(open === o.code ? null : o.code)}
                >
                  {open === o.code ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                </IconButton>
              )}
              rowDetail={(o) => (open === o.code ? <Contributions p={p.data!} code={o.code} /> : null)}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}
