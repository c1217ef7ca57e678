import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { ZParentRegister, ZParentVerify, type TParentRegisterStarted } from '@erp/shared';
import { PublicShell, PasswordField } from '../../components/common';
import { useRegisterParent, useVerifyParent } from './api';

const ZVerifyForm = ZParentVerify.omit({ requestId: true });

/** /parent/register: a parent proves the link with the roll number and a code mailed to the contact on record. */
export function ParentRegisterPage() {
  const [started, setStarted] = useState<TParentRegisterStarted | null>(null);
  const [done, setDone] = useState<{ username: string; message: string } | null>(null);
  const start = useRegisterParent();
  const verify = useVerifyParent();
  const first = useForm<z.input<typeof ZParentRegister>>({ resolver: zodResolver(ZParentRegister), defaultValues: { rollNo: '' } });
  const second = useForm<z.input<typeof ZVerifyForm>>({ resolver: zodResolver(ZVerifyForm), defaultValues: { code: '', fullName: '', password: '' } });
  const e1 = first.formState.errors;
  const e2 = second.formState.errors;
  return (
    <PublicShell maxWidth="sm">
      <Typography variant="h5" component="h1" gutterBottom>
        Parent Registration
      </Typography>
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success">{done.message}</Alert>
          <Button component={RouterLink} to="/login/parent" variant="contained">
            Sign in
          </Button>
        </Stack>
      ) : !started ? (
        <form
          noValidate
          onSubmit={first.handleSubmit((v) =>
            start.mutateAsync(v).then(setStarted, (e: Error) => first.setError('root', { message: e.message })),
          )}
        >
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Enter your child's roll number. We send a 6-digit code to the parent email on the college's admission record.
            </Typography>
            <TextField label="Student roll number" {...first.register('rollNo')} error={!!e1.rollNo} helperText={e1.rollNo?.message} />
            {e1.root && <Alert severity="error">{e1.root.message}</Alert>}
            <Button type="submit" variant="contained" disabled={start.isPending}>
              Send code
            </Button>
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={second.handleSubmit((v) =>
            verify.mutateAsync({ ...v, requestId: started.requestId }).then(setDone, (e: Error) => second.setError('root', { message: e.message })),
          )}
        >
          <Stack spacing={2}>
            <Alert severity="info">{started.message} It is valid for {started.expiresInMinutes} minutes.</Alert>
            <TextField label="Code" inputMode="numeric" {...second.register('code')} error={!!e2.code} helperText={e2.code?.message} />
            <TextField label="Your name" {...second.register('fullName')} error={!!e2.fullName} helperText={e2.fullName?.message} />
            <PasswordField label="Choose a password" {...second.register('password')} error={!!e2.password} helperText={e2.password?.message} />
            {e2.root && <Alert severity="error">{e2.root.message}</Alert>}
            <Button type="submit" variant="contained" disabled={verify.isPending}>
              Register
            </Button>
          </Stack>
        </form>
      )}
    </PublicShell>
  );
}
