import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { PATHS } from '@erp/shared';
import { PublicShell } from '../../components/common';
import { QueryState } from '../../components/QueryState';
import { pngSrc, useAppConfig, useLogoData } from '../../lib/college';
import { useExamTitles } from './api';

/** /examresults: the banner and the published exam titles, each opening its roll-number lookup. */
export function ExamResultsPage() {
  const titles = useExamTitles();
  const logo = useLogoData();
  const config = useAppConfig();
  const banner = pngSrc(logo.data?.Banner);
  return (
    <PublicShell maxWidth="lg" bare>
      <Box
        sx={{
          position: 'relative',
          borderRadius: 3,
          overflow: 'hidden',
          minHeight: { xs: 120, sm: 170 },
          mb: 4,
          display: 'flex',
          alignItems: 'flex-end',
          background: (t) => `linear-gradient(120deg, ${t.palette.primary.dark}, ${t.palette.secondary.main})`,
        }}
        data-testid="results-banner"
      >
        {banner && (
          <Box
            component="img"
            src={banner}
            alt=""
            // faint, behind the caption: the banner's own lettering must not collide with the title
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.12 }}
          />
        )}
        <Box sx={{ position: 'relative', p: { xs: 2, sm: 4 }, color: '#fff', textShadow: '0 1px 6px rgba(0,0,0,0.45)' }}>
          <Typography variant="overline">{config.data?.collegeName}</Typography>
          <Typography component="h1" variant="h4" fontWeight={800} sx={{ fontSize: { xs: 26, sm: 34 } }}>
            Exam Results
          </Typography>
        </Box>
      </Box>
      <QueryState
        what="the published exams"
        query={titles}
        empty={titles.data?.length === 0}
        emptyText="No results have been published yet."
      >
        <Grid container spacing={2}>
          {(titles.data ?? []).map((title) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%', borderRadius: 3 }}>
                <CardActionArea component={RouterLink} to={PATHS.resultsFor(title)} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                    <EmojiEvents color="secondary" fontSize="large" />
                    <Typography sx={{ flexGrow: 1, fontWeight: 600 }}>{title}</Typography>
                    <ArrowForward color="action" />
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </QueryState>
    </PublicShell>
  );
}
