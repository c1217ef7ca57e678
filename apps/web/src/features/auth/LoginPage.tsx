import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { LOGIN_MODULES, MODULES_WITHOUT_SIGNUP, MSG, PATHS } from '@erp/shared';
import { Link as RouterLink } from 'react-router';
import { NotFoundPage, PageLoading, PublicShell } from '../../components/common';
import { useSlots } from '../../components/slots';
import { LoginForm } from './LoginForm';
import { moduleTitle } from '../../lib/sign-in';
import { NEXT_PARAM, PASSWORD_CHANGED, REASON_PARAM, SIGNED_OUT_REASON, safeNext } from '../../lib/return-to';

/** /login/{module}: sign in, or switch to the registration view (not for Student and Faculty). */
export function LoginPage() {
  const { module = 'erp' } = useParams();
  const [signUp, setSignUp] = useState(false);
  // the Sign Up view's code loads when it is opened (or about to be), not with the login form
  const [wantSignUp, setWantSignUp] = useState(false);
  const { SignUpView, loaded } = useSlots(wantSignUp || signUp);
  const [params] = useSearchParams();
  const returning = safeNext(params.get(NEXT_PARAM)) !== null;
  const passwordChanged = params.get(REASON_PARAM) === PASSWORD_CHANGED;
  if (!(LOGIN_MODULES as readonly string[]).includes(module)) return <NotFoundPage />;
  const canSignUp = !MODULES_WITHOUT_SIGNUP.includes(module);
  const showSignUp = canSignUp && signUp;

  return (
    <PublicShell bare maxWidth={showSignUp ? 'md' : 'sm'}>
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Card sx={{ width: '100%', maxWidth: showSignUp ? 900 : 350, borderRadius: 3, boxShadow: '0 18px 50px rgba(13,60,140,0.12)' }}>
          <Box sx={{ height: 6, background: (t) => `linear-gradient(90deg, ${t.palette.primary.main}, ${t.palette.secondary.main})` }} />
          <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              <Box sx={{ width: 52, height: 52, mx: 'auto', mb: 1.5, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: '#fff' }}>
                <LockOutlined />
              </Box>
              <Typography variant="h5" component="h1">
                {showSignUp ? 'Sign Up' : `${moduleTitle(module)} Login`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {showSignUp ? 'Register as an institute user' : 'Sign in with your college account'}
              </Typography>
            </Box>
            {passwordChanged && !showSignUp && (
              <Alert severity="success" sx={{ mb: 2 }} data-testid="signin-reason">
                {MSG.passwordChangedSignInAgain}
              </Alert>
            )}
            {returning && !passwordChanged && !showSignUp && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="signin-reason">
                {SIGNED_OUT_REASON}
              </Alert>
            )}
            {showSignUp ? (
              SignUpView ? (
                <SignUpView module={module} />
              ) : !loaded ? (
                <PageLoading />
              ) : (
                <Box sx={{ textAlign: 'center' }}>
                  <Button component={RouterLink} to={`${PATHS.register}/${encodeURIComponent(module)}`} variant="contained">
                    Open the registration form
                  </Button>
                </Box>
              )
            ) : (
              <LoginForm />
            )}
            {canSignUp && (
              <>
                <Divider sx={{ my: 2.5 }} />
                <Typography variant="body2" align="center" color="text.secondary">
                  {showSignUp ? 'Already have an account?' : 'New to the portal?'}{' '}
                  <Button size="small" onClick={() => setSignUp((s) => !s)} onPointerEnter={() => setWantSignUp(true)} onFocus={() => setWantSignUp(true)} aria-pressed={showSignUp}>
                    {showSignUp ? 'Log in' : 'Sign Up'}
                  </Button>
                </Typography>
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    </PublicShell>
  );
}
