// The human name of a page of the app ("Dashboard" for /dashboard), for where an address would
// otherwise be shown to people, such as where a colleague is right now. The side menu's labels
// name most pages; the rest are listed here.
import { NAV_GROUPS } from './nav';

const EXTRA_TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/directory/people': 'People',
  '/directory/teams': 'Teams',
  '/calendar/my-schedule': 'My Schedule',
  '/calendar/availability': 'Availability',
  '/calendar/call-sheet': 'Call Sheet',
  '/calendar/attendance': 'Attendance',
  '/library-search': 'Library Search',
  '/account-settings': 'Account Settings',
  '/notification-settings': 'Notification Settings',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
};

// The list above first: of two equally long matches the first wins ("Dashboard", not the menu's "Dashboard Home").
const TITLES: [string, string][] = [
  ...Object.entries(EXTRA_TITLES),
  ...NAV_GROUPS.flatMap((group) => group.items.map((item): [string, string] => [item.href, item.label])),
];

/**
 * The name of the page at `path` (query and hash ignored): the longest known path it is or lies
 * under, so /directory/teams/hamlet is "Teams"; an unknown page reads as its first word.
 */
export function pageTitle(path: string): string {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  let best: [string, string] | undefined;
  for (const entry of TITLES) {
    const [href] = entry;
    const under = pathname === href || pathname.startsWith(`${href}/`);
    if (under && (!best || href.length > best[0].length)) best = entry;
  }
  if (best) return best[1];
  const first = pathname.split('/').find(Boolean) ?? '';
  const words = first.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Home';
}
