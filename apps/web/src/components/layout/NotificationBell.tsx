import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Badge, Box, Button, Divider, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { NOTIFICATION_PATHS, notificationEndpoints as notes } from '@erp/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** The bell: unread count (checked every minute), the five newest, mark all read, links to the list and settings. */
export function NotificationBell() {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The same endpoint as the notifications page (components/ imports no feature): marking read
  // on either refreshes both.
  const inbox = useEndpointQuery(notes.inbox, { query: { page: 1, pageSize: 5 } }, { refetchInterval: 60_000 });
  const read = useEndpointMutation((ids?: number[]) => callEndpoint(notes.markRead, { body: ids ? { ids } : {} }), {
    invalidates: [notes.inbox],
  });
  const unread = inbox.data?.unread ?? 0;
  const go = (path: string) => (setAnchor(null), navigate(path));

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton color="inherit" aria-label={`Notifications, ${unread} unread`} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={unread} color="error" max={99} data-testid="bell-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340, maxWidth: '92vw' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5 }}>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>Notifications</Typography>
          <Button size="small" disabled={unread === 0 || read.isPending} onClick={() => read.mutate(undefined)}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {inbox.isError && <MenuItem onClick={() => inbox.refetch()}>Could not load; retry</MenuItem>}
        {inbox.data?.items.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">No notifications yet.</Typography>
          </MenuItem>
        )}
        {inbox.data?.items.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => {
              if (!n.read) read.mutate([n.id]);
              go(n.link || NOTIFICATION_PATHS.inbox);
            }}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', bgcolor: n.read ? undefined : 'action.hover' }}
          >
            <Typography variant="body2" sx={{ fontWeight: n.read ? 400 : 700 }}>
              {n.subject}
            </Typography>
          </MenuItem>
        ))}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1 }}>
          <Button size="small" component={RouterLink} to={NOTIFICATION_PATHS.inbox} onClick={() => setAnchor(null)}>
            See all
          </Button>
          <Button size="small" component={RouterLink} to={NOTIFICATION_PATHS.settings} onClick={() => setAnchor(null)}>
            Settings
          </Button>
        </Box>
      </Menu>
    </>
  );
}
