import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { OBE_ADMIN_ROLES, OBE_PATHS, ROLES } from '@erp/shared';
import { useObeSummary } from './api';

/** The IQAC's OBE counts and the way into its pages. */
function ObePanel() {
  const s = useObeSummary();
  const d = s.data;
  const stats: Array<[string, string]> = d
    ? [
        ['Courses with COs', d.subjectsWithCos.toLocaleString('en-IN')],
        [`Assessments ${d.academicYear}`, d.assessments.toLocaleString('en-IN')],
        ['Marks entered', d.marksEntered.toLocaleString('en-IN')],
        ['Survey respondents', d.surveyResponses.toLocaleString('en-IN')],
      ]
    : [];
  return (
    <Box data-testid="obe-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Outcome Based Education
      </Typography>
      {s.isPending && <Skeleton variant="rounded" height={60} sx={{ mt: 1 }} />}
      {s.isError && (
        <Typography color="error">
          {s.error.message}{' '}
          <Button size="small" onClick={() => s.refetch()}>
            Retry
          </Button>
        </Typography>
      )}
      {d && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, my: 1.5 }}>
          {stats.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography fontWeight={600}>{value}</Typography>
            </Box>
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Button component={RouterLink} to={OBE_PATHS.home} size="small" variant="contained">
          Program attainment
        </Button>
        <Button component={RouterLink} to={OBE_PATHS.courses} size="small" variant="outlined">
          Courses and CO attainment
        </Button>
        <Button component={RouterLink} to={OBE_PATHS.settings} size="small" variant="outlined">
          OBE settings
        </Button>
      </Stack>
    </Box>
  );
}

/** Faculty and HoDs: their courses' outcomes, papers and marks. */
function ObeFacultyPanel() {
  return (
    <Box data-testid="obe-faculty-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Outcome Based Education
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Course outcomes, CO–PO mapping, assessment marks and attainment of your courses.
      </Typography>
      <Button component={RouterLink} to={OBE_PATHS.courses} size="small" variant="outlined">
        My OBE courses
      </Button>
    </Box>
  );
}

function SurveyPanel() {
  return (
    <Box data-testid="obe-survey-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Course Exit Survey
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Tell the college how well each course met its outcomes.
      </Typography>
      <Button component={RouterLink} to={OBE_PATHS.survey} size="small" variant="outlined">
        Answer the survey
      </Button>
    </Box>
  );
}

export const dashboardWidgets: Record<string, ComponentType[]> = {
  ...Object.fromEntries(OBE_ADMIN_ROLES.filter((r) => r !== ROLES.ADMIN).map((r) => [r, [ObePanel]])),
  [ROLES.HOD]: [ObeFacultyPanel],
  [ROLES.FACULTY]: [ObeFacultyPanel],
  [ROLES.STUDENT]: [SurveyPanel],
};
