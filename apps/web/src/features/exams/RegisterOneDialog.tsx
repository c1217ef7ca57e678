import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TextField } from '@mui/material';
import { ZRegisterRequest, type TExam, type TRegisterRequest } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { useRegister } from './api';
import { codesOf } from './format';

/** The exam cell registers one student: the roll number and, for a supplementary paper, its backlog codes. */
export function RegisterOneDialog({ exam, open, onClose }: { exam: TExam; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const register = useRegister(exam.id);
  const [codes, setCodes] = useState('');
  const form = useForm<TRegisterRequest, unknown, z.output<typeof ZRegisterRequest>>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: { rollNo: '', backlogs: [] },
  });
  const close = () => {
    form.reset({ rollNo: '', backlogs: [] });
    setCodes('');
    register.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await register.mutateAsync({ rollNo: v.rollNo, backlogs: v.backlogs?.length ? v.backlogs : undefined });
      if (r.skipped.length) toast.warning(r.skipped.map((s) => `${s.rollNo}: ${s.reason}`).join('; '));
      else toast.success(r.message);
      close();
    } catch {
      /* the server's message is shown in the dialog */
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="register-one-title"
      title="Register one student"
      onSubmit={submit}
      error={register.error ? errorText(register.error) : undefined}
      errorTestId="register-one-error"
      submitLabel="Register"
      busy={register.isPending}
      spinner
    >
      <TextField
        label="Roll number"
        size="small"
        required
        autoFocus
        {...form.register('rollNo')}
        error={Boolean(form.formState.errors.rollNo)}
        helperText={form.formState.errors.rollNo?.message ?? ' '}
        slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
      />
      <Controller
        control={form.control}
        name="backlogs"
        render={({ field, fieldState }) => (
          <TextField
            label="Backlog subject codes"
            size="small"
            multiline
            minRows={2}
            value={codes}
            onChange={(e) => {
              setCodes(e.target.value);
              field.onChange(codesOf(e.target.value));
            }}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              (exam.kind === 'supplementary'
                ? 'The failed subjects this student writes again, separated by commas'
                : 'Only for backlogs written with this exam; the regular papers are registered on their own')
            }
          />
        )}
      />
    </FormDialog>
  );
}
