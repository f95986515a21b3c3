import { useSearch } from 'wouter';

/**
 * Filters that one would bookmark live in the address (?status=...&page=2). Setting one
 * replaces the history entry, so typing in a search box does not fill the back button.
 */
export function useUrlState<K extends string>(defaults: Record<K, string>) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(
    Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d]),
  ) as Record<K, string>;
  const set = (changes: Partial<Record<K, string>>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes) as [K, string | undefined][]) {
      if (v === undefined || v === '' || v === defaults[k]) next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${qs ? `?${qs}` : ''}`);
  };
  return [values, set] as const;
}
