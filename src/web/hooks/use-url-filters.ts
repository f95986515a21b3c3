// A screen's search and filters kept in its address, so a search can be shared, reloaded and
// returned to: `?search=ada&role=admin`. Changes replace the history entry (Back leaves the
// screen instead of undoing a keystroke).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDebounced } from './use-debounced';

/** How long typing must pause before a screen asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (next: Partial<Record<K, string>>) => {
      const merged = new URLSearchParams(search);
      for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
        if (value) merged.set(key, value);
        else merged.delete(key);
      }
      const qs = merged.toString();
      if (qs !== search) navigate(qs ? `${path}?${qs}` : path, { replace: true });
    },
    [search, path, navigate],
  );
  return [values, set] as const;
}

/**
 * A search box's text and the search it settles to: what the box holds follows typing at once,
 * and `onSettled` gets it once typing pauses (the address, and so the server's question).
 */
export function useSearchText(settledValue: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(settledValue);
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  // Only a settled change of the text asks again: the address following it must not run this again.
  const latest = useRef({ settledValue, onSettled });
  latest.current = { settledValue, onSettled };
  useEffect(() => {
    const { settledValue: current, onSettled: settle } = latest.current;
    if (debounced.trim() !== current) settle(debounced.trim());
  }, [debounced]);
  return [text, setText] as const;
}
