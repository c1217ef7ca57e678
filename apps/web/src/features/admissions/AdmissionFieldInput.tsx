import { TextField } from '@mui/material';
import type { FormField } from './admission-form';
import { SelectField } from './form-controls';

/** One field of an admission form, drawn from its definition: a drop-down or a text/date box. */
export function AdmissionFieldInput({
  field,
  idPrefix,
  value,
  options,
  loading,
  disabled,
  onChange,
  onBlur,
  error,
}: {
  field: FormField;
  idPrefix: string;
  value: string;
  /** the drop-down's options, resolved from field.options */
  options?: readonly string[];
  loading?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** the field's validation message, shown under it */
  error?: string;
}) {
  const id = `${idPrefix}-${field.name}`;
  const label = `${field.label}${field.required ? ' *' : ''}`;
  if (field.options) {
    return (
      <SelectField
        id={id}
        label={label}
        value={value}
        options={options}
        loading={loading}
        disabled={disabled}
        helperText={error ?? field.helperText}
        error={Boolean(error)}
        onValue={onChange}
      />
    );
  }
  return (
    <TextField
      fullWidth
      size="small"
      id={id}
      label={label}
      type={field.date ? 'date' : 'text'}
      value={value}
      disabled={disabled}
      helperText={error ?? field.helperText}
      error={Boolean(error)}
      slotProps={{
        inputLabel: field.date ? { shrink: true } : undefined,
        input: field.readOnly ? { readOnly: true } : undefined,
        htmlInput:
          field.numeric || field.maxLength
            ? { inputMode: field.numeric ? 'numeric' : undefined, maxLength: field.maxLength }
            : undefined,
      }}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}
