import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Switch,
  TablePagination,
  Typography,
} from '@mui/material';
import { NOTIFICATION_PATHS, type TInboxItem } from '@erp/shared';
import { useInbox, useMarkRead, when } from './api';
import { QueryState } from '../../components/QueryState';

/** The signed-in user's notifications, newest first: open one to mark it read and go to what it is about. */
export function NotificationsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [unread, setUnread] = useState(false);
  const inbox = useInbox({ page: page + 1, pageSize, unread });
  const markRead = useMarkRead();
  const open = (n: TInboxItem) => {
    if (!n.read) markRead.mutate([n.id]);
    if (n.link) navigate(n.link);
  };

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, flex: 1 }}>
          Notifications
        </Typography>
        <Button component={RouterLink} to={NOTIFICATION_PATHS.settings}>
          Settings
        </Button>
        <Button
          variant="outlined"
          disabled={!inbox.data?.unread || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all read
        </Button>
      </Box>
      <FormControlLabel
        control={<Switch checked={unread} onChange={(e) => (setUnread(e.target.checked), setPage(0))} />}
        label={`Unread only${inbox.data ? ` (${inbox.data.unread})` : ''}`}
        sx={{ mb: 1 }}
      />
      <QueryState height={192} query={inbox}>
        {inbox.data &&
          (inbox.data.items.length === 0 ? (
            <Paper sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
              <Typography color="text.secondary">{unread ? 'Nothing unread.' : 'No notifications yet.'}</Typography>
            </Paper>
          ) : (
            <Paper sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <List disablePadding data-testid="inbox-list">
                {inbox.data.items.map((n, i) => (
                  <Box key={n.id}>
                    {i > 0 && <Divider component="li" />}
                    <ListItemButton
                      onClick={() => open(n)}
                      sx={{ alignItems: 'flex-start', bgcolor: n.read ? undefined : 'action.hover' }}
                    >
                      <ListItemText
                        primary={n.subject}
                        secondary={
                          <>
                            {n.body && (
                              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                                {n.body}
                              </Typography>
                            )}
                            <Typography component="span" variant="caption" color="text.secondary">
                              {when(n.createdAt)}
                              {n.read ? '' : ' · unread'}
                            </Typography>
                          </>
                        }
                        slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 700 } } }}
                      />
                    </ListItemButton>
                  </Box>
                ))}
              </List>
              <TablePagination
                component="div"
                count={inbox.data.total}
                page={page}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[10, 20, 50]}
                onPageChange={(_, p) => setPage(p)}
                onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
              />
            </Paper>
          ))}
      </QueryState>
    </Box>
  );
}
