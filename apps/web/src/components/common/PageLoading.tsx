import { Box, LinearProgress } from '@mui/material';

/** Shown while a page's code arrives: a thin bar at the top, no layout shift. */
export function PageLoading() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
    >
      <LinearProgress aria-label="Loading the page" />
    </Box>
  );
}
