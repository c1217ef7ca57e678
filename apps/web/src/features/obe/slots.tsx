import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { OBE_ADMIN_ROLES, OBE_PATHS, ROLES } from '@erp/shared';
import { QueryState } from '../../components/QueryState';
import { StatsPanel, type Stat } from '../../components/StatsPanel';
import { useObeSummary } from './api';

/** The IQAC's OBE counts and the way into its pages. */
function ObePanel() {
  const s = useObeSummary();
  const d = s.data;
  const stats: Stat[] = d
    ? [
        { label: 'Courses with COs', value: d.subjectsWithCos.toLocaleString('en-IN') },
        { label: `Assessments ${d.academicYear}`, value: d.assessments.toLocaleString('en-IN') },
        { label: 'Marks entered', value: d.marksEntered.toLocaleString('en-IN') },
        { label: 'Survey respondents', value: d.surveyResponses.toLocaleString('en-IN') },
      ]
    : [];
  return (
    <Box data-testid="obe-panel">
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Outcome Based Education
      </Typography>
      <QueryState query={s} height={60}>
        <StatsPanel stats={stats} sx={{ my: 1.5 }} />
      </QueryState>
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
