// Conflicts while booking (issue 16 §2): for each date an event body would occupy, the people it
// concerns (its teams' members, the instructor, and for an edit the people called to it) who are
// unavailable then or already called to another event at that time. Informs; never blocks.
// The facts are read and kept by conflict-facts.ts; here the dates are swept against them.
import { MAX_OCCURRENCE_COUNT } from '../../../common/calendar';
import type { EventInput } from '../../../common/schemas/calendar';
import type { ConflictReport } from '../../../common/schemas/scheduling';
import { toZonedIso } from '../../../common/zoned-time';
import { ChangeFeed, orgScope } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { KeptBody } from '../../http/etag';
import { organizationTimeZone } from '../calendar/queries';
import { ruleFromInput } from '../calendar/series';
import { plan } from '../calendar/service';
import { spanOf } from '../calendar/validation';
import { type ConflictFacts, type ConflictsInput, conflictFacts } from './conflict-facts';
import type { Caller } from './people';
import type { Span } from './periods';

/** The occurrences an event body would have (the first MAX_OCCURRENCE_COUNT), as saving plans them. */
export function occurrencesOfInput(input: EventInput, timeZone: string): Span[] {
  const span = spanOf(input, timeZone);
  if (!input.isRecurring) return [span];
  return plan(ruleFromInput(input, timeZone)).occurrences.slice(0, MAX_OCCURRENCE_COUNT);
}

// Kept answers, as the bytes sent: the event dialog asks again as its form changes, often with
// the same dates and people (a new name or description changes nothing here). An answer is kept
// until any write to the organization, and per caller, since notes and rights are per caller.
const keptReports = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('conflict-reports', {
    maxAgeMs: 5 * 60_000,
    maxSize: 32 * 1024 * 1024,
    sizeOf: (body) => 2 * body.size + 256,
  });

/** What an answer depends on: the caller, and the body's dates, people and event. */
function reportKey(access: Caller, input: ConflictsInput): string {
  const { actor } = access;
  return JSON.stringify([
    access.organizationId,
    actor.userId,
    actor.role ?? null,
    actor.isSystemUser,
    input.startDateTime,
    input.endDateTime,
    input.eventType,
    input.isRecurring,
    input.recurringPattern,
    input.recurringInterval,
    input.recurringEnd,
    input.recurringWeeklyDays,
    input.recurringMonthlyWeek,
    input.recurringMonthlyWeekday,
    input.recurringEndType,
    input.recurringEndCount,
    input.instructorId,
    input.reservedBy,
    input.teamIds,
    input.eventId,
  ]);
}

/** The answer as JSON bytes (a ConflictReport), kept per caller and question. */
export function findPeopleConflicts(
  database: Database,
  access: Caller & { timeZone?: string },
  input: ConflictsInput,
): Promise<KeptBody> {
  return keptReports(database).getOrLoad(
    reportKey(access, input),
    [orgScope(access.organizationId)],
    // The type checks the fields; no schema walk over every conflict on the way out. A question
    // rarely repeats once its dates change, so the answer is compressed for sending once.
    async () => new KeptBody(JSON.stringify(await computeReport(database, access, input)), 'once'),
  );
}

export async function computeReport(
  database: Database,
  access: Caller & { timeZone?: string },
  input: ConflictsInput,
): Promise<ConflictReport> {
  const timeZone = access.timeZone ?? (await organizationTimeZone(database, access.organizationId));
  const occurrences = occurrencesOfInput(input, timeZone);
  const starts = occurrences.map((o) => o.start.getTime());
  const ends = occurrences.map((o) => o.end.getTime());
  const facts = await conflictFacts(database, access, input, Math.min(...starts), Math.max(...ends));
  const { perDate, found } = sweep(facts, starts, ends);
  // Answer indexes for the causes found, in the facts' order (by person, then period or call).
  const index = new Int32Array(facts.causes.length).fill(-1);
  const causes: ConflictReport['causes'] = [];
  for (let c = 0; c < found.length; c++) {
    if (!found[c]) continue;
    index[c] = causes.length;
    causes.push(facts.causes[c]);
  }
  const withConflicts = new Set(causes.map((c) => c.userId));
  return {
    peopleCount: facts.peopleCount,
    occurrenceCount: occurrences.length,
    peopleWithConflicts: withConflicts.size,
    occurrencesWithConflicts: perDate.filter((hits) => hits.length > 0).length,
    people: facts.taken.filter((t) => withConflicts.has(t.person.userId)).map((t) => t.person),
    causes,
    occurrences: occurrences.map((o, i) => ({
      startDateTime: toZonedIso(o.start, timeZone),
      endDateTime: toZonedIso(o.end, timeZone),
      conflicts: perDate[i].map((c) => index[c]),
    })),
  };
}

/**
 * Per date, the facts' causes overlapping it (ascending, each once), and which causes were found
 * at all. Each person's busy times are sorted by start, so a binary search finds the first that
 * can overlap (starting less than the longest one before the date) and the scan stops at the
 * first starting after the date's end.
 */
function sweep(facts: ConflictFacts, starts: number[], ends: number[]) {
  const found = new Uint8Array(facts.causes.length);
  const perDate = starts.map((start, d) => {
    const end = ends[d];
    const hits: number[] = [];
    for (const t of facts.taken) {
      const from = hits.length;
      for (let i = firstStartingAfter(t.starts, start - t.longest); i < t.starts.length; i++) {
        if (t.starts[i] >= end) break;
        if (t.ends[i] > start) hits.push(t.causes[i]);
      }
      // A person's causes are consecutive numbers, in order; a weekly period may overlap a long
      // date twice.
      if (hits.length - from > 1) hits.push(...[...new Set(hits.splice(from))].sort((a, b) => a - b));
    }
    for (const c of hits) found[c] = 1;
    return hits;
  });
  return { perDate, found };
}

/** The index of the first of the ascending `starts` greater than `t`. */
function firstStartingAfter(starts: Float64Array, t: number): number {
  let [lo, hi] = [0, starts.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
