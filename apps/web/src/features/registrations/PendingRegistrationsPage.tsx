import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { MSG } from '@erp/shared';
import { formatDate, roleName } from '../../lib/format';
import { DataTable, queryRows, serialColumn } from '../../components/DataTable';
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
        <DataTable
          label="Pending registrations"
          columns={[
            serialColumn(pending.data),
            { key: 'fullName', header: 'Full Name' },
            { key: 'username', header: 'User Name' },
            { key: 'email', header: 'Email', render: (r) => <Box component="span" sx={{ wordBreak: 'break-all' }}>{r.email}</Box> },
            {
              key: 'roles',
              header: 'Role',
              value: (r) => r.roles.map(roleName).join(', '),
              render: (r) => r.roles.map((role) => <Chip key={role} size="small" label={roleName(role)} />),
            },
            { key: 'department', header: 'Department', value: (r) => r.department || '—' },
            {
              key: 'college',
              header: 'College',
              value: (r) => `${r.collegeName} (${r.eamcetCode})${r.affiliatedTo ? `, ${r.affiliatedTo}` : ''} · ${r.instituteType}`,
            },
            { key: 'modules', header: 'Modules' },
            { key: 'createdAt', header: 'Registered', value: (r) => formatDate(r.createdAt.slice(0, 10)) },
          ]}
          {...queryRows(pending)}
          rowKey={(r) => r.id}
          rowTestId={(r) => `pending-${r.username}`}
          cardTitle={(r) => `${r.fullName} · ${r.username}`}
          emptyText={MSG.noRecordsFound}
          actionsHeader="Action"
          actions={(r) => (
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
          )}
        />
        <Box sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}
