import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function Scroll({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ overflowX: 'auto', WebkitOverflowScrolling: 'touch', '& th, & td': { whiteSpace: { xs: 'nowrap', md: 'normal' } } }}
    >
      {children}
    </Box>
  );
}
