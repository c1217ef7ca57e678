import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The filter a link from another screen opens a list with (analytics' drill-down:
 * `reports?branch=CSE&batch=2024-2028#dues`), read once as the list's first value.
 */
export function useLinkedFilter(name: string, fallback: string): string {
  const [params] = useSearchParams();
  const v = params.get(name);
  return v && v.trim() ? v.trim() : fallback;
}

/** Brings the panel a link names (`#dues`) into view once the page is there. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const t = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), 50);
    return () => clearTimeout(t);
  }, [hash]);
}
