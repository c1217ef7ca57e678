import { documentEndpoints } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoints';

export const useIssuedDocument = (code: string) =>
  useEndpointQuery(
    documentEndpoints.verify,
    { params: { code } },
    // A 404 is the answer, not a glitch: don't ask again.
    { retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 },
  );
