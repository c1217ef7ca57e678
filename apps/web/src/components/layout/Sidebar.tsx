import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Avatar, Box, Collapse, Divider, Drawer, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { SessionUser } from '../../lib/session';
import { menuFor, roleLabel } from './menu-tree';
import { StatusPicker } from './StatusPicker';
import { ThemeSwitch } from './ThemeSwitch';

export const SIDEBAR_WIDTH = 240;

/** The sidebar (240 wide): who is signed in, the status picker and the whole menu tree. */
export function Sidebar({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const groups = menuFor(user.roles);
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}>
      <Box component="nav" aria-label="Sidebar" sx={{ width: SIDEBAR_WIDTH }}>
        <Box sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>{(user.fullName || user.username).charAt(0).toUpperCase()}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {user.fullName || user.username}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              LOGIN ID: {user.username}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              ROLE: {roleLabel(user.roles[0])}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ px: 2, pb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flexGrow: 1 }}>
            <StatusPicker />
          </Box>
          {/* the header drops it on phones */}
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <ThemeSwitch />
          </Box>
        </Box>
        <Divider />
        <List dense subheader={<ListSubheader component="div">Menu</ListSubheader>}>
          {groups.map((g) => (
            <Box key={g.group}>
              <ListItemButton
                onClick={() => setExpanded(expanded === g.group ? null : g.group)}
                aria-expanded={expanded === g.group}
              >
                <ListItemText primary={g.group} slotProps={{ primary: { fontWeight: 600 } }} />
                {expanded === g.group ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={expanded === g.group} unmountOnExit>
                {g.children.map((c) => (
                  <List key={c.child} dense disablePadding subheader={<ListSubheader sx={{ pl: 3, lineHeight: '32px' }}>{c.child}</ListSubheader>}>
                    {c.titles.map((t) => (
                      <ListItemButton
                        key={t.title}
                        component={RouterLink}
                        to={t.path}
                        selected={pathname === t.path}
                        onClick={onClose}
                        sx={{ pl: 4 }}
                      >
                        <ListItemText primary={t.title} />
                      </ListItemButton>
                    ))}
                  </List>
                ))}
              </Collapse>
            </Box>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
