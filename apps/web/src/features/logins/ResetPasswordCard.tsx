import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { LOGINS_MSG, ZResetPasswordBody } from '@erp/shared';
import { useConfirm, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useResetPassword } from './api';

/** A forgotten password: the admin sets a one-time password, shown here once, to hand to the user. */
export function ResetPasswordCard() {
  const toast = useToast();
  const confirm = useConfirm();
  const [username, setUsername] = useState('');
  const [invalid, setInvalid] = useState('');
  const reset = useResetPassword();
  const result = reset.data;
  const failed = reset.error;
  const error =
    invalid ||
    (failed ? (failed instanceof ApiError && failed.status < 500 ? failed.message : 'Failed to reset the password') : '');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZResetPasswordBody.safeParse({ username });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0].message);
      return;
    }
    const ok = await confirm({
      title: `Reset the password of ${parsed.data.username}?`,
      text: 'A one-time password replaces the current one and is shown here once. Every session the account has open ends, and the user must choose a new password at the next sign-in.',
      confirmText: 'Reset Password',
      cancelText: 'Cancel',
    });
    if (!ok) return;
    reset.mutate(parsed.data.username, {
      onSuccess: (answer) => {
        setUsername('');
        toast.success(answer.message);
      },
      onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to reset the password'),
    });
  };

  const copy = async () => {
    if (!result) return;
    await navigator.clipboard?.writeText(result.password).catch(() => undefined);
    toast.success('Password copied');
  };

  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Reset a Password"
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2">
          Reset a Password
        </Typography>
        <Typography variant="body2" color="text.secondary">
          For a user who has forgotten their password: they get a one-time password, shown here once, which they must change when
          they sign in.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Username"
            name="username"
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setInvalid('');
              if (reset.isError) reset.reset();
            }}
            error={Boolean(error)}
            helperText={error || 'Roll number, employee code or email, as they sign in'}
            inputProps={{ maxLength: 120, autoComplete: 'off' }}
            sx={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending} sx={{ mt: 0.5 }}>
            Reset Password
          </Button>
        </Box>
        {result && (
          <Alert
            severity="success"
            data-testid="reset-result"
            action={
              <Tooltip title="Copy password">
                <IconButton aria-label="Copy password" color="inherit" size="small" onClick={copy}>
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <Typography variant="body2">
              {result.fullName ? `${result.fullName} (${result.username})` : result.username}: one-time password{' '}
              <Box component="code" data-testid="reset-password" sx={{ fontSize: '1rem', fontWeight: 700, px: 0.5 }}>
                {result.password}
              </Box>
            </Typography>
            <Typography variant="caption">{LOGINS_MSG.oneTimePasswordHint}</Typography>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
