import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { useAdmissionSummary } from './api';

/** Admissions dashboard panel: how many admissions, the last week's, and the way to the forms. */
export function AdmissionsPanel() {
  const summary = useAdmissionSummary();
  return (
    <Box data-testid="admissions-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Admissions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {summary.isLoading
          ? 'Loading…'
          : summary.data
            ? `${summary.data.total} admissions saved, ${summary.data.lastWeek} in the last 7 days.`
            : 'Admission figures are not available.'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={PATHS.admissionForm} variant="contained" size="small">
          Admission Form
        </Button>
        <Button component={RouterLink} to={PATHS.studentAdmissionForm} variant="outlined" size="small">
          Student Admission Form
        </Button>
        <Button component={RouterLink} to={PATHS.admissionApplications} variant="outlined" size="small">
          Applications
        </Button>
      </Stack>
    </Box>
  );
}
