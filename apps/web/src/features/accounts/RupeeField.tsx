import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { toPaise, toRupeeText } from './format';

/** A rupee amount typed by a person, kept in the form as paise. */
export function RupeeField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: number; onChange: (paise: number) => void }) {
  const [text, setText] = useState(toRupeeText(value));
  const [last, setLast] = useState(value);
  // A value set from outside (a reset, a suggested amount) replaces what was typed.
  if (value !== last) {
    setLast(value);
    if (toPaise(text) !== value) setText(toRupeeText(value));
  }
  return (
    <TextField
      {...props}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        setText(e.target.value);
        const p = toPaise(e.target.value);
        setLast(Number.isNaN(p) ? 0 : p);
        onChange(Number.isNaN(p) ? 0 : p);
      }}
      slotProps={{ input: { startAdornment: <span style={{ marginRight: 4 }}>₹</span> } }}
    />
  );
}
