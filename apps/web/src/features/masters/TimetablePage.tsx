import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DAYS, PERIODS_PER_DAY, ROLES } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { useMasterList, useTimetable } from './api';

/** A section's week (days × periods), or the signed-in faculty member's or student's own. */
export function TimetablePage() {
  const roles = getSessionUser()?.roles ?? [];
  const planner = roles.some((r) => [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.HOD, ROLES.PRINCIPAL].includes(r as never));
  const [section, setSection] = useState<number | 'me'>('me');
  const sections = useMasterList('sections', { pageSize: 500 }, planner);
  const week = useTimetable(section);
  const at = (day: number, period: number) => week.data?.slots.find((s) => s.day === day && s.period === period);
  return (
    <Box>
      <Typography variant="h5" fontWeight={700} sx={{ mb: 2 }}>
        Timetable
      </Typography>
      {planner && (
        <TextField
          select
          size="small"
          label="Section"
          value={section}
          onChange={(e) => setSection(e.target.value === 'me' ? 'me' : Number(e.target.value))}
          sx={{ mb: 2, minWidth: 240 }}
        >
          <MenuItem value="me">My week</MenuItem>
          {(sections.data?.items ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {String(s.label)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {week.isLoading && <CircularProgress />}
      {week.isError && (
        <Alert severity="error" action={<Button onClick={() => week.refetch()}>Retry</Button>}>
          {week.error.message}
        </Alert>
      )}
      {week.data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {week.data.title}
          </Typography>
          {week.data.slots.length === 0 && <Alert severity="info">No classes planned.</Alert>}
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Day</TableCell>
                  {Array.from({ length: PERIODS_PER_DAY }, (_, i) => (
                    <TableCell key={i}>{`P${i + 1}`}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {DAYS.map((d, di) => (
                  <TableRow key={d}>
                    <TableCell sx={{ fontWeight: 700 }}>{d.slice(0, 3)}</TableCell>
                    {Array.from({ length: PERIODS_PER_DAY }, (_, pi) => {
                      const s = at(di + 1, pi + 1);
                      return (
                        <TableCell key={pi} sx={{ bgcolor: s?.kind === 'lab' ? 'action.hover' : undefined, fontSize: 12 }}>
                          {s && (
                            <>
                              <b>{s.subjectCode}</b>
                              <br />
                              {section === 'me' && !roles.includes(ROLES.STUDENT) ? s.sectionLabel : s.facultyName}
                            </>
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
