import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { collegeEndpoints } from '@erp/shared';
import { endpointKey } from '../../lib/endpoints';
import { clearSession } from '../../lib/session';

/** Logout: both cookies and the stored module/screen go, cached data too, then '/'. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    clearSession();
    queryClient.removeQueries({ queryKey: endpointKey(collegeEndpoints.dashboardSummary) });
    navigate('/', { replace: true });
  };
}
