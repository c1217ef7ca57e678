import { useQuery } from '@tanstack/react-query';
import type { TIssuedDocument } from '@erp/shared';
import { ApiError, apiRequest } from '../../lib/api-client';

export function useIssuedDocument(code: string) {
  return useQuery({
    queryKey: ['issued-document', code],
    queryFn: () => apiRequest<TIssuedDocument>('rest', `documents/verify/${encodeURIComponent(code)}`),
    // A 404 is the answer, not a glitch: don't ask again.
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
}
