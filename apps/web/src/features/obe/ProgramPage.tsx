import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Collapse,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableView from '@mui/icons-material/TableView';
import { OBE_PATHS, type TProgramAttainment } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { downloadProgramReport, useProgramAttainment, useProgramChoices } from './api';
import { QueryState } from '../../components/QueryState';
import { fmt, GapChip, ObeNav } from './components';

/** The subjects behind one outcome's figure: each subject's Σ(CO × strength) and Σ strength. */
function Contributions({ p, code }: { p: TProgramAttainment; code: string }) {
  const rows = p.subjects
    .map((s) => ({ s, o: s.outcomes.find((o) => o.code === code)! }))
    .filter((r) => r.o && r.o.strengthSum > 0);
  if (!rows.length) return <Typography color="text.secondary">No course maps to {code} yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Courses behind ${code}`}>
        <TableHead>
          <TableRow>
            <TableCell>Course</TableCell>
            <TableCell>Year</TableCell>
            <TableCell align="right">Σ CO × strength</TableCell>
            <TableCell align="right">Σ strength</TableCell>
            <TableCell align="right">{code} of the course</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ s, o }) => (
            <TableRow key={s.subjectId}>
              <TableCell>
                <Link component={RouterLink} to={`${OBE_PATHS.subject(s.subjectId)}?tab=attainment${s.academicYear ? `&year=${s.academicYear}` : ''}`}>
                  {s.code} {s.name}
                </Link>
              </TableCell>
              <TableCell>{s.academicYear ?? '–'}</TableCell>
              <TableCell align="right">{fmt(o.weightedSum)}</TableCell>
              <TableCell align="right">{o.strengthSum}</TableCell>
              <TableCell align="right">{fmt(o.value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
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
            {phone ? (
              <Stack spacing={1} data-testid="program-cards">
                {p.data.outcomes.map((o) => (
                  <Card key={o.outcomeId} variant="outlined">
                    <CardActionArea onClick={() => setOpen(open === o.code ? null : o.code)} aria-expanded={open === o.code}>
                      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        <Typography fontWeight={700} sx={{ width: 56 }}>
                          {o.code}
                        </Typography>
                        <Typography sx={{ flex: 1 }}>
                          {fmt(o.value)} <Typography component="span" color="text.secondary" variant="body2">of {fmt(o.target)}</Typography>
                        </Typography>
                        <GapChip gap={o.gap} />
                      </CardContent>
                    </CardActionArea>
                    <Collapse in={open === o.code} unmountOnExit>
                      <CardContent>
                        <Contributions p={p.data} code={o.code} />
                      </CardContent>
                    </Collapse>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table size="small" aria-label="Program outcome attainment">
                <TableHead>
                  <TableRow>
                    <TableCell width={48} />
                    <TableCell>Outcome</TableCell>
                    <TableCell align="right">Target</TableCell>
                    <TableCell align="right">Attained</TableCell>
                    <TableCell align="right">Gap</TableCell>
                    <TableCell align="right">Σ strength</TableCell>
                    <TableCell align="right">Courses</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {p.data.outcomes.map((o) => (
                    <Fragment key={o.outcomeId}>
                      <TableRow hover>
                        <TableCell>
                          <IconButton size="small" aria-label={`${open === o.code ? 'Hide' : 'Show'} the courses behind ${o.code}`} onClick={() => setOpen(open === o.code ? null : o.code)}>
                            {open === o.code ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                          </IconButton>
                        </TableCell>
                        <TableCell sx={{ fontWeight: 700 }}>{o.code}</TableCell>
                        <TableCell align="right">{fmt(o.target)}</TableCell>
                        <TableCell align="right" data-testid={`po-${o.code}`}>
                          {fmt(o.value)}
                        </TableCell>
                        <TableCell align="right">
                          <GapChip gap={o.gap} />
                        </TableCell>
                        <TableCell align="right">{o.strengthSum}</TableCell>
                        <TableCell align="right">{p.data.subjects.filter((s) => s.outcomes.some((x) => x.code === o.code && x.strengthSum > 0)).length}</TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell colSpan={7} sx={{ py: 0, borderBottom: open === o.code ? undefined : 'none' }}>
                          <Collapse in={open === o.code} unmountOnExit>
                            <Box sx={{ py: 1.5 }}>
                              <Contributions p={p.data} code={o.code} />
                            </Box>
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </QueryState>
    </Box>
  );
}
