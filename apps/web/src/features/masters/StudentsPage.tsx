import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { STUDENT_STATUSES, codeLabel, ZStudentRecordInput, type TStudentRecord, type TStudentRecordInput } from '@erp/shared';
import { DataTable, queryRows } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useServerList } from '../../components/useServerList';
import { useMasterList, useSaveStudentRecord, useStudentRecords } from './api';

const PAGE = 25;
const COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  detained: 'error',
  discontinued: 'default',
  transferred: 'warning',
  completed: 'default',
};

function EditStudent({ student, onClose }: { student: TStudentRecord; onClose: () => void }) {
  const toast = useToast();
  const sections = useMasterList('sections', { pageSize: 500 });
  const own = (sections.data?.items ?? []).filter((s) => String(s.label).startsWith(`${student.branch} ${student.batch} `));
  const save = useSaveStudentRecord(student.id);
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
  const search = useServerList({ pageSize: PAGE, label: 'Search roll number or name' });
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<TStudentRecord | null>(null);
  const list = useStudentRecords({
    q: search.q,
    status: status || undefined,
    page: search.page + 1,
    pageSize: search.pageSize,
  });
  return (
    <Box>
      <Typography variant="h5" component="h1" fontWeight={700} sx={{ mb: 2 }}>
        Student records
      </Typography>
      <DataTable
        label="Student records"
        columns={[
          { key: 'rollNo', header: 'Roll No', nowrap: true },
          { key: 'fullName', header: 'Name' },
          { key: 'course', header: 'Course', hideBelow: 'md', value: (s) => `${s.course} ${s.branch} ${s.batch}` },
          { key: 'section', header: 'Section', value: (s) => s.sectionLabel || `${s.branch} ${s.batch} · no section` },
          { key: 'semester', header: 'Semester', hideBelow: 'md' },
          { key: 'mobile', header: 'Mobile', hideBelow: 'md' },
          {
            key: 'status',
            header: 'Status',
            render: (s) => <Chip size="small" color={COLOR[s.status] ?? 'default'} label={codeLabel(s.status)} />,
          },
        ]}
        cardTitle={(s) => `${s.rollNo} ${s.fullName}`}
        {...queryRows(list, (d) => d.items)}
        rowKey={(s) => s.id}
        rowTestId="student-record"
        emptyText="No students found."
        search={search.search}
        exportName="student-records"
        paging={search.paging(list.data?.total)}
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              search.restart();
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">Any</MenuItem>
            {STUDENT_STATUSES.map((st) => (
              <MenuItem key={st} value={st}>
                {st}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={(s) => (
          <Button size="small" onClick={() => setEditing(s)}>
            Edit
          </Button>
        )}
      />
      {editing && <EditStudent student={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
