import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, Checkbox, Divider, FormControlLabel, Link, Stack, TextField, Typography } from '@mui/material';
import Google from '@mui/icons-material/Google';
import Facebook from '@mui/icons-material/Facebook';
import { PATHS } from '@erp/shared';
import { PasswordField } from '../../components/common';
import { useSignIn } from '../../lib/sign-in';
import { ZTemplateSignIn } from './schemas';
import { TemplateCard } from './TemplateCard';

type Values = z.infer<typeof ZTemplateSignIn>;

/** Template sign-in: e-mail (or user name) and password; Continue signs in for real. */
export function SignInTemplate() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const error = signIn.error?.message ?? null;
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ZTemplateSignIn),
    defaultValues: { email: '', password: '', remember: false },
  });
  const onSubmit = handleSubmit((v) =>
    signIn.mutate(
      { username: v.email.trim(), password: v.password, remember: v.remember },
      { onSuccess: (next) => navigate(next, { replace: true }) },
    ),
  );
  return (
    <TemplateCard title="Sign in" subtitle="Welcome back">
      <Box component="form" onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Email"
            autoComplete="username"
            {...register('email')}
            error={!!formState.errors.email}
            helperText={formState.errors.email?.message}
            fullWidth
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...register('password')}
            error={!!formState.errors.password}
            helperText={formState.errors.password?.message}
            fullWidth
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel control={<Checkbox {...register('remember')} />} label="Remember" />
            <Link component={RouterLink} to="/reset-password" variant="body2">
              Forgot Password
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
            Continue
          </Button>
          <Typography variant="body2" align="center">
            <Link component={RouterLink} to={PATHS.register}>
              Create new account
            </Link>
          </Typography>
          <Divider>or</Divider>
          <SocialButtons />
        </Stack>
      </Box>
    </TemplateCard>
  );
}

/** Social sign-in is not offered by the college: the buttons are shown disabled. */
export function SocialButtons() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <Button variant="outlined" startIcon={<Google />} disabled fullWidth aria-label="Google sign-in (not available)">
        Google
      </Button>
      <Button variant="outlined" startIcon={<Facebook />} disabled fullWidth aria-label="Facebook sign-in (not available)">
        Facebook
      </Button>
    </Stack>
  );
}
