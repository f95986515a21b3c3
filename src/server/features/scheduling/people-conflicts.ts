// Conflicts while booking: for each date an event body would occupy, the people it
// concerns (its teams' members, the instructor, and for an edit the people called to it) who are
// unavailable then or already expected at another event at that time (called to it, or in one
// of its teams). Informs; never blocks.
// The facts are read and kept by conflict-facts.ts; here the dates are swept against them.
import { MAX_OCCURRENCE_COUNT } from '../../../common/calendar';
import type { EventInput } from '../../../common/schemas/calendar';
import { toZonedIso } from '../../../common/zoned-time';
import { ChangeFeed, orgScopes } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { KeptBody } from '../../http/etag';
import { organizationTimeZone, plan, ruleFromInput, spanOf } from '../calendar';
import { type ConflictFacts, type ConflictsInput, conflictFacts, FACT_AREAS } from './conflict-facts';
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
// until a write to what its facts read or to the organization's zone, and per caller, since notes
// and rights are per caller.
// Only the latest few hundred: each dialog repeats its own last question, and a larger store
// (32 MB) filled with answers never asked again, which the garbage collector then kept moving
// (32 fresh questions at once, back to back on a busy machine: p99 49-58 ms with 2 MB against
// 64-179 ms with 32 MB; 39-46 ms with 4 MB).
const keptReports = (database: Database) =>
  ChangeFeed.of(database).cache<string, KeptBody>('conflict-reports', {
    maxAgeMs: 5 * 60_000,
    maxSize: 4 * 1024 * 1024,
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
    input.sceneIds,
    input.eventId,
    input.userIds,
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
    orgScopes(access.organizationId, [...FACT_AREAS, 'settings']),
    // A question rarely repeats once its dates change, so the answer is compressed for sending once.
    async () => new KeptBody(await reportJson(database, access, input), 'once'),
  );
}

/**
 * The answer, a ConflictReport, written as JSON text: the people and causes found are joined
 * from the texts kept with the facts, and each date is a few numbers, so nothing is walked and
 * serialized per answer (JSON.stringify of the report cost as much as finding the conflicts).
 * The tests read every answer through conflictReportSchema.strict().
 */
async function reportJson(
  database: Database,
  access: Caller & { timeZone?: string },
  input: ConflictsInput,
): Promise<string> {
  const timeZone = access.timeZone ?? (await organizationTimeZone(database, access.organizationId));
  const occurrences = occurrencesOfInput(input, timeZone);
  const starts = occurrences.map((o) => o.start.getTime());
  const ends = occurrences.map((o) => o.end.getTime());
  const facts = await conflictFacts(database, access, input, Math.min(...starts), Math.max(...ends));
  const { perDate, found } = sweep(facts, starts, ends);
  // Answer indexes for the causes found, in the facts' order (by person, then period or call).
  const index = new Int32Array(facts.causes.length).fill(-1);
  const causes: string[] = [];
  const withConflicts = new Set<number>();
  for (let c = 0; c < found.length; c++) {
    if (!found[c]) continue;
    index[c] = causes.length;
    causes.push(facts.causeJson[c]);
    withConflicts.add(facts.causes[c].userId);
  }
  const people = facts.taken.filter((t) => withConflicts.has(t.person.userId)).map((t) => t.personJson);
  let datesWithConflicts = 0;
  // Zoned ISO texts hold only digits, '-', '+', ':' and 'T': nothing to escape.
  const dates = occurrences.map((o, d) => {
    const hits = perDate[d];
    if (hits.length > 0) datesWithConflicts++;
    let list = '';
    for (let k = 0; k < hits.length; k++) list += k === 0 ? index[hits[k]] : `,${index[hits[k]]}`;
    return `{"startDateTime":"${toZonedIso(o.start, timeZone)}","endDateTime":"${toZonedIso(o.end, timeZone)}","conflicts":[${list}]}`;
  });
  return `{"peopleCount":${facts.peopleCount},"occurrenceCount":${occurrences.length},"peopleWithConflicts":${withConflicts.size},"occurrencesWithConflicts":${datesWithConflicts},"people":[${people.join(',')}],"causes":[${causes.join(',')}],"occurrences":[${dates.join(',')}]}`;
}

/**
 * Per date, the facts' causes overlapping it (ascending, each once), and which causes were found
 * at all. Each person's busy times are sorted by start; the dates are visited in order of start,
 * so one cursor per person moves forward past the times that end too early to reach the date
 * (those starting at least the person's longest time before it), and each date's scan stops at
 * the first time starting after its end.
 */
function sweep(facts: ConflictFacts, starts: number[], ends: number[]) {
  const found = new Uint8Array(facts.causes.length);
  const perDate: number[][] = starts.map(() => []);
  const order = byStart(starts);
  for (const t of facts.taken) {
    const count = t.starts.length;
    let first = 0;
    for (const d of order) {
      const start = starts[d];
      const end = ends[d];
      while (first < count && t.starts[first] <= start - t.longest) first++;
      const hits = perDate[d];
      const from = hits.length;
      for (let i = first; i < count && t.starts[i] < end; i++) if (t.ends[i] > start) hits.push(t.causes[i]);
      // A person's causes are consecutive numbers, in order; a weekly period may overlap a long
      // date twice.
      if (hits.length - from > 1) hits.push(...[...new Set(hits.splice(from))].sort((a, b) => a - b));
    }
  }
  for (const hits of perDate) for (const c of hits) found[c] = 1;
  return { perDate, found };
}

/** Date indexes by start (a series' dates already are: then no sort). */
function byStart(starts: number[]): number[] {
  const order = starts.map((_, d) => d);
  for (let d = 1; d < starts.length; d++)
    if (starts[d] < starts[d - 1]) return order.sort((a, b) => starts[a] - starts[b]);
  return order;
}
