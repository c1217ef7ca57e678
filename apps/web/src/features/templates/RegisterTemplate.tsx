import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Link, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { PATHS } from '@erp/shared';
import { PasswordField } from '../../components/common';
import { SocialButtons } from './SignInTemplate';
import { ZTemplateRegister } from './schemas';
import { TemplateCard } from './TemplateCard';

type Values = z.infer<typeof ZTemplateRegister>;

/** Template register: checks the basics, then continues to the institute registration with them. */
export function RegisterTemplate() {
  const navigate = useNavigate();
  const [tab, setTab] = useState(0);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(ZTemplateRegister),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', terms: false },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    const q = new URLSearchParams({ username: v.username.trim(), email: v.email.trim() });
    navigate(`${PATHS.register}?${q}`);
  });
  return (
    <TemplateCard title="Create an account">
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth" sx={{ mb: 3 }} aria-label="Register with">
        <Tab label="With Email" id="tab-email" aria-controls="panel-email" />
        <Tab label="With Social Media" id="tab-social" aria-controls="panel-social" />
      </Tabs>
      {tab === 0 ? (
        <Box id="panel-email" role="tabpanel" aria-labelledby="tab-email">
          <Box component="form" onSubmit={onSubmit} noValidate>
            <Stack spacing={2}>
              <TextField label="Username" autoComplete="username" {...register('username')} error={!!e.username} helperText={e.username?.message} fullWidth />
              <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={!!e.email} helperText={e.email?.message} fullWidth />
              <PasswordField label="Password" autoComplete="new-password" {...register('password')} error={!!e.password} helperText={e.password?.message} fullWidth />
              <PasswordField label="Re-type Password" autoComplete="new-password" {...register('confirmPassword')} error={!!e.confirmPassword} helperText={e.confirmPassword?.message} fullWidth />
              <Box>
                <FormControlLabel
                  control={<Checkbox {...register('terms')} />}
                  label={
                    <>
                      I agree to the{' '}
                      <Link component={RouterLink} to="/terms" target="_blank">
                        Terms and Conditions
                      </Link>
                    </>
                  }
                />
                {e.terms && <FormHelperText error>{e.terms.message}</FormHelperText>}
              </Box>
              <Button type="submit" variant="contained" size="large">
                Continue
              </Button>
            </Stack>
          </Box>
        </Box>
      ) : (
        <Box id="panel-social" role="tabpanel" aria-labelledby="tab-social">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Social sign-up is not offered by the college. Use the e-mail form.
          </Typography>
          <SocialButtons />
        </Box>
      )}
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/sign-in">
          Sign in
        </Link>
      </Typography>
    </TemplateCard>
  );
}
