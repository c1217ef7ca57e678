import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { toPaise } from './format';

const textOf = (paise: number) => (Number.isFinite(paise) && paise > 0 ? String(paise / 100) : '');

/**
 * A rupee amount typed by a person, kept in the form as paise. Text that is not an amount is
 * handed on as NaN, so the schema's number check names the field.
 */
export function RupeeField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: number | undefined; onChange: (paise: number) => void }) {
  const [text, setText] = useState(textOf(value ?? 0));
  const [last, setLast] = useState(value);
  // a value set from outside (a reset) replaces what was typed
  if (!Object.is(value, last)) {
    setLast(value);
    if (toPaise(text) !== value) setText(textOf(value ?? 0));
  }
  return (
    <TextField
      size="small"
      {...props}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        setText(e.target.value);
        const p = toPaise(e.target.value);
        setLast(p);
        onChange(p);
      }}
      slotProps={{ input: { startAdornment: <span style={{ marginRight: 4 }}>₹</span> } }}
    />
  );
}
