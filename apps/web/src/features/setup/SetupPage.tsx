import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { ZSetup, type TSetup } from '@erp/shared';
import { PasswordField, PublicShell } from '../../components/common';
import { QueryState } from '../../components/QueryState';
import { useCompleteSetup, useSetupStatus } from './api';

const hostsFromText = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);

/** /setup: a new server's first page: the college and its first admin, once. */
export function SetupPage() {
  const status = useSetupStatus();
  const save = useCompleteSetup();
  const { register, handleSubmit, formState } = useForm<TSetup>({
    resolver: zodResolver(ZSetup),
    defaultValues: {
      token: '',
      college: { name: '', code: '', hosts: [], email: '', phone: '', address: '' },
      admin: { username: 'admin', fullName: '', email: '', password: '' },
    },
  });
  const e = formState.errors;
  const field = (name: Parameters<typeof register>[0], label: string, error?: { message?: string }, extra: object = {}) => (
    <TextField label={label} {...register(name)} error={!!error} helperText={error?.message} fullWidth required {...extra} />
  );

  return (
    <PublicShell maxWidth="sm">
      <Typography component="h1" variant="h5" fontWeight={800} sx={{ mb: 1 }}>
        Set up this portal
      </Typography>
      <QueryState spinner loadingLabel="Checking the server" query={status}>
        {save.data ? (
          <Alert severity="success" data-testid="setup-done">
            {save.data.college.name} ({save.data.college.code}) is ready. Sign in as <b>{save.data.admin}</b> to add departments,
            courses, staff and students.
            <Box sx={{ mt: 1 }}>
              <Button component={RouterLink} to="/login/Admin" variant="contained">
                Sign in
              </Button>
            </Box>
          </Alert>
        ) : status.data && !status.data.required ? (
          <Alert severity="info">
            This portal is already set up. <RouterLink to="/login/Admin">Sign in</RouterLink>
          </Alert>
        ) : (
          status.data && (
            <Box component="form" noValidate aria-label="First-run setup" onSubmit={handleSubmit((v) => save.mutate(v))}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Create your college and its first admin account. The setup token is printed in the server log at start-up.
              </Typography>
              <Stack spacing={2}>
                {save.error && <Alert severity="error">{save.error.message}</Alert>}
                {field('token', 'Setup token', e.token, { autoComplete: 'off' })}
                <Divider textAlign="left">College</Divider>
                {field('college.name', 'College name', e.college?.name)}
                {field('college.code', 'Short code (e.g. SVEC)', e.college?.code, {
                  inputProps: { style: { textTransform: 'uppercase' } },
                })}
                <TextField
                  label="Host names (comma separated)"
                  placeholder="erp.college.edu"
                  {...register('college.hosts', { setValueAs: hostsFromText })}
                  error={!!e.college?.hosts}
                  helperText={
                    e.college?.hosts?.message ??
                    e.college?.hosts?.[0]?.message ??
                    'The addresses people will open; leave empty to use this one'
                  }
                  fullWidth
                />
                {field('college.email', 'Office email', e.college?.email, { type: 'email' })}
                <TextField label="Phone" {...register('college.phone')} fullWidth />
                <TextField label="Address" {...register('college.address')} multiline minRows={2} fullWidth />
                <Divider textAlign="left">First admin</Divider>
                {field('admin.username', 'Username', e.admin?.username, { autoComplete: 'username' })}
                <TextField label="Full name" {...register('admin.fullName')} fullWidth />
                {field('admin.email', 'Email', e.admin?.email, { type: 'email' })}
                <PasswordField
                  label="Password"
                  autoComplete="new-password"
                  {...register('admin.password')}
                  error={!!e.admin?.password}
                  helperText={
                    e.admin?.password?.message ?? '8+ characters with a digit, lower and upper case and one of !@#$%^&*'
                  }
                  fullWidth
                  required
                />
                <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
                  {save.isPending ? 'Setting up…' : 'Create the college'}
                </Button>
              </Stack>
            </Box>
          )
        )}
      </QueryState>
    </PublicShell>
  );
}
