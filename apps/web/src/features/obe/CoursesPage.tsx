import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  InputAdornment,
  Link,
  MenuItem,
  Pagination,
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
import Search from '@mui/icons-material/Search';
import { OBE_PATHS } from '@erp/shared';
import { useObeSubjects, useProgramChoices } from './api';
import { QueryState } from '../../components/QueryState';
import { ObeNav } from './components';

const PAGE = 20;

/** The courses the caller works on (all for the IQAC, the department for a HoD, the allotted ones for faculty). */
export function CoursesPage() {
  const [q, setQ] = useState('');
  const [branchId, setBranchId] = useState<number | ''>('');
  const [page, setPage] = useState(1);
  const choices = useProgramChoices();
  const list = useObeSubjects({ q, branchId: branchId || undefined, page, pageSize: PAGE });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const items = list.data?.items ?? [];
  return (
    <Box>
      <ObeNav title="Outcome Based Education" subtitle="Course outcomes, CO–PO mapping, assessments, marks and attainment per course" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search courses"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          placeholder="Code or name"
          sx={{ flex: 1 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> } }}
        />
        <TextField
          select
          label="Branch"
          value={branchId}
          onChange={(e) => {
            setBranchId(Number(e.target.value) || '');
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All branches</MenuItem>
          {(choices.data?.branches ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.shortName}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <QueryState query={list}>
        {items.length === 0 ? (
          <Alert severity="info">{q ? `No course matches “${q}”.` : 'No courses to show.'}</Alert>
        ) : phone ? (
          <Stack spacing={1} data-testid="course-cards">
            {items.map((s) => (
              <Card key={s.id} variant="outlined">
                <CardActionArea component={RouterLink} to={OBE_PATHS.subject(s.id)}>
                  <CardContent>
                    <Typography fontWeight={700}>
                      {s.code} · {s.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {s.branchName} · {s.regulationCode} · {s.semesterName}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Chip size="small" label={`${s.cos} COs`} color={s.cos ? 'primary' : 'default'} variant="outlined" />
                      <Chip size="small" label={`${s.assessments} assessments`} variant="outlined" />
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table size="small" aria-label="Courses">
            <TableHead>
              <TableRow>
                <TableCell>Code</TableCell>
                <TableCell>Course</TableCell>
                <TableCell>Branch</TableCell>
                <TableCell>Regulation</TableCell>
                <TableCell>Semester</TableCell>
                <TableCell align="right">COs</TableCell>
                <TableCell align="right">Assessments</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={OBE_PATHS.subject(s.id)}>
                      {s.code}
                    </Link>
                  </TableCell>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{s.branchName}</TableCell>
                  <TableCell>{s.regulationCode}</TableCell>
                  <TableCell>{s.semesterName}</TableCell>
                  <TableCell align="right">{s.cos}</TableCell>
                  <TableCell align="right">{s.assessments}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {(list.data?.total ?? 0) > PAGE && (
          <Stack alignItems="center" sx={{ mt: 2 }}>
            <Pagination count={Math.ceil((list.data?.total ?? 0) / PAGE)} page={page} onChange={(_, p) => setPage(p)} aria-label="Course pages" />
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary">
          {list.data?.total ?? 0} course(s)
        </Typography>
      </QueryState>
    </Box>
  );
}
