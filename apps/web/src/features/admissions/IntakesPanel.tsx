import { useEffect, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { qualityYearLabel } from '@erp/shared';
import { useCourses, useIntakes, useSaveIntakes } from './api';
import { useAdmissionToast } from './form-controls';

type Line = { course: string; branch: string; intake: string };

/** The academic year the office's today falls in (May to April). */
const thisYear = () => {
  const d = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return Number(d.slice(0, 4)) - (d.slice(5, 10) < '05-01' ? 1 : 0);
};

/** The office enters each branch's sanctioned intake for a year: the seats leadership's figures count admissions against. */
export function IntakesPanel() {
  const [year, setYear] = useState(thisYear);
  const q = useIntakes(year);
  const courses = useCourses();
  const save = useSaveIntakes();
  const toast = useAdmissionToast();
  const [lines, setLines] = useState<Line[]>([]);
  useEffect(() => {
    if (q.data) setLines(q.data.intakes.map((i) => ({ course: i.course, branch: i.branch, intake: String(i.intake) })));
  }, [q.data]);
  const set = (k: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, i) => (i === k ? { ...l, ...patch } : l)));
  const submit = () =>
    save.mutate(
      {
        body: {
          year,
          intakes: lines.map((l) => ({ course: l.course, branch: l.branch.trim().toUpperCase(), intake: Number(l.intake) })),
        },
      },
      {
        onSuccess: () => toast.success(`Sanctioned intake of ${qualityYearLabel(year)} saved`),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <Accordion disableGutters variant="outlined" sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography fontWeight={700}>Sanctioned intake</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1.5} component="form" aria-label="Sanctioned intake" onSubmit={(e) => (e.preventDefault(), submit())}>
          <TextField
            select
            size="small"
            label="Academic year"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            sx={{ maxWidth: 180 }}
          >
            {[thisYear() + 1, thisYear(), thisYear() - 1, thisYear() - 2].map((y) => (
              <MenuItem key={y} value={y}>
                {qualityYearLabel(y)}
              </MenuItem>
            ))}
          </TextField>
          {lines.map((l, k) => (
            <Box
              key={k}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr 1fr auto', sm: '200px 160px 120px auto' },
                alignItems: 'center',
              }}
            >
              <TextField
                select
                size="small"
                label="Course"
                value={l.course}
                onChange={(e) => set(k, { course: e.target.value })}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              >
                {(courses.data ?? []).map((c) => (
                  <MenuItem key={c.courseName} value={c.courseName}>
                    {c.courseName}
                  </MenuItem>
                ))}
              </TextField>
              <TextField size="small" label="Branch" value={l.branch} onChange={(e) => set(k, { branch: e.target.value })} />
              <TextField
                size="small"
                label="Intake"
                type="number"
                value={l.intake}
                onChange={(e) => set(k, { intake: e.target.value })}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
              <IconButton
                aria-label={`Remove ${l.branch || 'this line'}`}
                onClick={() => setLines((ls) => ls.filter((_, i) => i !== k))}
              >
                <Delete />
              </IconButton>
            </Box>
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              onClick={() => setLines((ls) => [...ls, { course: courses.data?.[0]?.courseName ?? '', branch: '', intake: '' }])}
            >
              Add a branch
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending || q.isPending}>
              Save intake
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
