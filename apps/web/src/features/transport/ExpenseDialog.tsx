import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, TextField } from '@mui/material';
import { EXPENSE_CATEGORIES, ZExpenseInput, type TExpense, type TExpenseInput, type TVehicle } from '@erp/shared';
import { FormDialog } from '../../components/FormDialog';
import { useAddExpense } from './api';
import { errorText } from './common';
import { categoryLabel, todayIso, toPaise } from './format';

interface FormIn {
  vehicleId: number | '';
  category: (typeof EXPENSE_CATEGORIES)[number];
  expenseDate: string;
  amount: string;
  litres: string;
  odometerKm: string;
  description: string;
  billNo: string;
}
const empty = (): FormIn => ({
  vehicleId: '',
  category: 'fuel',
  expenseDate: todayIso(),
  amount: '',
  litres: '',
  odometerKm: '',
  description: '',
  billNo: '',
});

const zod = zodResolver(ZExpenseInput);
/** The amount is typed in rupees and sent in paise; litres and odometer only for fuel. */
const resolver: Resolver<FormIn, unknown, TExpenseInput> = (v, ctx, opts) =>
  zod(
    {
      ...v,
      vehicleId: v.vehicleId === '' ? undefined : v.vehicleId,
      amount: toPaise(v.amount),
      litres: v.category === 'fuel' && v.litres !== '' ? v.litres : undefined,
      odometerKm: v.category === 'fuel' && v.odometerKm !== '' ? v.odometerKm : undefined,
    },
    ctx,
    opts as never,
  ) as never;

/** Record a vehicle expense; a fuel entry's km per litre is computed by the server and odd fills flagged. */
export function ExpenseDialog({
  open,
  vehicles,
  onClose,
  onSaved,
}: {
  open: boolean;
  vehicles: TVehicle[];
  onClose: () => void;
  onSaved: (e: TExpense) => void;
}) {
  const add = useAddExpense();
  const form = useForm<FormIn, unknown, TExpenseInput>({ resolver, defaultValues: empty() });
  const { register, control, handleSubmit, reset, watch, formState } = form;
  const errors = formState.errors;
  const category = watch('category');
  useEffect(() => {
    if (!open) return;
    reset(empty());
    add.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  const submit = handleSubmit((body) => add.mutate(body, { onSuccess: onSaved }));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      titleId="expense-dialog-title"
      title="Add an expense"
      onSubmit={submit}
      error={add.isError ? errorText(add.error) : undefined}
      errorTestId="expense-error"
      submitLabel="Save"
      busy={add.isPending}
      spinner
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          name="vehicleId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Vehicle"
              size="small"
              required
              {...field}
              error={Boolean(errors.vehicleId)}
              helperText={errors.vehicleId?.message}
              slotProps={{ htmlInput: { 'data-testid': 'expense-vehicle' } }}
            >
              {vehicles
                .filter((v) => v.status === 'active')
                .map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.regNo}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
        <Controller
          name="category"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Category"
              size="small"
              required
              {...field}
              error={Boolean(errors.category)}
              helperText={errors.category?.message}
              slotProps={{ htmlInput: { 'data-testid': 'expense-category' } }}
            >
              {EXPENSE_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {categoryLabel(c)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Date"
          type="date"
          size="small"
          required
          {...register('expenseDate')}
          error={Boolean(errors.expenseDate)}
          helperText={errors.expenseDate?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
        />
        <TextField
          label="Amount (₹)"
          size="small"
          required
          inputMode="decimal"
          {...register('amount')}
          error={Boolean(errors.amount)}
          helperText={errors.amount?.message}
          slotProps={{ htmlInput: { 'data-testid': 'expense-amount' } }}
        />
        {category === 'fuel' && (
          <>
            <TextField
              label="Litres"
              size="small"
              required
              inputMode="decimal"
              {...register('litres')}
              error={Boolean(errors.litres)}
              helperText={errors.litres?.message}
              slotProps={{ htmlInput: { 'data-testid': 'expense-litres' } }}
            />
            <TextField
              label="Odometer (km)"
              size="small"
              required
              inputMode="numeric"
              {...register('odometerKm')}
              error={Boolean(errors.odometerKm)}
              helperText={errors.odometerKm?.message ?? 'Fill the tank full: km per litre is worked out from the last fill'}
              slotProps={{ htmlInput: { 'data-testid': 'expense-odometer' } }}
            />
          </>
        )}
        <TextField
          label="Bill number"
          size="small"
          {...register('billNo')}
          error={Boolean(errors.billNo)}
          helperText={errors.billNo?.message}
        />
        <TextField
          label="Description"
          size="small"
          {...register('description')}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
        />
      </Box>
    </FormDialog>
  );
}
