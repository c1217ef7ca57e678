import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Popover, Typography } from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import type { MenuGroup } from './menu-tree';

/** Wide screens (1280 px and up): each group opens a panel with its children as columns of titles. */
export function MegaMenu({ groups }: { groups: MenuGroup[] }) {
  const [anchor, setAnchor] = useState<{ el: HTMLElement; group: MenuGroup } | null>(null);
  const open = (group: MenuGroup) => (e: MouseEvent<HTMLElement>) => setAnchor({ el: e.currentTarget, group });
  const close = () => setAnchor(null);
  return (
    <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', gap: 0.5, px: 2, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      {groups.map((g) => (
        <Button
          key={g.group}
          onClick={open(g)}
          endIcon={<KeyboardArrowDown />}
          aria-haspopup="true"
          aria-expanded={anchor?.group.group === g.group}
          sx={{ color: 'text.primary', py: 1.25 }}
        >
          {g.group}
        </Button>
      ))}
      <Popover
        open={anchor !== null}
        anchorEl={anchor?.el}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { mt: 0.5, borderRadius: 2 } } }}
      >
        {anchor && (
          <Paper sx={{ p: 3, display: 'flex', gap: 5 }} role="menu" aria-label={anchor.group.group}>
            {anchor.group.children.map((c) => (
              <Box key={c.child} sx={{ minWidth: 180 }}>
                <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
                  {c.child}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {c.titles.map((t) => (
                    <Box component="li" key={t.title} sx={{ py: 0.5 }}>
                      <Link component={RouterLink} to={t.path} onClick={close} underline="hover" color="text.primary" role="menuitem">
                        {t.title}
                      </Link>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Paper>
        )}
      </Popover>
    </Box>
  );
}
