import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, InputAdornment, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { OBE_PATHS } from '@erp/shared';
import { useObeSubjects, useProgramChoices } from './api';
import { DataTable, queryRows } from '../../components/DataTable';
import { ObeNav } from './components';

const PAGE = 20;

/** The courses the caller works on (all for the IQAC, the department for a HoD, the allotted ones for faculty). */
export function CoursesPage() {
  const [q, setQ] = useState('');
  const [branchId, setBranchId] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const choices = useProgramChoices();
  const list = useObeSubjects({ q, branchId: branchId || undefined, page: page + 1, pageSize: PAGE });
  return (
    <Box>
      <ObeNav title="Outcome Based Education" subtitle="Course outcomes, CO–PO mapping, assessments, marks and attainment per course" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search courses"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
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
            setPage(0);
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
      <DataTable
        label="Courses"
        columns={[
          {
            key: 'code',
            header: 'Code',
            render: (s) => (
              <Link component={RouterLink} to={OBE_PATHS.subject(s.id)}>
                {s.code}
              </Link>
            ),
          },
          { key: 'name', header: 'Course' },
          { key: 'branchName', header: 'Branch' },
          { key: 'regulationCode', header: 'Regulation' },
          { key: 'semesterName', header: 'Semester' },
          { key: 'cos', header: 'COs', align: 'right' },
          { key: 'assessments', header: 'Assessments', align: 'right' },
        ]}
        {...queryRows(list, (d) => d.items)}
        rowKey={(s) => s.id}
        cardTitle={(s) => (
          <Link component={RouterLink} to={OBE_PATHS.subject(s.id)}>
            {s.code} · {s.name}
          </Link>
        )}
        emptyText={q ? `No course matches “${q}”.` : 'No courses to show.'}
        paging={{ page, pageSize: PAGE, total: list.data?.total, onPage: setPage }}
      />
      {list.data && (
        <Typography variant="caption" color="text.secondary">
          {list.data.total} course(s)
        </Typography>
      )}
    </Box>
  );
}
