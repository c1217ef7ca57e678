import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { MSG } from '@erp/shared';
import { formatDate, roleName } from '../../lib/format';
import { useConfirm, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useDecide, usePending } from './api';

/** Admins approve or reject self-registrations; until then the user cannot sign in. */
export function PendingRegistrationsPage() {
  const pending = usePending();
  const toast = useToast();
  const confirm = useConfirm();
  const decide = useDecide();
  const busy = decide.isPending ? decide.variables?.id : null;

  const act = async (id: number, username: string, approve: boolean, roles: readonly string[] = []) => {
    const ok = approve
      ? await confirm({
          title: `Approve the registration of ${username}?`,
          text: `${username} can sign in from now on, as ${roles.map(roleName).join(', ') || 'the role asked for'}.`,
          confirmText: 'Approve',
          cancelText: MSG.cancel,
          kind: 'info',
        })
      : await confirm({ title: `Reject the registration of ${username}?`, confirmText: 'Reject', cancelText: MSG.cancel });
    if (!ok) return;
    decide.mutate(
      { id, approve },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (e) => toast.error(e instanceof ApiError ? e.message : MSG.recordModificationFailed),
      },
    );
  };

  if (pending.isError) {
    return <Alert severity="error">{pending.error instanceof ApiError ? pending.error.message : MSG.noRecordsFound}</Alert>;
  }
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Pending Registrations
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          New institute users wait here until you approve them; a rejected user cannot sign in.
        </Typography>
        {pending.isLoading ? (
          <CircularProgress aria-label="Loading" />
        ) : !pending.data?.length ? (
          <Alert severity="info">{MSG.noRecordsFound}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Pending registrations">
              <TableHead>
                <TableRow>
                  <TableCell>S.No</TableCell>
                  <TableCell>Full Name</TableCell>
                  <TableCell>User Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Department</TableCell>
                  <TableCell>College</TableCell>
                  <TableCell>Modules</TableCell>
                  <TableCell>Registered</TableCell>
                  <TableCell>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pending.data.map((r, i) => (
                  <TableRow key={r.id} data-testid={`pending-${r.username}`}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{r.fullName}</TableCell>
                    <TableCell>{r.username}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{r.email}</TableCell>
                    <TableCell>
                      {r.roles.map((role) => (
                        <Chip key={role} size="small" label={roleName(role)} />
                      ))}
                    </TableCell>
                    <TableCell>{r.department || '—'}</TableCell>
                    <TableCell>
                      {r.collegeName} ({r.eamcetCode}){r.affiliatedTo ? `, ${r.affiliatedTo}` : ''} · {r.instituteType}
                    </TableCell>
                    <TableCell>{r.modules}</TableCell>
                    <TableCell>{formatDate(r.createdAt.slice(0, 10))}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="contained"
                          color="success"
                          disabled={busy === r.id}
                          onClick={() => act(r.id, r.username, true, r.roles)}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          disabled={busy === r.id}
                          onClick={() => act(r.id, r.username, false)}
                        >
                          Reject
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Box sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}
