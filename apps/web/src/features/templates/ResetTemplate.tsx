import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useContactData } from '../../lib/college';
import { ZTemplateReset } from './schemas';
import { TemplateCard } from './TemplateCard';

type Values = z.infer<typeof ZTemplateReset>;

/**
 * Reset Password: the college office resets passwords, so the link is sent by mail to the
 * college's official address with the user's e-mail filled in.
 */
export function ResetTemplate() {
  const contact = useContactData();
  const [sentFor, setSentFor] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(ZTemplateReset), defaultValues: { email: '' } });
  const office = contact.data?.officialCommunication;
  const mailto = (email: string) =>
    `mailto:${office ?? ''}?subject=${encodeURIComponent('Password reset request')}&body=${encodeURIComponent(`Please send a reset password link to ${email}.`)}`;
  return (
    <TemplateCard title="Reset Password" subtitle="Send reset password link to Your email">
      {sentFor ? (
        <Stack spacing={2}>
          <Alert severity="success">
            Your request for {sentFor} is ready. Send it to the college office{office ? ` (${office})` : ''} and they will mail you a reset link.
          </Alert>
          <Button variant="contained" href={mailto(sentFor)}>
            Send request e-mail
          </Button>
          <Button onClick={() => setSentFor(null)}>Use another e-mail</Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit((v) => setSentFor(v.email.trim()))}>
          <Stack spacing={2}>
            <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={!!formState.errors.email} helperText={formState.errors.email?.message} fullWidth />
            <Button type="submit" variant="contained" size="large">
              Send Reset Link
            </Button>
          </Stack>
        </Box>
      )}
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login/erp">
          Back to Log in
        </Link>
      </Typography>
    </TemplateCard>
  );
}
