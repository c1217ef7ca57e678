import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { STUDENT_STATUSES, ZStudentRecordInput, type TStudentRecord, type TStudentRecordInput } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { api, apiRequest } from '../../lib/api-client';
import { useMasterList } from './api';

const PAGE = 25;
const COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  detained: 'error',
  discontinued: 'default',
  transferred: 'warning',
  completed: 'default',
};

function EditStudent({ student, onClose }: { student: TStudentRecord; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const sections = useMasterList('sections', { pageSize: 500 });
  const own = (sections.data?.items ?? []).filter((s) => String(s.label).startsWith(`${student.branch} ${student.batch} `));
  const save = useMutation({
    mutationFn: (body: TStudentRecordInput) =>
      apiRequest<{ message: string }>('rest', `masters/students/${student.id}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['student-records'] }),
  });
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZStudentRecordInput),
    defaultValues: {
      fullName: student.fullName,
      email: student.email,
      mobile: student.mobile,
      fatherName: student.fatherName,
      semester: student.semester,
      status: student.status as TStudentRecordInput['status'],
      sectionId: student.sectionId,
    },
  });
  const submit = handleSubmit((body) =>
    save.mutate(body as TStudentRecordInput, {
      onSuccess: (r) => {
        toast.success(r.message);
        onClose();
      },
      onError: (e) => toast.error(e.message),
    }),
  );
  const text = (name: 'fullName' | 'email' | 'mobile' | 'fatherName' | 'semester', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          label={label}
          {...field}
          value={field.value ?? ''}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`${student.rollNo} · ${student.course} ${student.branch} ${student.batch}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }} component="form" id="student-form" onSubmit={submit} noValidate>
          {text('fullName', 'Name')}
          {text('fatherName', "Father's name")}
          {text('email', 'E-mail')}
          {text('mobile', 'Mobile')}
          {text('semester', 'Semester')}
          <Controller
            name="status"
            control={control}
            render={({ field }) => (
              <TextField select size="small" label="Status" {...field}>
                {STUDENT_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="sectionId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                size="small"
                label="Section"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              >
                <MenuItem value="">No section</MenuItem>
                {own.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {String(s.label)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="student-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The office's student records: search, status, section; edit what the admission created. */
export function StudentsPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TStudentRecord | null>(null);
  const phone = useMediaQuery('(max-width:600px)');
  const list = useQuery({
    queryKey: ['student-records', q, status, page],
    queryFn: () =>
      api.get<{ items: TStudentRecord[]; total: number }>('rest', 'masters/students', {
        q,
        status: status || undefined,
        page,
        pageSize: PAGE,
      }),
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  const chip = (s: TStudentRecord) => <Chip size="small" color={COLOR[s.status] ?? 'default'} label={s.status} />;
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Student records
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Search roll number or name"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any</MenuItem>
          {STUDENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isLoading && <CircularProgress />}
      {list.isError && (
        <Alert severity="error" action={<Button onClick={() => list.refetch()}>Retry</Button>}>
          {list.error.message}
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && <Alert severity="info">No students found.</Alert>}
      {list.data &&
        list.data.items.length > 0 &&
        (phone ? (
          <Stack spacing={1}>
            {list.data.items.map((s) => (
              <Card key={s.id} variant="outlined" data-testid="student-record">
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography fontWeight={700}>{`${s.rollNo} ${s.fullName}`}</Typography>
                    {chip(s)}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {s.sectionLabel || `${s.branch} ${s.batch} · no section`}
                  </Typography>
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(s)}>
                    Edit
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Roll No</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Course</TableCell>
                  <TableCell>Section</TableCell>
                  <TableCell>Semester</TableCell>
                  <TableCell>Mobile</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((s) => (
                  <TableRow key={s.id} data-testid="student-record">
                    <TableCell>{s.rollNo}</TableCell>
                    <TableCell>{s.fullName}</TableCell>
                    <TableCell>{`${s.course} ${s.branch} ${s.batch}`}</TableCell>
                    <TableCell>{s.sectionLabel || '—'}</TableCell>
                    <TableCell>{s.semester}</TableCell>
                    <TableCell>{s.mobile}</TableCell>
                    <TableCell>{chip(s)}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setEditing(s)}>
                        Edit
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
      {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} />}
      {editing && <EditStudent student={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
