import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Skeleton, Typography, type AlertColor } from '@mui/material';
import { NoPermission, isNoPermission } from '../lib/authorization';

/** What QueryState reads of a TanStack query. */
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A query's loading, failed (the server's message, with Retry) and empty states; otherwise the children.
 * Loading is a skeleton of `height`, or a centred spinner with `spinner`.
 */
export function QueryState(props: {
  query: QueryLike;
  children: ReactNode;
  /** the skeleton's height while loading */
  height?: number;
  /** a spinner in place of the skeleton */
  spinner?: boolean;
  /** nothing to show: the empty text instead of the children */
  empty?: boolean;
  emptyText?: ReactNode;
  /** how the failure is shown, e.g. 'info' for a refusal that is not a fault */
  errorSeverity?: AlertColor;
}) {
  const { query } = props;
  if (query.isPending)
    return props.spinner ? (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }} role="status" aria-label="Loading">
        <CircularProgress size={28} />
      </Box>
    ) : (
      <Skeleton variant="rounded" height={props.height ?? 120} data-testid="loading" />
    );
  // a role refusal: asking again would be refused again, so say who may open it and lead home
  if (query.isError && isNoPermission(query.error)) return <NoPermission />;
  if (query.isError)
    return (
      <Alert
        severity={props.errorSeverity ?? 'error'}
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {query.error?.message || 'Could not load'}
      </Alert>
    );
  if (props.empty)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {props.emptyText ?? 'Nothing to show.'}
      </Typography>
    );
  return <>{props.children}</>;
}
