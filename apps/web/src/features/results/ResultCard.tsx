import type { ReactNode } from 'react';
import {
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { TExamResultView } from '@erp/shared';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function Stat({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={{
        flex: '1 1 100px',
        p: 1.5,
        borderRadius: 2,
        textAlign: 'center',
        bgcolor: strong ? 'primary.main' : 'action.hover',
        color: strong ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography
        variant="caption"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.4, opacity: 0.85, whiteSpace: 'nowrap', fontSize: 11 }}
      >
        {label}
      </Typography>
      <Typography variant="h6" fontWeight={700} data-testid={`stat-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** The student, the records table (pass and fail rows coloured differently), credits, counts and SGPA. */
export function ResultCard({ view, examTitle, actions }: { view: TExamResultView; examTitle: string; actions?: ReactNode }) {
  const replaced = view.listofRecords.some((r) => r.examTitle !== examTitle);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }} data-testid="result-card">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="overline" color="text.secondary">
            Student
          </Typography>
          <Typography variant="h6" fontWeight={700} data-testid="student-name">
            {view.studentName || '—'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Roll Number: <b data-testid="student-roll">{view.studentRollNo}</b>
          </Typography>
        </Box>
        {actions}
      </Stack>
      <Stack spacing={1} sx={{ display: { xs: 'flex', sm: 'none' } }} aria-label={`Results of ${view.studentRollNo}`}>
        {view.listofRecords.map((r) => {
          const pass = r.status === 'Pass';
          return (
            <Box
              key={r.courseCode}
              data-testid="result-item"
              data-status={pass ? 'pass' : 'fail'}
              sx={(t) => ({
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                p: 1.25,
                borderRadius: 2,
                borderLeft: 4,
                borderColor: pass ? 'success.main' : 'error.main',
                bgcolor: alpha(pass ? t.palette.success.main : t.palette.error.main, pass ? 0.08 : 0.12),
              })}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" fontWeight={600} color={pass ? 'text.primary' : 'error.dark'}>
                  {r.course}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.courseCode} · {fmt(r.credits)} credits · {r.gradePoints} points
                  {r.examTitle !== examTitle && ` · from ${r.examTitle}`}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'center' }}>
                <Typography variant="h6" fontWeight={800} lineHeight={1.1} color={pass ? 'text.primary' : 'error.dark'}>
                  {r.grade}
                </Typography>
                <Typography variant="caption" color={pass ? 'success.dark' : 'error.dark'}>
                  {r.status}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Stack>
      <TableContainer sx={{ overflowX: 'auto', display: { xs: 'none', sm: 'block' } }}>
        <Table size="small" aria-label={`Results of ${view.studentRollNo}`}>
          <TableHead>
            <TableRow
              sx={{ '& th': { fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText', whiteSpace: 'nowrap' } }}
            >
              <TableCell>Course Code</TableCell>
              <TableCell>Course</TableCell>
              <TableCell align="center">Credits</TableCell>
              <TableCell align="center">Grade</TableCell>
              <TableCell align="center">Grade Points</TableCell>
              <TableCell align="center">Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {view.listofRecords.map((r) => {
              const pass = r.status === 'Pass';
              return (
                <TableRow
                  key={r.courseCode}
                  data-testid="result-row"
                  data-status={pass ? 'pass' : 'fail'}
                  sx={(t) => ({
                    bgcolor: alpha(pass ? t.palette.success.main : t.palette.error.main, pass ? 0.08 : 0.12),
                    '& td': { color: pass ? 'text.primary' : 'error.dark' },
                  })}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.courseCode}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    {r.course}
                    {r.examTitle !== examTitle && (
                      <Typography component="span" variant="caption" display="block" color="text.secondary">
                        from {r.examTitle}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="center">{fmt(r.credits)}</TableCell>
                  <TableCell align="center" sx={{ fontWeight: 700 }}>
                    {r.grade}
                  </TableCell>
                  <TableCell align="center">{r.gradePoints}</TableCell>
                  <TableCell align="center">
                    <Chip
                      size="small"
                      label={r.status}
                      color={pass ? 'success' : 'error'}
                      variant={pass ? 'outlined' : 'filled'}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {replaced && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Rows marked “from …” show the grade of a later supplementary examination.
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
        <Stat label="Total Credits" value={fmt(view.totalCredits)} />
        <Stat label="Earned Credits" value={fmt(view.earnedCredits)} />
        <Stat label="Passed" value={view.passCount} />
        <Stat label="Failed" value={view.failCount} />
        <Stat label="SGPA" value={view.sgpa.toFixed(2)} strong />
      </Stack>
    </Paper>
  );
}
