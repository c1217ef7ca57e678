import { useSearchParams } from 'react-router';

/**
 * The filter a link from another screen opens this list with (analytics' drill-down), read once
 * as the list's first value; '' when the link names none.
 */
export function useLinkedFilter(name: string, fallback = ''): string {
  const [params] = useSearchParams();
  const v = params.get(name);
  return v && v.trim() ? v.trim() : fallback;
}
