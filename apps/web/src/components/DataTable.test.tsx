import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, serialColumn, type DataColumn } from './DataTable';
import { useServerList } from './useServerList';

afterEach(cleanup);

interface Person {
  id: number;
  name: string;
}
const COLUMNS: Array<DataColumn<Person>> = [
  { key: 'id', header: 'No' },
  { key: 'name', header: 'Name' },
];

/** A page as a list page would write it: the server searches and pages, the table shows its answer. */
function ServerList({ fetchPage }: { fetchPage: (q: string, offset: number, limit: number) => Promise<{ items: Person[]; total: number }> }) {
  const list = useServerList({ pageSize: 2, debounceMs: 5, label: 'Search people' });
  const people = useQuery({
    queryKey: ['people', list.q, list.offset, list.limit],
    queryFn: () => fetchPage(list.q, list.offset, list.limit),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="People"
      columns={COLUMNS}
      rows={people.data?.items}
      rowKey={(r) => r.id}
      rowTestId={(r) => `person-${r.id}`}
      loading={people.isPending}
      refreshing={people.isPlaceholderData}
      error={people.error}
      onRetry={() => void people.refetch()}
      emptyText="No people match"
      search={list.search}
      paging={list.paging(people.data?.total)}
    />
  );
}

function mount(ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

// MUI's first render in jsdom takes seconds on a busy machine.
describe('DataTable', { timeout: 30_000 }, () => {
  it('sends what is typed to the server as q, from the first page, and shows the server answer unfiltered', async () => {
    // The "server": five people; it answers every search with Asha only when q is "asha".
    const everyone = ['Ravi', 'Sita', 'Arun', 'Meena', 'Gopal'].map((name, i) => ({ id: i + 1, name }));
    const fetchPage = vi.fn(async (q: string, offset: number, limit: number) => {
      const hits = q === 'asha' ? [{ id: 9, name: 'Asha Rani' }] : everyone;
      return { items: hits.slice(offset, offset + limit), total: hits.length };
    });
    mount(<ServerList fetchPage={fetchPage} />);
    await screen.findByTestId('person-1');
    expect(fetchPage).toHaveBeenLastCalledWith('', 0, 2);
    expect(screen.getByText('1–2 of 5')).toBeTruthy();

    // The second page is asked of the server: offset 2.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByTestId('person-3');
    expect(fetchPage).toHaveBeenLastCalledWith('', 2, 2);
    expect(screen.getByText('3–4 of 5')).toBeTruthy();

    // Typing goes back to the first page and asks the server with q (trimmed); the table keeps the
    // server's row although no cell on screen contained the text before.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: ' asha ' } });
    await screen.findByTestId('person-9');
    expect(fetchPage).toHaveBeenLastCalledWith('asha', 0, 2);
    expect(screen.queryByTestId('person-3')).toBeNull();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
  });

  it('shows a failed call as what happened with a retry, never as the empty state', async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new Error('The server is not answering');
      return { items: [], total: 0 };
    });
    mount(<ServerList fetchPage={fetchPage} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load people: The server is not answering');
    expect(screen.queryByText('No people match')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    // Retry: now the server answers an empty list, and only now the empty state shows.
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No people match');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('shows skeleton rows while the first answer is awaited, never the empty text or "0–0 of 0"', () => {
    mount(
      <DataTable label="People" columns={COLUMNS} rows={undefined} rowKey={(r) => r.id} loading emptyText="No people match" paging={10} />,
    );
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No people match')).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('filters the rows it holds when the search is its own (the whole list is on the page)', async () => {
    const rows = ['Ravi', 'Sita', 'Arun'].map((name, i) => ({ id: i + 1, name }));
    mount(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `person-${r.id}`}
        loading={false}
        emptyText="No people match"
        search
      />,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'SIT' } });
    await waitFor(() => expect(screen.queryByTestId('person-1')).toBeNull());
    expect(screen.getByTestId('person-2')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zzz' } });
    await screen.findByText('No people match');
  });

  it('keeps totals below the rows, out of search and paging', async () => {
    const rows = ['Ravi', 'Sita', 'Arun'].map((name, i) => ({ id: i + 1, name }));
    mount(
      <DataTable
        label="People"
        columns={[serialColumn(rows), ...COLUMNS]}
        rows={rows}
        footerRows={[{ id: 0, name: 'Everyone' }]}
        rowKey={(r) => r.id}
        rowTestId={(r) => `person-${r.id}`}
        loading={false}
        emptyText="No people match"
        search
        paging={2}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    // the total sits in the table's foot, on every page
    const foot = table.querySelector('tfoot')!;
    expect(within(foot).getByTestId('person-0').textContent).toContain('Everyone');
    expect(screen.getAllByTestId(/^person-[123]$/)).toHaveLength(2);
    // S.No is the row's place in the whole list, kept while searching
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'arun' } });
    await waitFor(() => expect(screen.queryByTestId('person-1')).toBeNull());
    expect(screen.getByTestId('person-3').textContent).toBe('33Arun');
    expect(screen.getByTestId('person-0')).toBeTruthy();
    // nothing found: no total of nothing
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zzz' } });
    await screen.findByText('No people match');
    expect(screen.queryByTestId('person-0')).toBeNull();
  });

  it('opens a row detail beneath its row, names the actions column, and carries its own test id', () => {
    const rows = [
      { id: 1, name: 'Ravi' },
      { id: 2, name: 'Sita' },
    ];
    mount(
      <DataTable
        label="People"
        testId="people-table"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        emptyText="No people match"
        actionsHeader="Action"
        actions={(r) => <button type="button">{`Edit ${r.name}`}</button>}
        rowDetail={(r) => (r.id === 2 ? <p>Sita's detail</p> : null)}
        maxHeight={300}
      />,
    );
    const table = within(screen.getByTestId('people-table')).getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No', 'Name', 'Action']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    // Ravi, Sita, then Sita's detail across the whole width
    expect(bodyRows.map((r) => r.textContent)).toEqual(['1RaviEdit Ravi', '2SitaEdit Sita', "Sita's detail"]);
    expect(bodyRows[2]!.querySelector('td')!.getAttribute('colspan')).toBe('3');
  });

  it("says how many of the server's rows it holds when the server cut the list, and nothing when it sent them all", () => {
    // the server sent its first 1,000 of 2,404; the table pages them 25 at a time
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
    mount(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        emptyText="None"
        serverTotal={2404}
      />,
    );
    expect(screen.getByTestId('capped-notice').textContent).toBe('1,000 of 2,404 shown; search or filter to see the rest');
    // the notice counts the rows held, not the page shown
    expect(screen.getByText('1–25 of 1000')).toBeTruthy();

    // every row the filters match is here: no notice
    cleanup();
    mount(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        emptyText="None"
        serverTotal={1000}
      />,
    );
    expect(screen.queryByTestId('capped-notice')).toBeNull();
  });

  it('keeps the notice out while loading and when the list is not a capped one', () => {
    mount(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={undefined}
        rowKey={(r) => r.id}
        loading
        emptyText="None"
        serverTotal={5}
      />,
    );
    expect(screen.queryByTestId('capped-notice')).toBeNull();
    cleanup();
    mount(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={[{ id: 1, name: 'Ravi' }]}
        rowKey={(r) => r.id}
        loading={false}
        emptyText="None"
      />,
    );
    expect(screen.queryByTestId('capped-notice')).toBeNull();
    expect(screen.getByText('Ravi')).toBeTruthy();
  });
});
