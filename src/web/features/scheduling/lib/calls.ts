// Calls in words and in order: call times, the board's counts, and the people a
// manager may call with the event's team members first.
import { formatInstant as formatInstantIn } from '@common/format-date';
import type { CallEntry } from '@common/schemas/scheduling';
import type { CallStatus } from '@common/scheduling';

/** An instant as the organization's clock reads it: 'Mar 4, 6:12 PM'. */
export function formatInstant(iso: string, timeZone: string): string {
  return formatInstantIn(iso, 'dayTime', timeZone);
}

export function callCounts(calls: Pick<CallEntry, 'status'>[]): Record<CallStatus, number> {
  const counts: Record<CallStatus, number> = { called: 0, confirmed: 0, declined: 0 };
  for (const c of calls) counts[c.status] += 1;
  return counts;
}

/** '6 called: 4 confirmed, 1 can't make it, 1 awaiting an answer' (or 'Nobody is called yet'). */
export function boardSummary(calls: Pick<CallEntry, 'status'>[]): string {
  if (calls.length === 0) return 'Nobody is called yet';
  const c = callCounts(calls);
  const parts = [
    c.confirmed > 0 && `${c.confirmed} confirmed`,
    c.declined > 0 && `${c.declined} can't make it`,
    c.called > 0 && `${c.called} awaiting an answer`,
  ].filter(Boolean);
  return `${calls.length} called: ${parts.join(', ')}`;
}

export interface Candidate {
  id: number;
  name: string;
  username: string;
}

export interface CandidateGroup {
  label: string;
  people: Candidate[];
}

const matches = (p: Candidate, q: string) =>
  !q || p.name.toLowerCase().includes(q) || p.username.toLowerCase().includes(q);

/**
 * Who may be called, in groups: each of the event's teams (members by name), then everyone else
 * in the organization; a person shows once, under their first team. `search` filters by name or
 * username; empty groups are left out.
 */
export function candidateGroups(
  teams: { name: string; members: Candidate[] }[],
  everyone: Candidate[],
  search: string,
): CandidateGroup[] {
  const q = search.trim().toLowerCase();
  const seen = new Set<number>();
  const byName = (a: Candidate, b: Candidate) => a.name.localeCompare(b.name);
  const groups: CandidateGroup[] = [];
  for (const team of teams) {
    const people = team.members.filter((p) => !seen.has(p.id)).sort(byName);
    for (const p of people) seen.add(p.id);
    groups.push({ label: team.name, people: people.filter((p) => matches(p, q)) });
  }
  const rest = everyone.filter((p) => !seen.has(p.id)).sort(byName);
  groups.push({
    label: teams.length > 0 ? 'Everyone else' : 'Members',
    people: rest.filter((p) => matches(p, q)),
  });
  return groups.filter((g) => g.people.length > 0);
}

/** 0.857 → '86%'; null (nothing recorded) → '—'. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
