import { Link as RouterLink } from 'react-router';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { menuFor } from '../../components/layout';
import { getSessionUser } from '../../lib/session';

/** /app: every menu group the user may open, as cards (the header's menus link). */
export function MenusPage() {
  const user = getSessionUser()!;
  const groups = menuFor(user.roles);
  return (
    <Box data-testid="menus-page">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: 0.5 }}>
        All Menus
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Every screen your role can open.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {groups.map((g) => (
          <Card key={g.group} sx={{ borderRadius: 3 }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {g.group}
              </Typography>
              {g.children.map((c) => (
                <Box key={c.child} sx={{ mb: 1.5 }}>
                  <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
                    {c.child}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {c.titles.map((t) => (
                      <li key={t.title}>
                        <Link component={RouterLink} to={t.path}>
                          {t.title}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
