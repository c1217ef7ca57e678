import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, type ButtonProps } from '@mui/material';

/**
 * A form in a dialog: the title, what the form failed with (the server's message), the fields,
 * Cancel and the submit button (off while the call is out, with a spinner if asked).
 */
export function FormDialog(props: {
  open: boolean;
  onClose: () => void;
  /** the title's element id, which names the dialog */
  titleId: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the form's failure, shown above the fields */
  error?: string;
  errorSeverity?: 'error' | 'warning';
  /** the failure's test id */
  errorTestId?: string;
  /** shown above the failure, e.g. what the student owes */
  intro?: ReactNode;
  submitLabel: ReactNode;
  /** the button that closes without submitting ("Cancel" unless said: "Keep pass" beside "Cancel pass") */
  cancelLabel?: ReactNode;
  submitColor?: ButtonProps['color'];
  busy: boolean;
  /** a spinner in the submit button while busy */
  spinner?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth={props.maxWidth ?? 'sm'} aria-labelledby={props.titleId}>
      <form onSubmit={props.onSubmit} noValidate>
        <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.intro}
            {props.error && <Alert severity={props.errorSeverity ?? 'error'} data-testid={props.errorTestId}>{props.error}</Alert>}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{props.cancelLabel ?? 'Cancel'}</Button>
          <Button type="submit" variant="contained" color={props.submitColor} disabled={props.busy} loading={props.spinner && props.busy}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
