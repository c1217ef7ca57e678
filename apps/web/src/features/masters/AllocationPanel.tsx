import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { TAllocation } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { useAllocate, useAllocations, useMasterList } from './api';

interface Option {
  id: number;
  label: string;
}

/** "Assigned subjects": each subject of the section's semester to one or more faculty for the year. */
export function AllocationPanel({ sectionId, academicYear }: { sectionId: number; academicYear: string }) {
  const sections = useMasterList('sections', { pageSize: 500 });
  const section = sections.data?.items.find((s) => s.id === sectionId);
  const subjects = useMasterList('subjects', { pageSize: 500 });
  const faculty = useMasterList('faculty', { pageSize: 500 });
  const allocations = useAllocations(sectionId, academicYear);
  const allocate = useAllocate();
  const toast = useToast();
  const [subjectId, setSubjectId] = useState<number | ''>('');
  const [chosen, setChosen] = useState<Option[]>([]);
  const semesterId = section?.semesterId as number | null | undefined;
  const offered = (subjects.data?.items ?? []).filter((s) => !semesterId || s.semesterId === semesterId || s.semesterId === null);
  const facultyOptions: Option[] = (faculty.data?.items ?? []).map((f) => ({
    id: f.id,
    label: `${String(f.fullName)} (${String(f.department)})`,
  }));
  const bySubject = new Map<number, TAllocation[]>();
  for (const a of allocations.data ?? []) bySubject.set(a.subjectId, [...(bySubject.get(a.subjectId) ?? []), a]);
  const pick = (id: number) => {
    setSubjectId(id);
    setChosen(
      (bySubject.get(id) ?? []).map(
        (a) => facultyOptions.find((f) => f.id === a.facultyId) ?? { id: a.facultyId, label: a.facultyName },
      ),
    );
  };
  const save = () => {
    if (!subjectId) return toast.error('Choose the subject');
    allocate.mutate(
      { subjectId, sectionId, academicYear, facultyIds: chosen.map((c) => c.id) },
      {
        onSuccess: () => toast.success('Allocation saved'),
        onError: (e) => toast.error(e.message),
      },
    );
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label="Subject"
          value={subjectId}
          onChange={(e) => pick(Number(e.target.value))}
          sx={{ minWidth: 260 }}
        >
          {offered.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {`${String(s.code)} ${String(s.name)}`}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          size="small"
          options={facultyOptions}
          value={chosen}
          onChange={(_e, v) => setChosen(v)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Faculty" />}
          sx={{ minWidth: 320, flex: 1 }}
        />
        <Button variant="contained" onClick={save} disabled={allocate.isPending}>
          Save allocation
        </Button>
      </Stack>
      <QueryState spinner query={allocations}>
        {allocations.data && allocations.data.length === 0 && (
          <Alert severity="info">{`No subjects allocated for ${academicYear} yet.`}</Alert>
        )}
        <Stack spacing={1} data-testid="allocations">
          {[...bySubject.values()].map((rows) => (
            <Card key={rows[0].subjectId} variant="outlined">
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography fontWeight={700} sx={{ mr: 1 }}>{`${rows[0].subjectCode} ${rows[0].subjectName}`}</Typography>
                  {rows.map((r) => (
                    <Chip key={r.id} size="small" label={r.facultyName} />
                  ))}
                  <Box sx={{ flex: 1 }} />
                  <Button size="small" onClick={() => pick(rows[0].subjectId)}>
                    Change
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </QueryState>
    </Box>
  );
}
