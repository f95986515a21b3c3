// Directory search: case-insensitive over full name, username, organization
// roles, team names and permission role.
import { roleLabel } from '@common/permissions';
import type { DirectoryEntry } from '@common/types/directory';
import { formatNumber } from '@web/lib/format';

export function matchesSearch(entry: DirectoryEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const fullName = [entry.firstName, entry.lastName].filter(Boolean).join(' ');
  const haystack = [
    fullName,
    entry.username,
    ...entry.roles,
    ...entry.teams.map((t) => t.name),
    entry.organizationRole,
    roleLabel(entry.organizationRole),
  ];
  return haystack.some((value) => value.toLowerCase().includes(q));
}

/** First name plus last initial, or the username. */
export function displayName(entry: { firstName: string | null; lastName: string | null; username: string }) {
  const first = entry.firstName?.trim();
  if (!first) return entry.username;
  const last = entry.lastName?.trim();
  return last ? `${first} ${last.charAt(0)}.` : first;
}

export function fullName(entry: { firstName: string | null; lastName: string | null; username: string }) {
  const name = [entry.firstName?.trim(), entry.lastName?.trim()].filter(Boolean).join(' ');
  return name || entry.username;
}

/** The heading's count: the members a search matches (out of all), else everyone. */
export function memberCount(matching: number, total: number, query: string): string {
  const noun = (n: number) => (n === 1 ? 'member' : 'members');
  if (!query.trim()) return `${formatNumber(total)} ${noun(total)}`;
  return `${formatNumber(matching)} of ${formatNumber(total)} ${noun(total)}`;
}
