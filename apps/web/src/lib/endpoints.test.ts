import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { collegeEndpoints as college, libraryEndpoints as lib } from '@erp/shared';
import { callEndpoint, endpointKey, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from './endpoints';

const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
const sent = (fetchMock: ReturnType<typeof answer>, i = 0) => fetchMock.mock.calls[i] as unknown as [string, RequestInit];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('callEndpoint', () => {
  it('sends the method and path of the definition, with the params, query and body given', async () => {
    const fetchMock = answer({ id: 4 });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(lib.renew, { params: { id: 4 } });
    await callEndpoint(lib.removeOverride, { params: { patron: '21A/01' }, body: { reason: 'Left the college' } });
    await callEndpoint(lib.titles, { query: { q: 'data', page: 2, subject: undefined } });
    expect(sent(fetchMock, 0)[0]).toBe('/api/library/loans/4/renew');
    expect(sent(fetchMock, 0)[1].method).toBe('POST');
    expect(sent(fetchMock, 0)[1].body).toBeUndefined();
    expect(sent(fetchMock, 1)[0]).toBe('/api/library/patrons/21A%2F01/override');
    expect(sent(fetchMock, 1)[1]).toMatchObject({ method: 'DELETE', body: JSON.stringify({ reason: 'Left the college' }) });
    expect(sent(fetchMock, 2)[0]).toBe('/api/library/titles?q=data&page=2');
    expect(sent(fetchMock, 2)[1].method).toBe('GET');
  });

  it('sends an upload as the FormData given, and reads a file as a Blob', async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('dryRun', 'true');
    await callEndpoint(lib.import, { body: form }).catch(() => undefined);
    expect(sent(fetchMock)[1].body).toBe(form);
    const blob = await fetchEndpointFile(lib.fineReceipt, { params: { id: 9 } });
    expect(sent(fetchMock, 1)[0]).toBe('/api/library/fines/9/receipt.pdf');
    expect(await blob.text()).toBe('%PDF');
  });

  it('reads a text/plain answer (textResponse) as text', async () => {
    const fetchMock = vi.fn(async () => new Response('SRK', { status: 200, headers: { 'content-type': 'text/plain' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callEndpoint(college.collegeCode)).resolves.toBe('SRK');
    expect(sent(fetchMock)[0]).toBe('/api/v1/getCollegeName');
  });
});

describe('query keys', () => {
  it('start with the module, then the path, then the arguments', () => {
    expect(endpointKey(lib.title)).toEqual(['library', '/api/library/titles/:id']);
    expect(endpointKey(lib.title, { params: { id: 3 } })).toEqual([
      'library',
      '/api/library/titles/:id',
      { params: { id: 3 }, query: undefined },
    ]);
  });
});

describe('useEndpointQuery and useEndpointMutation', () => {
  const wrapper = (qc: QueryClient) => (p: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: qc }, p.children);

  it('reads through the endpoint, and a write refreshes what it invalidates before it settles', async () => {
    let stats = 1;
    const fetchMock = vi.fn(
      async (url: string) => new Response(JSON.stringify(url.endsWith('/stats') ? { loans: stats } : { id: 1 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => ({
        stats: useEndpointQuery(lib.stats),
        renew: useEndpointMutation((id: number) => callEndpoint(lib.renew, { params: { id } }), { invalidates: [['library']] }),
      }),
      { wrapper: wrapper(qc) },
    );
    await waitFor(() => expect(result.current.stats.data).toEqual({ loans: 1 }));
    stats = 2;
    await act(() => result.current.renew.mutateAsync(1));
    // refreshed before mutateAsync resolved
    expect(qc.getQueryData(endpointKey(lib.stats, {}))).toEqual({ loans: 2 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/library/stats',
      '/api/library/loans/1/renew',
      '/api/library/stats',
    ]);
  });

  it('takes an endpoint itself: the variables are its params and body', async () => {
    const fetchMock = answer({ message: 'Waived' });
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient();
    const { result } = renderHook(() => useEndpointMutation(lib.waiveFine), { wrapper: wrapper(qc) });
    await act(() => result.current.mutateAsync({ params: { id: 5 }, body: { reason: 'Hardship' } }));
    expect(sent(fetchMock)[0]).toBe('/api/library/fines/5/waive');
    expect(sent(fetchMock)[1].body).toBe(JSON.stringify({ reason: 'Hardship' }));
  });
});
