import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, MenuItem, TextField } from '@mui/material';
import {
  INSTITUTE_TYPES,
  MSG,
  REGISTRATION_MODULES,
  REGISTRATION_ROLES,
  ZRegistrationForm,
  encryptText,
  needsDepartment,
  type TRegistration,
  type TRegistrationForm,
} from '@erp/shared';
import { PasswordField } from '../../components/common';
import { useAlert } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/college';
import { usePrograms, useSignUp } from './api';

type FormIn = z.input<typeof ZRegistrationForm>;

const EMPTY: FormIn = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  eamcetCode: '',
  collegeName: '',
  instituteType: '',
  affiliatedTo: '',
  role: '',
  department: '',
  promotions: false,
  modules: [],
};

/** A login module that is also a registration module (e.g. /register/erp) starts selected. */
function initialModules(module: string | undefined): TRegistrationForm['modules'] {
  const hit = REGISTRATION_MODULES.find((m) => m.toLowerCase() === (module ?? '').toLowerCase());
  return hit ? [hit] : [];
}

/** Institute-user registration (spec section 2): the password leaves the browser encrypted. */
export function SignUpForm({ module }: { module?: string }) {
  const config = useAppConfig();
  const alert = useAlert();
  const form = useForm<FormIn, unknown, TRegistrationForm>({ resolver: zodResolver(ZRegistrationForm), defaultValues: { ...EMPTY, modules: initialModules(module) } });
  const { register, control, handleSubmit, watch, formState } = form;
  const instituteType = watch('instituteType');
  const role = watch('role');
  const showDepartment = needsDepartment(role);
  const programs = usePrograms(showDepartment);
  const signUp = useSignUp();
  const open = config.data?.selfRegistrationOpen === true;

  const onSubmit = async (v: TRegistrationForm) => {
    if (!config.data) return;
    try {
      const res = await signUp.mutateAsync({
        username: v.username.trim(),
        email: v.email.trim(),
        password: encryptText(v.password, config.data.cipherKey),
        role: [v.role.toLowerCase()],
        instituteType: v.instituteType as TRegistration['instituteType'],
        eamcetCode: v.eamcetCode.trim(),
        collegeName: v.collegeName.trim(),
        affiliatedTo: v.instituteType === 'affiliated' ? v.affiliatedTo.trim() : '',
        fullName: v.fullName.trim(),
        department: showDepartment ? v.department : '',
        signInType: '',
        module: v.modules.join(','),
      });
      await alert({
        kind: 'success',
        title: res.message || MSG.registrationSuccess,
        text: 'The college administrator will approve your account before you can sign in.',
      });
      window.location.reload();
    } catch (e) {
      await alert({ kind: 'error', title: MSG.oops, text: e instanceof ApiError || e instanceof Error ? e.message : String(e) });
    }
  };

  const err = (name: keyof FormIn) => ({
    error: Boolean(formState.errors[name]),
    helperText: formState.errors[name]?.message as string | undefined,
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Institute-user registration">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Full Name" required autoComplete="name" {...register('fullName')} {...err('fullName')} />
        <TextField label="User Name" required autoComplete="username" {...register('username')} {...err('username')} />
        <TextField label="Email Address" required type="email" autoComplete="email" {...register('email')} {...err('email')} />
        <PasswordField label="Password" required autoComplete="new-password" {...register('password')} {...err('password')} />
        <TextField label="Eamcet Code of the College" required {...register('eamcetCode')} {...err('eamcetCode')} />
        <TextField label="Name of the College" required {...register('collegeName')} {...err('collegeName')} />
        <Controller
          name="instituteType"
          control={control}
          render={({ field }) => (
            <TextField select label="InstituteType" required {...field} {...err('instituteType')}>
              {INSTITUTE_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {instituteType === 'affiliated' && (
          <TextField label="Affiliated To / University" required {...register('affiliatedTo')} {...err('affiliatedTo')} />
        )}
        <Controller
          name="role"
          control={control}
          render={({ field }) => (
            <TextField select label="Role" required {...field} {...err('role')}>
              {REGISTRATION_ROLES.map((r) => (
                <MenuItem key={r.label} value={r.label}>
                  {r.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {showDepartment && (
          <Controller
            name="department"
            control={control}
            render={({ field }) => (
              <TextField select label="Department" required {...field} {...err('department')}>
                {(programs.data ?? []).map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        <Controller
          name="modules"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Select Module"
              required
              {...err('modules')}
              value={field.value}
              onChange={(e) => field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as string[]).map((m) => (
                        <Chip key={m} label={m} size="small" />
                      ))}
                    </Box>
                  ),
                },
              }}
            >
              {REGISTRATION_MODULES.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox {...register('promotions')} />}
        label="I want to receive inspiration, marketing promotions and updates via email."
      />
      {config.data && !open && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Self-registration is closed for this college. Please contact the college administrator.
        </Alert>
      )}
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={!open || signUp.isPending}>
        Create User
      </Button>
    </Box>
  );
}
