import type { ShortnameAvailability } from '@common/schemas/auth';
import { shortnameProblem } from '@common/shortname';
import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '@web/hooks/use-debounced';
import { apiGet } from '@web/lib/api';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

const DEBOUNCE_MS = 300;

/** Live availability of a shortname; asked only for valid names of 3+ characters. */
export function useShortnameAvailability(shortname: string): Availability {
  const checkable = shortnameProblem(shortname) === undefined;
  const debounced = useDebounced(shortname, DEBOUNCE_MS);
  const settled = debounced === shortname;
  const query = useQuery({
    queryKey: [`/api/check-shortname/${encodeURIComponent(debounced)}`],
    queryFn: ({ queryKey }) => apiGet<ShortnameAvailability>(String(queryKey[0])),
    enabled: checkable && settled,
    // Availability answers are cached for 500 ms only.
    staleTime: 500,
    gcTime: 500,
  });
  if (!checkable) return 'idle';
  if (!settled || query.isFetching) return 'checking';
  if (query.isError || !query.data) return 'unknown';
  return query.data.available ? 'available' : 'taken';
}
