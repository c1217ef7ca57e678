import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MSG } from '@erp/shared';
import { ApiError } from '../lib/api-client';
import { QueryState, type QueryLike } from './QueryState';

afterEach(cleanup);

const query = (q: Partial<QueryLike>): QueryLike => ({ isPending: false, isError: false, error: null, refetch: vi.fn(), ...q });
const show = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('QueryState', () => {
  it('shows a skeleton while loading, or a named spinner', () => {
    show(
      <QueryState query={query({ isPending: true, fetchStatus: 'fetching' })}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('loading')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
    cleanup();
    show(
      <QueryState spinner loadingLabel="Checking the memo" query={query({ isPending: true })}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Checking the memo' })).toBeTruthy();
  });

  it('shows the children of a query that waits for its input (disabled) or the network, not a spinner for ever', () => {
    show(
      <QueryState spinner query={query({ isPending: true, fetchStatus: 'idle' })}>
        <p>choose a section</p>
      </QueryState>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('choose a section')).toBeTruthy();
    cleanup();
    // offline: the query waits for the network, nothing is on its way
    show(
      <QueryState query={query({ isPending: true, fetchStatus: 'paused' })}>
        <p>offline</p>
      </QueryState>,
    );
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it("shows the server's message with a Retry that asks again, prefixed by what failed when named", () => {
    const refetch = vi.fn();
    show(
      <QueryState what="the published exams" query={query({ isError: true, error: new Error('The service is down'), refetch })}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load the published exams: The service is down');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.queryByText('rows')).toBeNull();
  });

  it('keeps the children under the failure when a refresh fails after an earlier answer', () => {
    show(
      <QueryState query={query({ isError: true, error: new Error('Network down'), data: { rows: 1 } })}>
        <p>half-filled form</p>
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Network down');
    expect(screen.getByText('half-filled form')).toBeTruthy();
  });

  it("shows the page's own words for a failure that is an answer", () => {
    show(
      <QueryState
        query={query({ isError: true, error: new Error('No such memo') })}
        failure={(e) => <p>Not genuine: {e.message}</p>}
      >
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByText('Not genuine: No such memo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a role refusal without a Retry', () => {
    show(
      <QueryState query={query({ isError: true, error: new ApiError(403, MSG.noPermission, null) })}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByTestId('no-permission')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the empty text when there is nothing, else the children', () => {
    show(
      <QueryState empty emptyText="No sheets yet." query={query({})}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByText('No sheets yet.')).toBeTruthy();
    cleanup();
    show(
      <QueryState query={query({})}>
        <p>rows</p>
      </QueryState>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
  });
});
