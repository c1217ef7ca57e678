import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary', '& p': { mt: 0, mb: 1.25, lineHeight: 1.7 }, '& li': { mb: 0.75, lineHeight: 1.6 } }}>{children}</Box>
    </Box>
  );
}
