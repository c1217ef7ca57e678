import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, ButtonBase, Typography } from '@mui/material';
import type { TAppConfig } from '@erp/shared';
import type { CircleCard } from './modules';
import { targetProps } from './TargetLink';


const CARD = 96;

/** Module cards around a circle on wide screens, a grid of round cards on narrow ones. */
export const CircularMenu = memo(function CircularMenu({ cards, links, centre, size = 680 }: { cards: CircleCard[]; links: TAppConfig['links'] | undefined; centre: string; size?: number }) {
  const RING = size;
  const r = RING / 2 - CARD / 2 - 4;
  return (
    <Box component="nav" aria-label="Module menu" data-testid="circular-menu" data-count={cards.length}>
      <Box sx={{ display: { xs: 'none', md: 'block' }, position: 'relative', width: RING, height: RING, mx: 'auto' }}>
        <Box
          sx={{
            position: 'absolute',
            inset: CARD / 2 + 8,
            borderRadius: '50%',
            border: '2px dashed',
            borderColor: 'primary.light',
            opacity: 0.5,
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%,-50%)',
            width: 200,
            height: 200,
            borderRadius: '220px',
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            p: 3,
            color: '#fff',
            background: (t) => `radial-gradient(circle at 30% 30%, ${t.palette.secondary.main}, ${t.palette.primary.dark})`,
            boxShadow: '0 16px 40px rgba(13,60,140,0.3)',
          }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {centre}
          </Typography>
        </Box>
        {cards.map((c, i) => {
          const a = (2 * Math.PI * i) / cards.length - Math.PI / 2;
          return <RoundCard key={c.name} card={c} links={links} sx={{ position: 'absolute', left: RING / 2 + r * Math.cos(a) - CARD / 2, top: RING / 2 + r * Math.sin(a) - CARD / 2 }} />;
        })}
      </Box>
      <Box sx={{ display: { xs: 'grid', md: 'none' }, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 2, justifyItems: 'center' }}>
        {cards.map((c) => (
          <RoundCard key={c.name} card={c} links={links} />
        ))}
      </Box>
    </Box>
  );
});

function RoundCard({ card, links, sx }: { card: CircleCard; links: TAppConfig['links'] | undefined; sx?: object }) {
  const { to, href, external } = targetProps(card.target, links);
  const Icon = card.icon;
  const linkProps = external ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' } : { component: RouterLink, to: to! };
  return (
    <ButtonBase
      {...linkProps}
      aria-label={`${card.name}${external ? ' (opens in a new tab)' : ''}`}
      data-testid={`circle-${card.name}`}
      sx={{
        width: CARD,
        height: CARD,
        borderRadius: '220px',
        flexDirection: 'column',
        gap: 0.5,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: '0 6px 18px rgba(20,50,100,0.12)',
        transition: 'transform .2s, box-shadow .2s',
        '&:hover, &.Mui-focusVisible': { transform: 'scale(1.08)', boxShadow: '0 10px 26px rgba(22,86,194,0.3)', borderColor: 'primary.main' },
        ...sx,
      }}
    >
      <Icon color="primary" />
      <Typography variant="caption" sx={{ fontWeight: 600, lineHeight: 1.1, px: 1, textAlign: 'center' }}>
        {card.name}
      </Typography>
    </ButtonBase>
  );
}
