import { useMemo } from 'react';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { TOAST_MS } from '@erp/shared';
import { useToast } from '../../components/feedback';

/** Toasts on the admission forms close after 3000 ms (spec section 9). Stable, so handlers using it can be too. */
export function useAdmissionToast() {
  const toast = useToast();
  return useMemo(() => {
    const opts = { autoClose: TOAST_MS.admission };
    return {
      success: (m: string) => toast.success(m, opts),
      error: (m: string) => toast.error(m, opts),
      info: (m: string) => toast.info(m, opts),
    };
  }, [toast]);
}

type SelectProps = Omit<TextFieldProps, 'select' | 'onChange' | 'value'> & {
  value: string;
  options: readonly string[] | undefined;
  onValue: (v: string) => void;
  loading?: boolean;
};

/**
 * A labelled drop-down; keeps a value that is not (yet) in its options visible. Empty shows just the
 * label: "Select" is no choice, so an empty value can only be left, never picked and sent.
 */
export function SelectField({ value, options, onValue, loading, helperText, ...rest }: SelectProps) {
  const list = options ?? [];
  const all = value && !list.includes(value) ? [value, ...list] : list;
  return (
    <TextField
      select
      fullWidth
      size="small"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      helperText={loading ? 'Loading…' : helperText}
      {...rest}
    >
      {all.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
}
