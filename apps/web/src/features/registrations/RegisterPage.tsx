import { useParams } from 'react-router';
import { Typography } from '@mui/material';
import { PublicShell } from '../../components/common';
import { SignUpForm } from './SignUpForm';

/** /register and /register/{module}: the registration form on its own page (footer with copyright). */
export function RegisterPage() {
  const { module } = useParams();
  return (
    <PublicShell maxWidth="md">
      <Typography variant="h5" component="h1" gutterBottom>
        Sign Up
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Register as an institute user. An administrator approves new accounts before they can sign in.
      </Typography>
      <SignUpForm module={module} />
    </PublicShell>
  );
}
