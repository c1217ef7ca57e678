import { Link as RouterLink } from 'react-router';
import { Box, Button, Divider, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { NOTIFICATION_PATHS, type TNotificationKind } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { usePrefs, useSavePrefs } from './api';

/** Which notifications the signed-in user receives, in the inbox (the bell) and by email. */
export function NotificationSettingsPage() {
  const prefs = usePrefs();
  const save = useSavePrefs();
  const toast = useToast();
  const change = (kind: TNotificationKind, channel: 'inApp' | 'email', on: boolean) =>
    save.mutate(
      { [kind]: { [channel]: on } },
      {
        onSuccess: () => toast.success(`${channel === 'inApp' ? 'In-app' : 'Email'} ${on ? 'on' : 'off'}`),
        onError: (e) => toast.error(e.message),
      },
    );

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, flex: 1 }}>
          Notification settings
        </Typography>
        <Button component={RouterLink} to={NOTIFICATION_PATHS.inbox}>
          My notifications
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose what you are told about: in the portal (the bell at the top) and by email to the address on your account.
      </Typography>
      <QueryState height={224} query={prefs}>
        {prefs.data && (
          <Paper sx={{ borderRadius: 3 }} data-testid="notification-settings">
            {prefs.data.items.map((item, i) => (
              <Box key={item.kind}>
                {i > 0 && <Divider />}
                <Box
                  sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1.25 }}
                  data-testid={`pref-${item.kind}`}
                >
                  <Typography sx={{ flex: '1 1 260px' }}>{item.label}</Typography>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={item.inApp}
                          disabled={save.isPending}
                          onChange={(e) => change(item.kind, 'inApp', e.target.checked)}
                          slotProps={{ input: { 'aria-label': `In app: ${item.label}` } }}
                        />
                      }
                      label="In app"
                    />
                    <FormControlLabel
                      control={
                        <Switch
                          checked={item.email}
                          disabled={save.isPending}
                          onChange={(e) => change(item.kind, 'email', e.target.checked)}
                          slotProps={{ input: { 'aria-label': `Email: ${item.label}` } }}
                        />
                      }
                      label="Email"
                    />
                  </Box>
                </Box>
              </Box>
            ))}
          </Paper>
        )}
      </QueryState>
    </Box>
  );
}
