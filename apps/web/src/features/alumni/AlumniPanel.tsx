import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { useAlumniData } from './api';

/** Alumni dashboard panel: the two alumni forms and how many alumni are on record. */
export function AlumniPanel() {
  const data = useAlumniData();
  const working = data.data?.filter((r) => r.status === 'working').length ?? 0;
  return (
    <Box data-testid="alumni-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Alumni
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {data.data ? `${data.data.length} alumni on record: ${working} working, ${data.data.length - working} studying.` : 'Loading alumni records…'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={PATHS.alumniRegistration} variant="contained" size="small">
          Registration Form
        </Button>
        <Button component={RouterLink} to={PATHS.alumniHistory} variant="outlined" size="small">
          Alumni History
        </Button>
      </Box>
    </Box>
  );
}
