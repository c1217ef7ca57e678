import { Link as RouterLink } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { useTitleSummaries } from './api';

/** Examinations dashboard panel: titles published and waiting, and the way to Results Entry. */
export function ExamCellPanel() {
  const titles = useTitleSummaries();
  const list = titles.data ?? [];
  const hidden = list.filter((t) => !t.published);
  return (
    <Box data-testid="exam-cell-panel">
      <Typography variant="subtitle1" fontWeight={700}>
        Exam Results
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {titles.isLoading
          ? 'Loading…'
          : `${list.length - hidden.length} published, ${hidden.length} waiting to publish${hidden.length ? `: ${hidden.map((t) => t.title).join(', ')}` : ''}.`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={PATHS.resultsEntry} variant="contained" size="small">
          Results Entry
        </Button>
        <Button component={RouterLink} to={PATHS.examResults} variant="outlined" size="small">
          Public Results
        </Button>
      </Stack>
    </Box>
  );
}
