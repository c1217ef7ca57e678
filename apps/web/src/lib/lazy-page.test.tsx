import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { LIBRARY_PATHS, PATHS } from '@erp/shared';
import { lazyPage, preloadFirstPage } from './lazy-page';
import { FIRST_PAINTS, FIRST_PAINT_LINKS } from './first-paint';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{`${label} ${n}`}</button>;
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the fallback', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return Counter;
    });
    await preloadFirstPage([
      { route: { element: <Page label="count" /> } },
      { route: { element: <p>not a page</p> } },
      { route: {} },
    ], new QueryClient());
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page label="count" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('count 0');
    expect(screen.queryByText('loading')).toBeNull();
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('shows the fallback until a page not preloaded arrives, then keeps its state across renders', async () => {
    let resolve!: (c: typeof Counter) => void;
    const Page = lazyPage(() => new Promise<typeof Counter>((r) => (resolve = r)));
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Page label="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve(Counter));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('a 1');
    // the code is loaded now: a new render keeps the same page (and its state), not a new one
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Page label="b" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('b 1');
  });

  it("starts the first page's declared queries with its code; the page then reads them without asking again", async () => {
    let asked = 0;
    let answer!: (titles: string[]) => void;
    const titles = {
      queryKey: ['titles'],
      queryFn: () => {
        asked += 1;
        return new Promise<string[]>((r) => (answer = r));
      },
    };
    function Titles() {
      const q = useQuery(titles);
      return <p>{q.data ? q.data.join(', ') : 'waiting'}</p>;
    }
    const Page = lazyPage(async () => Titles, { data: [titles] });
    const client = new QueryClient();
    await preloadFirstPage([{ route: { element: <Page /> } }], client);
    expect(asked).toBe(1);
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => answer(['B.Tech IV-II', 'MBA I-I']));
    expect(await screen.findByText('B.Tech IV-II, MBA I-I')).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('tries a failed load again', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Counter;
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
  });
});

describe('first paints', () => {
  it('link where the pages link, and match the addresses of their pages', () => {
    expect(FIRST_PAINT_LINKS).toEqual({ examResults: PATHS.examResults, applyOnline: PATHS.applyOnline, opac: LIBRARY_PATHS.opac });
    const match = (path: string) => FIRST_PAINTS.find((p) => new RegExp(p.pattern).test(path))?.name ?? null;
    expect(['/', '/erphome', '/login/erp', '/results/B.Tech%20IV', '/results/a/b', '/examresults', '/terms'].map(match)).toEqual([
      'home',
      'home',
      'login',
      'result',
      null,
      null,
      null,
    ]);
  });
});
