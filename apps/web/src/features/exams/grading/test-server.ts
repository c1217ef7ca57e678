import { vi } from 'vitest';
import type { TExam } from '@erp/shared';

/**
 * A scripted server for the grading screens' tests: answers by "METHOD /path?query" or "METHOD /path"
 * (a list is answered in turn, the last one repeated), every call recorded with its query and body.
 */
export type Answer = { status?: number; body: unknown };
export const server = {
  answers: {} as Record<string, Answer | Answer[]>,
  calls: [] as Array<{ method: string; path: string; query: Record<string, string>; body: unknown }>,
};

export function startServer(roles: string[]) {
  server.calls.length = 0;
  server.answers = {};
  document.cookie = `erpUser=${encodeURIComponent(JSON.stringify({ username: 'tester', roles }))}; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const u = new URL(url, 'http://x');
      server.calls.push({
        method,
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      // an answer for the path with its query string wins over one for the path alone
      const found = server.answers[`${method} ${u.pathname}${u.search}`] ?? server.answers[`${method} ${u.pathname}`];
      const a = Array.isArray(found) ? (found.length > 1 ? found.shift()! : found[0]!) : found;
      if (!a) return new Response(JSON.stringify({ message: `no answer for ${method} ${u.pathname}` }), { status: 404 });
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

export const callsTo = (method: string, path: string) => server.calls.filter((c) => c.method === method && c.path === path);

export const exam = {
  id: 1,
  name: 'B.Tech Regular November 2026',
  regulationId: 3,
  regulation: 'R22',
  status: 'marks_entry',
  papers: [
    { id: 11, code: 'CS301', name: 'Compilers', branch: 'CSE' },
    { id: 12, code: 'CS302', name: 'Networks', branch: 'CSE' },
  ],
  decodedAt: null,
  processedAt: null,
  publishedAt: null,
  revaluation: { closes: null, recountFeePaise: 0, photocopyFeePaise: 0, revalFeePaise: 0, reducedCategories: [], reducedPercent: 0 },
} as unknown as TExam;
