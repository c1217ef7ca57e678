import { memo, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { TAppConfig } from '@erp/shared';
import { TILES, type Tile } from './modules';
import { NewTabNote } from '../../components/common';
import { targetProps } from './TargetLink';

/**
 * Module tiles; the sub-feature list shows on hover or keyboard focus (always on touch screens).
 * A tile's accessible name is its visible text (plus "opens in a new tab" for screen readers), and
 * its feature list is the link's description, so what a speech user says matches what is read.
 */
export const ModuleTiles = memo(function ModuleTiles({ links, dense = false }: { links: TAppConfig['links'] | undefined; dense?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2.5 },
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: dense ? 'repeat(3, 1fr)' : 'repeat(4, 1fr)', lg: dense ? 'repeat(4, 1fr)' : 'repeat(5, 1fr)' },
      }}
    >
      {TILES.map((t) => (
        <TileCard key={t.name} tile={t} links={links} />
      ))}
    </Box>
  );
});

function TileCard({ tile, links }: { tile: Tile; links: TAppConfig['links'] | undefined }) {
  const { to, href, external } = targetProps(tile.target, links);
  const Icon = tile.icon;
  const linkProps = external ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' } : { component: RouterLink, to: to! };
  const hintsId = useId();
  return (
    <Card
      data-testid={`tile-${tile.name}`}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 3,
        transition: 'transform .2s, box-shadow .2s',
        '&:hover, &:focus-within': { transform: 'translateY(-3px)', boxShadow: '0 12px 28px rgba(22,86,194,0.18)' },
        '&:hover .hints, &:focus-within .hints': { opacity: 1, transform: 'none' },
        '@media (hover: none)': { '& .hints': { opacity: 1, transform: 'none', position: 'static', background: 'none', color: 'text.secondary', p: 0, pb: 1.5, px: 2 } },
      }}
    >
      <CardActionArea {...linkProps} aria-describedby={tile.hints.length ? hintsId : undefined} sx={{ p: { xs: 2, sm: 2.5 }, minHeight: { xs: 110, sm: 140 } }}>
        <Box sx={{ width: 48, height: 48, borderRadius: 2, display: 'grid', placeItems: 'center', mb: 1.5, color: '#fff', background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})` }}>
          <Icon />
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {tile.name}
          {external && <OpenInNew sx={{ fontSize: 15, color: 'text.secondary' }} />}
          {external && <NewTabNote />}
        </Typography>
        {tile.hints.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {tile.hints.length} {tile.hints.length === 1 ? 'feature' : 'features'}
          </Typography>
        )}
      </CardActionArea>
      {tile.hints.length > 0 && (
        <Box
          className="hints"
          id={hintsId}
          component="ul"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            inset: 0,
            m: 0,
            p: 2,
            pl: 3.5,
            listStyle: 'disc',
            pointerEvents: 'none',
            color: '#fff',
            fontSize: 13,
            lineHeight: 1.7,
            opacity: 0,
            transform: 'translateY(8px)',
            transition: 'opacity .2s, transform .2s',
            background: (t) => `linear-gradient(135deg, ${t.palette.primary.dark}f2, ${t.palette.secondary.dark}f2)`,
          }}
        >
          {tile.hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </Box>
      )}
    </Card>
  );
}
