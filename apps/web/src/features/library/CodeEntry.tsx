import { useState, type FormEvent, type Ref } from 'react';
import { Box, Button, TextField } from '@mui/material';

/**
 * A code typed or scanned (a barcode scanner types it and Enter) and the button that takes it, on
 * one line that wraps on a phone. Submitting hands on the trimmed text; an empty box does nothing.
 */
export function CodeEntry(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (code: string) => void;
  button: string;
  testId: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = props.value.trim();
    if (code) props.onSubmit(code);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        inputRef={props.inputRef}
        autoFocus
        inputProps={{ 'data-testid': props.testId }}
        sx={{ flex: '1 1 280px' }}
      />
      <Button type="submit" variant="contained" disabled={props.disabled}>
        {props.button}
      </Button>
    </Box>
  );
}

/** Finding a patron by the code typed or scanned (upper-cased): the desk's and the overrides' search. */
export function PatronSearch({ label, testId, onFind }: { label: string; testId: string; onFind: (code: string) => void }) {
  const [input, setInput] = useState('');
  return (
    <CodeEntry
      label={label}
      value={input}
      onChange={setInput}
      onSubmit={(code) => onFind(code.toUpperCase())}
      button="Find patron"
      testId={testId}
    />
  );
}
