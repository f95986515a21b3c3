// The dashboard's three event lists: from now to the end of the same day
// next month, at most 3 each; rehearsals only when followed; classes de-duplicated.
export const DASHBOARD_LIMIT = 3;

interface Listed {
  name: string;
  description: string | null;
  eventType: string;
  isRecurring: boolean;
  isFollowing: boolean;
  startDateTime: string;
}

const key = (e: Listed) => `${e.name}\u0000${e.description ?? ''}`;

/** Recurring classes once per name and description; a one-off class sharing both with another class is dropped. */
export function dedupeClasses<T extends Listed>(classes: T[]): T[] {
  const counts = new Map<string, number>();
  for (const c of classes) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  const seen = new Set<string>();
  return classes.filter((c) => {
    const k = key(c);
    if (!c.isRecurring) return (counts.get(k) ?? 0) === 1;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function dashboardLists<T extends Listed>(events: T[], now: number) {
  const upcoming = events.filter((e) => Date.parse(e.startDateTime) >= now);
  return {
    shows: upcoming.filter((e) => e.eventType === 'show').slice(0, DASHBOARD_LIMIT),
    classes: dedupeClasses(upcoming.filter((e) => e.eventType === 'class')).slice(0, DASHBOARD_LIMIT),
    rehearsals: upcoming
      .filter((e) => e.eventType === 'rehearsal' && e.isFollowing)
      .slice(0, DASHBOARD_LIMIT),
  };
}
