import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { PublicShell } from '../../components/common';

export function TemplateCard({ title, subtitle, children, width = 420 }: { title: string; subtitle?: string; children: ReactNode; width?: number }) {
  return (
    <PublicShell bare maxWidth="sm">
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Card sx={{ width: '100%', maxWidth: width, borderRadius: 3, boxShadow: '0 18px 50px rgba(13,60,140,0.12)' }}>
          <Box sx={{ height: 6, background: (t) => `linear-gradient(90deg, ${t.palette.primary.main}, ${t.palette.secondary.main})` }} />
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h5" component="h1" align="center">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" align="center" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            )}
            <Box sx={{ mt: 3 }}>{children}</Box>
          </CardContent>
        </Card>
      </Box>
    </PublicShell>
  );
}
