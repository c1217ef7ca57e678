import { TextField } from '@mui/material';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DATE_MSG } from '@erp/shared';

/** A range is reversed only when both ends are given and the last is before the first. */
export const isReversed = (from: string | null | undefined, to: string | null | undefined) => !!from && !!to && to < from;

interface Common {
  /** 'From' and 'To' unless said */
  fromLabel?: string;
  toLabel?: string;
  /** shown under To when it is before From; the schema's own wording where a form has one */
  reversedText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** Plain state: the two ends and one change handler. */
export interface PlainRangeProps extends Common {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}

/** A react-hook-form form: the two fields' names; their schema messages show under each field. */
export interface FormRangeProps<T extends FieldValues> extends Common {
  control: Control<T>;
  fromName: FieldPath<T>;
  toName: FieldPath<T>;
}

/**
 * Two date fields, From and To, with a message under To when it is before From. Renders the two
 * fields side by side as children of the caller's row or grid, so each takes one of its cells.
 */
export function DateRangeField<T extends FieldValues>(props: PlainRangeProps | FormRangeProps<T>) {
  return 'control' in props ? <FormRange {...props} /> : <PlainRange {...props} />;
}

function PlainRange({ from, to, onChange, ...rest }: PlainRangeProps) {
  return (
    <Fields
      {...rest}
      from={{ value: from, onChange: (v) => onChange({ from: v, to }) }}
      to={{ value: to, onChange: (v) => onChange({ from, to: v }) }}
    />
  );
}

function FormRange<T extends FieldValues>({ control, fromName, toName, ...rest }: FormRangeProps<T>) {
  const from = useController({ control, name: fromName });
  const to = useController({ control, name: toName });
  const end = (c: typeof from): End => ({
    value: (c.field.value as string | null | undefined) ?? '',
    onChange: c.field.onChange,
    onBlur: c.field.onBlur,
    inputRef: c.field.ref,
    error: c.fieldState.error?.message,
  });
  return <Fields {...rest} from={end(from)} to={end(to)} />;
}

interface End {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  error?: string;
}

function Fields({ from, to, fromLabel, toLabel, reversedText, ...field }: Common & { from: End; to: End }) {
  const reversed = isReversed(from.value, to.value) ? (reversedText ?? DATE_MSG.reversed('from date', 'to date')) : undefined;
  const toError = to.error ?? reversed;
  const input = (end: End, label: string, error: string | undefined) => (
    <TextField
      {...field}
      type="date"
      label={label}
      value={end.value}
      onChange={(e) => end.onChange(e.target.value)}
      onBlur={end.onBlur}
      inputRef={end.inputRef}
      error={!!error}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {input(from, fromLabel ?? 'From', from.error)}
      {input(to, toLabel ?? 'To', toError)}
    </>
  );
}
