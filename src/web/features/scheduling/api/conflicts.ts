// People conflicts while booking: asked as the event form changes, a moment after the
// last keystroke; a newer form replaces the question and cancels the one in flight.
import type { ConflictReport, ConflictsRequest } from '@common/schemas/scheduling';
import { ROUTES } from '@common/scheduling';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from '@web/hooks/use-debounced';
import { apiRequest } from '@web/lib/api';
import { calendarKey } from '@web/features/calendar/api/events';

const DEBOUNCE_MS = 400;

/** `body` null: the form is not complete enough to ask (nothing is fetched). */
export function usePeopleConflicts(orgId: number, body: ConflictsRequest | null) {
  const text = useDebounced(body === null ? null : JSON.stringify(body), DEBOUNCE_MS);
  return useQuery({
    queryKey: [...calendarKey(orgId), 'people-conflicts', text],
    // react-query aborts the signal when the key changes before the answer arrives.
    queryFn: ({ signal }) =>
      apiRequest<ConflictReport>('POST', ROUTES.conflicts(orgId), JSON.parse(text ?? 'null'), signal),
    enabled: text !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}
