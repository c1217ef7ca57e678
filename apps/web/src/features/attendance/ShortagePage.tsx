import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useToast } from '../../components/feedback';
import { useAttendanceExport, useSections, useShortage } from './api';

const COLOR: Record<string, 'success' | 'warning' | 'error'> = { eligible: 'success', condonable: 'warning', detained: 'error' };

/** The shortage list of a section, the HoD's department or the college. */
export function ShortagePage() {
  const sections = useSections();
  const [sectionId, setSectionId] = useState<number | ''>('');
  const [all, setAll] = useState(false);
  const [search, setSearch] = useState('');
  const q = useShortage({ sectionId: sectionId || undefined, all });
  const toast = useToast();
  const exporter = useAttendanceExport();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const download = (kind: 'pdf' | 'register') =>
    exporter.mutate(
      { kind, sectionId: sectionId || undefined, month },
      { onError: (e) => toast.error(e.message || 'The file could not be downloaded') },
    );
  const rows = (q.data?.rows ?? []).filter(
    (r) => !search || `${r.rollNo} ${r.name}`.toLowerCase().includes(search.toLowerCase()),
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
        <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
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
          {`${q.data.title}: below ${q.data.shortBelow}% is short, ${q.data.detainBelow}–${q.data.shortBelow}% condonable, below ${q.data.detainBelow}% detained. ${rows.length} student(s).`}
        </Typography>
      )}
      {q.isLoading && <CircularProgress />}
      {q.isError && (
        <Alert severity="error" action={<Button onClick={() => q.refetch()}>Retry</Button>}>
          {q.error.message}
        </Alert>
      )}
      {q.data && rows.length === 0 && <Alert severity="success">No student is short of attendance here.</Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Roll No</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Section</TableCell>
                <TableCell align="right">Attended</TableCell>
                <TableCell align="right">%</TableCell>
                <TableCell align="right">Needed</TableCell>
                <TableCell>Standing</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, 500).map((r) => (
                <TableRow key={r.studentId}>
                  <TableCell>{r.rollNo}</TableCell>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.sectionLabel}</TableCell>
                  <TableCell align="right">{`${r.attended}/${r.held}`}</TableCell>
                  <TableCell align="right">{r.percent}</TableCell>
                  <TableCell align="right">{r.needed}</TableCell>
                  <TableCell>
                    <Chip size="small" color={COLOR[r.standing]} label={r.standing} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
