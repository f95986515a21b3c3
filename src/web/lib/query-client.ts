import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api';

/** A query's key starts with the URL it GETs. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first element of a query key must be a URL');
  return apiGet(url);
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // No interval, no refetch on focus, never stale, no retries.
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
