import { Link as RouterLink } from 'react-router';
import { useState } from 'react';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import Login from '@mui/icons-material/Login';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { MSG, landingFor } from '@erp/shared';
import { pngSrc, type LogoImages } from '../../lib/college';
import { getSessionUser } from '../../lib/session';
import { INFO_TITLES, type InfoKind } from './InfoModals';

const KINDS = Object.keys(INFO_TITLES) as InfoKind[];

export function HomeHeader({ logo, collegeName, onInfo }: { logo: LogoImages | undefined; collegeName: string | undefined; onInfo: (k: InfoKind) => void }) {
  const user = getSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logoSrc = pngSrc(logo?.Logo);
  return (
    <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)' }}>
      <Toolbar sx={{ gap: 1, py: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexGrow: 1, minWidth: 0 }}>
          {/* fixed size, drawn before the logo arrives, so the header never shifts */}
          <Box sx={{ width: 44, height: 44, flexShrink: 0, borderRadius: 1, bgcolor: logoSrc ? 'transparent' : 'action.hover' }}>
            {logoSrc && <Box component="img" src={logoSrc} alt="College logo" width={44} height={44} sx={{ display: 'block', width: 44, height: 44 }} />}
          </Box>
          <Typography component="p" noWrap sx={{ color: 'primary.dark', fontWeight: 700, fontSize: { xs: 16, sm: 20 }, lineHeight: 1.25, minWidth: 0 }}>
            {collegeName ?? MSG.appTitleFallback}
          </Typography>
        </Box>
        <Box component="nav" aria-label="Information" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {KINDS.map((k) => (
              <Button key={k} onClick={() => onInfo(k)} size="small" sx={{ whiteSpace: 'nowrap', color: 'text.primary' }}>
                {INFO_TITLES[k]}
              </Button>
            ))}
          </Box>
          <IconButton sx={{ display: { md: 'none' } }} aria-label="Information menu" onClick={(e) => setAnchor(e.currentTarget)}>
            <MoreVert />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {KINDS.map((k) => (
              <MenuItem
                key={k}
                onClick={() => {
                  setAnchor(null);
                  onInfo(k);
                }}
              >
                {INFO_TITLES[k]}
              </MenuItem>
            ))}
          </Menu>
          {user ? (
            <Button component={RouterLink} to={landingFor(user.roles)} variant="contained" size="small" startIcon={<DashboardOutlined />} sx={{ whiteSpace: 'nowrap' }}>
              My Dashboard
            </Button>
          ) : (
            <Button component={RouterLink} to="/login/erp" variant="contained" size="small" startIcon={<Login />} sx={{ whiteSpace: 'nowrap' }}>
              Log in
            </Button>
          )}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
