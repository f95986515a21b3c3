import type { TempLogin } from '@common/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@web/lib/api';

/** The fixed test username, or null when the server has temporary login switched off (404). */
export function useTempLoginConfig() {
  return useQuery({
    queryKey: ['/api/temp-login'],
    queryFn: async () => {
      try {
        return await apiGet<TempLogin>('/api/temp-login');
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });
}
