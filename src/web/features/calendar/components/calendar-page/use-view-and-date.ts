import { useLocation, useSearch } from 'wouter';
import { VIEWS, type View } from '../../lib/calendar-view';
import { isDate } from '../../lib/url-date';

/**
 * The view and date live in the address (`?view=week&date=2027-01-13`), so reload, back and
 * bookmarks keep them; each change is a history entry.
 */
export function useViewAndDate(today: string) {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const view = VIEWS.find((v) => v === params.get('view')) ?? 'month';
  const raw = params.get('date');
  const date = isDate(raw) ? raw : today;
  const go = (next: { view?: View; date?: string; path?: string }) => {
    const query = new URLSearchParams({ view: next.view ?? view, date: next.date ?? date });
    navigate(`${next.path ?? location}?${query}`);
  };
  return { view, date, go };
}
