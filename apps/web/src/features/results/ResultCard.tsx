import type { ReactNode } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { TExamResultView } from '@erp/shared';
import { GridTable } from '../../components/GridTable';

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
      {/* the memo's layout (a phone has the list above): a document, not a searchable list */}
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <GridTable
          label={`Results of ${view.studentRollNo}`}
          headSx={{ '& th': { fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText', whiteSpace: 'nowrap' } }}
          head={[
            { key: 'code', content: 'Course Code' },
            { key: 'course', content: 'Course' },
            { key: 'credits', content: 'Credits', align: 'center' },
            { key: 'grade', content: 'Grade', align: 'center' },
            { key: 'points', content: 'Grade Points', align: 'center' },
            { key: 'result', content: 'Result', align: 'center' },
          ]}
          rows={view.listofRecords.map((r) => {
            const pass = r.status === 'Pass';
            return {
              key: r.courseCode,
              testId: 'result-row',
              data: { 'data-status': pass ? 'pass' : 'fail' },
              sx: (t: Theme) => ({
                bgcolor: alpha(pass ? t.palette.success.main : t.palette.error.main, pass ? 0.08 : 0.12),
                '& td': { color: pass ? 'text.primary' : 'error.dark' },
              }),
              cells: [
                { key: 'code', content: r.courseCode, sx: { whiteSpace: 'nowrap' } },
                {
                  key: 'course',
                  sx: { minWidth: 160 },
                  content: (
                    <>
                      {r.course}
                      {r.examTitle !== examTitle && (
                        <Typography component="span" variant="caption" display="block" color="text.secondary">
                          from {r.examTitle}
                        </Typography>
                      )}
                    </>
                  ),
                },
                { key: 'credits', content: fmt(r.credits), align: 'center' },
                { key: 'grade', content: r.grade, align: 'center', sx: { fontWeight: 700 } },
                { key: 'points', content: r.gradePoints, align: 'center' },
                {
                  key: 'result',
                  align: 'center',
                  content: (
                    <Chip size="small" label={r.status} color={pass ? 'success' : 'error'} variant={pass ? 'outlined' : 'filled'} />
                  ),
                },
              ],
            };
          })}
        />
      </Box>
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
