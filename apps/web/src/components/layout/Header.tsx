import { Link as RouterLink } from 'react-router';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import AppsIcon from '@mui/icons-material/Apps';
import { PATHS } from '@erp/shared';
import { pngSrc, useCollegeName, useLogoData } from '../../lib/college';
import type { SessionUser } from '../../lib/session';
import { roleLabel } from './menu-tree';
import { NotificationBell } from './NotificationBell';
import { ThemeSwitch } from './ThemeSwitch';
import { useLogout } from './useLogout';

/** Logo and the college's name, LOGIN ID and ROLE, menus link, theme, reset password and logout. */
export function Header({ user, onMenu }: { user: SessionUser; onMenu: () => void }) {
  const logo = useLogoData();
  const logout = useLogout();
  const logoSrc = pngSrc(logo.data?.Logo);
  const collegeName = useCollegeName();
  return (
    <AppBar
      position="sticky"
      sx={{ background: (t) => `linear-gradient(90deg, ${t.palette.primary.dark}, ${t.palette.primary.main} 55%, ${t.palette.secondary.main})` }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 60, md: 68 } }}>
        <Tooltip title="Open menu">
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Box component={RouterLink} to={PATHS.appHome} title="Menus home" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none', minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ width: 42, height: 42, flexShrink: 0 }}>
            {logoSrc && <Box component="img" src={logoSrc} alt="" width={42} height={42} sx={{ display: 'block', height: 42, width: 42, borderRadius: 1, bgcolor: '#fff', p: 0.25 }} />}
          </Box>
          {/* the college's name as text in the theme's font (the banner bitmap is unreadable on a phone) */}
          <Typography
            variant="h6"
            component="p"
            data-testid="college-name"
            sx={{
              fontSize: { xs: 15, sm: 20 },
              lineHeight: 1.2,
              minWidth: 0,
              overflow: 'hidden',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 2, sm: 1 },
            }}
          >
            {collegeName}
          </Typography>
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'right', mr: 1, lineHeight: 1.3 }}>
          <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
            LOGIN ID: <b data-testid="login-id">{user.username}</b>
          </Typography>
          <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
            ROLE: <b data-testid="login-role">{roleLabel(user.roles[0])}</b>
          </Typography>
        </Box>
        {/* on a phone the menu holds these (All Menus, Reset Password, theme): the college's name keeps the room */}
        <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
          {user.roles.length > 0 && (
            <Tooltip title="Menus">
              <IconButton color="inherit" component={RouterLink} to={PATHS.appHome} aria-label="Admin menus">
                <AppsIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <NotificationBell />
        <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
          <ThemeSwitch />
          <Tooltip title="Reset Password">
            <IconButton color="inherit" component={RouterLink} to={PATHS.resetPassword} aria-label="Reset Password">
              <LockReset />
            </IconButton>
          </Tooltip>
        </Box>
        <Tooltip title="Logout">
          <IconButton color="inherit" edge="end" aria-label="Logout" onClick={logout}>
            <Logout />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
