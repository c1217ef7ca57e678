import { useState } from 'react';
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import Palette from '@mui/icons-material/Palette';
import Check from '@mui/icons-material/Check';
import { THEME_NAMES, type ThemeName } from '../../app/theme';
import { useThemeChoice } from '../common/theme-choice';

const LABELS: Record<ThemeName, string> = { blueCyanTheme: 'Blue Cyan', greyTheme: 'Grey' };

export function ThemeSwitch() {
  const { name, setName } = useThemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Theme">
        <IconButton color="inherit" aria-label="Change theme" onClick={(e) => setAnchor(e.currentTarget)}>
          <Palette />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((t) => (
          <MenuItem
            key={t}
            selected={t === name}
            onClick={() => {
              setName(t);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{t === name && <Check fontSize="small" />}</ListItemIcon>
            {LABELS[t]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
