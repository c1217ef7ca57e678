import { useEffect, useState } from 'react';
import type { ServerPaging, ServerSearch } from './DataTable';

export interface ServerListOptions {
  /** rows a page (default 25) */
  pageSize?: number;
  /** the sizes offered (default 10, 25, 50, 100) */
  pageSizes?: number[];
  /** how long typing must pause before the server is asked (default 300 ms) */
  debounceMs?: number;
  placeholder?: string;
  /** the search box's accessible name */
  label?: string;
}

/**
 * The state of a list searched and paged by the server: what was typed, the text to send as `q`
 * (after typing pauses), the page and its size. Typing or changing a filter goes back to the first
 * page. Hand `search` and `paging(total)` to DataTable; send `q`, `page`, `pageSize` (or `limit` and
 * `offset`) with the query.
 */
export function useServerList(options: ServerListOptions = {}) {
  const { debounceMs = 300 } = options;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(options.pageSize ?? 25);

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setQ(typed.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, q, debounceMs]);

  const first = options.pageSize ?? 25;
  const sizes = options.pageSizes ?? [...new Set([10, 25, 50, 100, first])].sort((a, b) => a - b);
  const search: ServerSearch = {
    value: typed,
    onChange: (v) => {
      setTyped(v);
      setPage(0);
    },
    placeholder: options.placeholder,
    label: options.label,
  };
  return {
    /** the search text to send (trimmed; follows the box once typing pauses) */
    q,
    page,
    pageSize,
    limit: pageSize,
    offset: page * pageSize,
    search,
    /** sets the search at once (e.g. to show a row just added) */
    searchNow: (v: string) => {
      setTyped(v);
      setQ(v.trim());
      setPage(0);
    },
    /** back to the first page: call when a filter beside the search changes */
    restart: () => setPage(0),
    /** DataTable's `paging` for the server's answer: its total, or whether there is more */
    paging: (total: number | undefined, hasMore?: boolean): ServerPaging => ({
      page,
      pageSize,
      total,
      hasMore,
      onPage: setPage,
      onPageSize: (size) => {
        setPageSize(size);
        setPage(0);
      },
      pageSizes: sizes,
    }),
  };
}
