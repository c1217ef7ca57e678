import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Skeleton, Typography, type AlertColor } from '@mui/material';
import { NoPermission, isNoPermission } from '../lib/authorization';

/** What QueryState reads of a TanStack query. */
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  /** pending but not 'fetching': the query waits for its input (disabled) or for the network (offline) */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  /** an earlier answer, kept when a later refresh fails */
  data?: unknown;
}

/**
 * A query's loading, failed (the server's message, with Retry) and empty states; otherwise the children.
 * Loading is a skeleton of `height`, or a centred spinner with `spinner`. A query that is not asked
 * yet (disabled until a field is filled in, or offline) shows the children, which have no data to show. A refresh
 * that fails after an earlier answer shows the failure above the children, so a form being filled in stays.
 */
export function QueryState(props: {
  query: QueryLike;
  children?: ReactNode;
  /** the skeleton's height while loading */
  height?: number;
  /** a spinner in place of the skeleton */
  spinner?: boolean;
  /** the spinner's name for screen readers, e.g. 'Checking the memo' */
  loadingLabel?: string;
  /** nothing to show: the empty text instead of the children */
  empty?: boolean;
  emptyText?: ReactNode;
  /** what failed to load: the failure then reads "Could not load {what}: {message}" */
  what?: string;
  /** how the failure is shown, e.g. 'info' for a refusal that is not a fault */
  errorSeverity?: AlertColor;
  /** the page's own words for a failure that is an answer, e.g. a verification's "Not genuine" */
  failure?: (error: Error) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending && (query.fetchStatus ?? 'fetching') === 'fetching')
    return props.spinner ? (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }} role="status" aria-label={props.loadingLabel ?? 'Loading'}>
        <CircularProgress size={28} />
      </Box>
    ) : (
      <Skeleton variant="rounded" height={props.height ?? 120} data-testid="loading" />
    );
  if (query.isError && query.error && props.failure) return <>{props.failure(query.error)}</>;
  // a role refusal: asking again would be refused again, so say who may open it and lead home
  if (query.isError && isNoPermission(query.error)) return <NoPermission />;
  if (query.isError) {
    const message = query.error?.message || 'Could not load';
    const failure = (
      <Alert
        severity={props.errorSeverity ?? 'error'}
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {props.what ? `Could not load ${props.what}: ${message}` : message}
      </Alert>
    );
    if (query.data === undefined) return failure;
    return (
      <>
        {failure}
        {props.children}
      </>
    );
  }
  if (props.empty)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {props.emptyText ?? 'Nothing to show.'}
      </Typography>
    );
  return <>{props.children}</>;
}
