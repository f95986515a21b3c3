// How the directory names people and counts them. The search itself is the server's (full name,
// username, organization roles, team names and permission level; docs/api.md#member-lists).
import { formatNumber } from '@web/lib/format';

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

/**
 * The heading's count: the members a search or filter matches (out of all, once that is known),
 * else everyone.
 */
export function memberCount(matching: number, total: number | undefined, filtered: boolean): string {
  const noun = (n: number) => (n === 1 ? 'member' : 'members');
  if (!filtered) return `${formatNumber(matching)} ${noun(matching)}`;
  if (total === undefined) return `${formatNumber(matching)} matching`;
  return `${formatNumber(matching)} of ${formatNumber(total)} ${noun(total)}`;
}
