import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { LOGIN_MODULES, MSG, type TChangePasswordResponse } from '@erp/shared';
import { PasswordField } from '../../components/common';
import { useAlert, useToast } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { signInAfterPasswordChange } from '../../lib/return-to';
import { STORED_MODULE_KEY, clearSession, getSessionUser } from '../../lib/session';
import { useChangePassword } from './api';
import { validatePasswordChange, type Errors, type Field } from './password-rules';

/** The sign-in page of the module the user came in by (the general one when unknown). */
function signInModule(): string {
  const stored = sessionStorage.getItem(STORED_MODULE_KEY) ?? localStorage.getItem(STORED_MODULE_KEY) ?? '';
  return (LOGIN_MODULES as readonly string[]).includes(stored) ? stored : 'erp';
}

/**
 * /app/reset Password: change the signed-in user's password. The server then refuses every
 * earlier session of the account, this one included, so the user is signed out here and sent to
 * the sign-in page, which says why.
 */
export function ResetPasswordPage() {
  const user = getSessionUser();
  const toast = useToast();
  const alert = useAlert();
  const [values, setValues] = useState<Record<Field, string>>({ oldpassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();

  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setErrors((er) => ({ ...er, [f]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.values(found).includes(MSG.fillAsPerInstructions)) toast.error(MSG.fillAsPerInstructions);
    if (Object.keys(found).length > 0 || !user) return;
    let result: { status: number; message: string };
    try {
      result = await change.mutateAsync({
        username: user.username,
        oldpassword: values.oldpassword,
        newPassword: values.newPassword,
      });
    } catch (err) {
      // A refused change answers status 0 with the server's message.
      const body = err instanceof ApiError ? (err.body as Partial<TChangePasswordResponse> | null) : null;
      result = { status: 0, message: body?.message ?? (err instanceof Error ? err.message : String(err)) };
    }
    if (result.status !== 1) {
      await alert({ kind: 'error', title: MSG.oops, text: result.message });
      return;
    }
    await alert({ kind: 'success', title: result.message || MSG.passwordUpdated });
    const module = signInModule();
    clearSession();
    window.location.assign(signInAfterPasswordChange(module));
  };

  const field = (f: Field, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      required
      fullWidth
      autoComplete={autoComplete}
      value={values[f]}
      onChange={set(f)}
      error={Boolean(errors[f])}
      helperText={errors[f]}
      name={f}
    />
  );

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ width: '100%', maxWidth: 480, borderRadius: 3 }}>
        <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h5" component="h1">
            Reset Password
          </Typography>
          <TextField label="User Name" value={user?.username ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
          {field('oldpassword', 'Old Password', 'current-password')}
          {field('newPassword', 'New Password', 'new-password')}
          {field('confirmPassword', 'Confirm Password', 'new-password')}
          <Alert severity="info" icon={false} data-testid="password-instructions">
            {MSG.passwordInstructions}
          </Alert>
          <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
            Reset
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
