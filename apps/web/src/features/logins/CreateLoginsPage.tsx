import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { ADMIN_ROLES, MSG, type TFacultyLoginId, type TLoginTarget } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { NoPermission, useCan } from '../../lib/authorization';
import { useCreateLogins, type CreateLogins } from './api';
import { CredentialsList } from './CredentialsList';
import { ResetPasswordCard } from './ResetPasswordCard';
import { outcomeOf, type Outcome } from './messages';

/** /createLogins: accounts for students (roll number) or faculty (email or employee code). */
export function CreateLoginsPage() {
  const admin = useCan(ADMIN_ROLES);
  const toast = useToast();
  const [target, setTarget] = useState<TLoginTarget>('student');
  const [by, setBy] = useState<TFacultyLoginId | ''>('');
  const [byError, setByError] = useState('');
  const create = useCreateLogins();
  const busy = create.isPending;
  // The outcome shown is the last call's, for the target it was made for.
  const outcome: Outcome | null =
    create.variables?.target !== target || create.isPending || create.isIdle
      ? null
      : outcomeOf(target, create.data ?? null, create.error ?? undefined);

  if (!admin) return <NoPermission roles={ADMIN_ROLES} />;

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const vars: CreateLogins | null = target === 'student' ? { target } : by ? { target, by } : null;
    if (!vars) {
      setByError(MSG.selectEmailOrEmpCode);
      toast.error(MSG.selectEmailOrEmpCode);
      return;
    }
    create.mutate(vars, {
      onSettled: (data, err) => {
        const result = outcomeOf(target, data ?? null, err ?? undefined);
        if (result.ok) toast.success(result.text);
        else toast.error(result.text);
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 760, mx: 'auto' }}>
      <Card sx={{ borderRadius: 3 }}>
        <CardContent
          component="form"
          noValidate
          onSubmit={onCreate}
          aria-label="Create Logins"
          sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2 }}
        >
          <Typography variant="h5" component="h1">
            Create Logins
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Creates an account for everyone who has none, with a random password that must be changed at first sign-in. The new
            passwords can be downloaded once, as an Excel sheet.
          </Typography>
          <FormControl>
            <FormLabel id="login-target-label">Create logins for</FormLabel>
            <RadioGroup
              row
              aria-labelledby="login-target-label"
              name="target"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value as TLoginTarget);
                create.reset();
              }}
            >
              <FormControlLabel value="student" control={<Radio />} label="Students" />
              <FormControlLabel value="faculty" control={<Radio />} label="Faculty" />
            </RadioGroup>
          </FormControl>
          {target === 'faculty' && (
            <FormControl error={Boolean(byError)}>
              <FormLabel id="login-by-label">Faculty username</FormLabel>
              <RadioGroup
                row
                aria-labelledby="login-by-label"
                name="considerMailOrEmpcode"
                value={by}
                onChange={(e) => {
                  setBy(e.target.value as TFacultyLoginId);
                  setByError('');
                }}
              >
                <FormControlLabel value="email" control={<Radio />} label="Email" />
                <FormControlLabel value="empcode" control={<Radio />} label="EmpCode" />
              </RadioGroup>
              {byError && <FormHelperText data-testid="login-by-error">{byError}</FormHelperText>}
            </FormControl>
          )}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {target === 'student' ? 'Create Student Logins' : 'Create Faculty Logins'}
            </Button>
            {busy && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
                <CircularProgress size={20} aria-hidden />
                <Typography variant="body2">Creating logins… hundreds of accounts can take a minute.</Typography>
              </Box>
            )}
          </Box>
          {outcome && (
            <Alert severity={outcome.ok ? 'success' : 'error'} data-testid="login-outcome">
              {outcome.text}
            </Alert>
          )}
        </CardContent>
      </Card>
      <CredentialsList />
      <ResetPasswordCard />
    </Box>
  );
}
