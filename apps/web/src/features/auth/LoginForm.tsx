import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import { PasswordField } from '../../components/common';
import { useSignIn } from '../../lib/sign-in';
import { NEXT_PARAM, safeNext } from '../../lib/return-to';
import { PATHS, ZSignIn } from '@erp/shared';

const ZLoginForm = ZSignIn.pick({ username: true, password: true }).extend({ remember: z.boolean() });
type FormValues = z.infer<typeof ZLoginForm>;

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeNext(params.get(NEXT_PARAM));
  const signIn = useSignIn();
  const error = signIn.error?.message ?? null;
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { username: '', password: '', remember: false },
  });
  const onSubmit = handleSubmit((v) =>
    signIn.mutate(
      { username: v.username.trim(), password: v.password, remember: v.remember },
      // back to the page the visitor asked for, unless the password must be changed first
      { onSuccess: (next) => navigate(returnTo && next !== PATHS.resetPassword ? returnTo : next, { replace: true }) },
    ),
  );
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Log in">
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <TextField
          label="Username"
          autoComplete="username"
          autoFocus
          fullWidth
          {...register('username')}
          error={!!formState.errors.username}
          helperText={formState.errors.username?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          fullWidth
          {...register('password')}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <FormControlLabel control={<Checkbox {...register('remember')} />} label="Remember me" />
          <Link component={RouterLink} to="/ForgotPassword" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={signIn.isPending} fullWidth>
          Log in
        </Button>
      </Stack>
    </Box>
  );
}
