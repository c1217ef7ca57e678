import { Alert, Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { ApiError } from '../../lib/api-client';
import { useDownloadCredentials, usePendingCredentials } from './api';
import { formatDateTime } from '../../lib/format';

const when = (iso: string) => formatDateTime(iso);

/** New credentials not yet downloaded: each sheet downloads once, then its passwords are gone. */
export function CredentialsList() {
  const pending = usePendingCredentials();
  const toast = useToast();
  const download = useDownloadCredentials();
  const busy = download.isPending ? download.variables?.batchId : null;

  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          New credentials to download
        </Typography>
        <QueryState query={pending} height={48}>
          {!pending.data?.length ? (
            <Alert severity="info">No credentials waiting to be downloaded.</Alert>
          ) : (
            <List dense aria-label="Credentials to download">
              {pending.data.map((b) => (
                <ListItem key={b.batchId} data-testid="credentials-item" divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={`${b.count} ${b.kind} login${b.count === 1 ? '' : 's'}`}
                    secondary={`Created ${when(b.createdAt)} · available until ${when(b.expiresAt)}`}
                  />
                  <Box>
                    <Button
                      variant="contained"
                      size="small"
                      startIcon={<Download />}
                      disabled={busy === b.batchId}
                      onClick={() =>
                        download.mutate(b, {
                          onSuccess: () =>
                            toast.success(`Downloaded ${b.count} ${b.kind} credentials. This sheet cannot be downloaded again.`),
                          onError: (e) => toast.error(e instanceof ApiError ? e.message : String(e)),
                        })
                      }
                    >
                      Download Excel
                    </Button>
                  </Box>
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
