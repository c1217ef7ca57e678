import { Alert, Button } from '@mui/material';

/** A failed call: the server's message and a retry, never an empty list. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {error instanceof Error ? error.message : 'Could not load'}
    </Alert>
  );
}
