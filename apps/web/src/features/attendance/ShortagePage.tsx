import { useState } from 'react';
import { Box, Button, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useAttendanceExport, useSections, useShortage } from './api';
import { useLinkedFilter } from './linked-filter';

const COLOR: Record<string, 'success' | 'warning' | 'error'> = { eligible: 'success', condonable: 'warning', detained: 'error' };

/** The shortage list of a section, the HoD's department or the college. */
export function ShortagePage() {
  const sections = useSections();
  // A drill-down link may name the section (`?sectionId=`); else all the caller may see.
  const linkedSection = Number(useLinkedFilter('sectionId'));
  const [sectionId, setSectionId] = useState<number | ''>(linkedSection > 0 ? linkedSection : '');
  const [all, setAll] = useState(false);
  const q = useShortage({ sectionId: sectionId || undefined, all });
  const toast = useToast();
  const exporter = useAttendanceExport();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const download = (kind: 'pdf' | 'register') =>
    exporter.mutate(
      { kind, sectionId: sectionId || undefined, month },
      { onError: (e) => toast.error(e.message || 'The file could not be downloaded') },
    );
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Attendance shortage
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Section"
          value={sectionId}
          onChange={(e) => setSectionId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All my sections</MenuItem>
          {(sections.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} />}
          label="Everyone, not only the short"
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => download('pdf')} disabled={exporter.isPending}>
          Shortage list (PDF)
        </Button>
        <TextField
          size="small"
          type="month"
          label="Month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={() => download('register')} disabled={exporter.isPending || !month}>
          Monthly register (Excel)
        </Button>
      </Stack>
      {q.data && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {`${q.data.title}: below ${q.data.shortBelow}% is short, ${q.data.detainBelow}–${q.data.shortBelow}% condonable, below ${q.data.detainBelow}% detained. ${q.data.rows.length} student(s).`}
        </Typography>
      )}
      <DataTable
        label="Attendance shortage"
        columns={[
          { key: 'rollNo', header: 'Roll No', nowrap: true },
          { key: 'name', header: 'Name' },
          { key: 'sectionLabel', header: 'Section', hideBelow: 'md' },
          { key: 'attended', header: 'Attended', align: 'right', value: (r) => `${r.attended}/${r.held}` },
          { key: 'percent', header: '%', align: 'right' },
          { key: 'needed', header: 'Needed', align: 'right' },
          {
            key: 'standing',
            header: 'Standing',
            value: (r) => r.standing,
            render: (r) => <Chip size="small" color={COLOR[r.standing]} label={r.standing} />,
          },
        ]}
        {...queryRows(q, (d) => d.rows)}
        rowKey={(r) => r.studentId}
        emptyText="No student is short of attendance here."
        search
        searchPlaceholder="Roll number or name"
        paging={50}
        exportName="attendance-shortage"
      />
    </Box>
  );
}
