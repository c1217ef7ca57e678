import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A drop-down of a react-hook-form form: its error on the field (never a toast), a required mark,
 * and no "Select" entry: empty shows only the label, so an empty value can be left but not chosen
 * and sent. `message` replaces the schema's wording when that is technical (e.g. a number id).
 */
export function FormSelect<TForm extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  message,
  helperText = ' ',
  ...rest
}: {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  message?: string;
  helperText?: string;
} & Omit<TextFieldProps, 'select' | 'name' | 'label' | 'value' | 'onChange' | 'required' | 'helperText'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          {...rest}
          label={label}
          required={required}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? (message ?? fieldState.error.message) : helperText}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
