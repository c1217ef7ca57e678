import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import type { RecordDef } from './records';

/** Add or edit one record; the same zod schema as the API checks it before sending. */
export function RecordDialog(props: {
  def: RecordDef;
  initial: Record<string, unknown> | null;
  editing: boolean;
  onClose: () => void;
  onSave: (values: unknown) => Promise<boolean>;
  /** the save mutation is running */
  saving: boolean;
}) {
  const { def, initial } = props;
  const [v, setV] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setV(initial ? { ...def.empty, ...initial } : {});
    setErrors({});
  }, [initial, def]);

  const save = async () => {
    const parsed = def.schema.safeParse(v);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error?.issues ?? []) found[String(i.path[0])] ??= i.message;
      setErrors(found);
      return;
    }
    if (await props.onSave(v)) props.onClose();
  };

  return (
    <Dialog open={initial !== null} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="record-dialog-title">
      <DialogTitle id="record-dialog-title">{`${props.editing ? 'Edit' : 'New'} ${def.singular}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {def.fields.map((f) =>
            f.type === 'checkbox' ? (
              <FormControlLabel
                key={f.name}
                label={f.label}
                control={
                  <Checkbox checked={Boolean(v[f.name])} onChange={(e) => setV((s) => ({ ...s, [f.name]: e.target.checked }))} />
                }
              />
            ) : (
              <TextField
                key={f.name}
                label={f.label}
                required={f.required}
                type={f.type}
                fullWidth
                value={String(v[f.name] ?? '')}
                onChange={(e) => {
                  setV((s) => ({ ...s, [f.name]: e.target.value }));
                  setErrors((er) => ({ ...er, [f.name]: '' }));
                }}
                error={Boolean(errors[f.name])}
                helperText={errors[f.name] || undefined}
                slotProps={
                  f.type === 'date'
                    ? { inputLabel: { shrink: true } }
                    : f.type === 'number'
                      ? { htmlInput: { min: 0, step: 1 } }
                      : undefined
                }
              />
            ),
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button variant="contained" onClick={save} disabled={props.saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
