// Bookings made at the same moment: calendar writes lock only the spaces and days they
// book, so these prove the space-clash rule still refuses every overlap when requests race. On
// PostgreSQL the requests run in parallel transactions over the pool; PGlite runs them one after
// another, and the outcome must be the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { addDays } from '../../../../common/zoned-time';
import { CONFLICT_MESSAGE } from './conflicts';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const PARALLEL = 32;

/** Pairs of rows booking one space at overlapping times where neither was an explicit override. */
async function doubleBookings(organizationId: number) {
  const rows = await ctx.database.query<{ a: number; b: number }>(
    `select a.id as a, b.id as b from calendar_events a
     join calendar_events b on b.organization_id = a.organization_id and a.id < b.id
       and a.spaces && b.spaces and a.start_date_time < b.end_date_time and b.start_date_time < a.end_date_time
     where a.organization_id = $1 and not a.conflict_override and not b.conflict_override`,
    [organizationId],
  );
  return rows;
}

const countRows = async (organizationId: number) =>
  Number(
    (
      await ctx.database.query<{ n: string }>(
        'select count(*) as n from calendar_events where organization_id = $1',
        [organizationId],
      )
    )[0].n,
  );

describe('bookings made at the same moment', () => {
  it(`books one slot from ${PARALLEL} requests at once: exactly one succeeds, the others get 409`, async () => {
    const c = await calendarOrg(ctx);
    const body = eventBody(c.people.owner.id, {
      startDateTime: '2031-05-06T19:00',
      endDateTime: '2031-05-06T21:00',
    });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        c.agents.owner.post(`${c.base}/events`, { ...body, name: `Rehearsal ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(CONFLICT_MESSAGE);
    expect(await countRows(c.org.id)).toBe(1);
  });

  it('takes bookings of other spaces and other days side by side', async () => {
    const c = await calendarOrg(ctx);
    const spaces = ['Main Stage', 'Office', 'Annex'] as const;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.agents.owner.post(
          `${c.base}/events`,
          eventBody(c.people.owner.id, {
            spaces: [spaces[i % 3]],
            startDateTime: `2031-06-${String(2 + 7 * Math.floor(i / 3)).padStart(2, '0')}T19:00`,
            endDateTime: `2031-06-${String(2 + 7 * Math.floor(i / 3)).padStart(2, '0')}T21:00`,
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(await countRows(c.org.id)).toBe(12);
  });

  it('refuses overlapping weekly series sent in parallel, keeping every date of the one that won', async () => {
    const c = await calendarOrg(ctx);
    // Sixteen weekly series of six Tuesdays, each starting a week after the last: every pair of
    // neighbours shares five dates, and one-off bookings land on some of those Tuesdays too.
    const series = Array.from({ length: 16 }, (_, i) =>
      eventBody(c.people.owner.id, {
        name: `Series ${i}`,
        startDateTime: `${addDays('2031-07-01', 7 * i)}T19:00`,
        endDateTime: `${addDays('2031-07-01', 7 * i)}T21:00`,
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringEndType: 'count',
        recurringEndCount: 6,
      }),
    );
    const oneOffs = ['2031-07-15', '2031-08-05', '2031-09-16', '2031-10-07'].map((d) =>
      eventBody(c.people.owner.id, {
        name: `One-off ${d}`,
        startDateTime: `${d}T20:00`,
        endDateTime: `${d}T20:30`,
      }),
    );
    const answers = await Promise.all(
      [...series, ...oneOffs].map((b) => c.agents.owner.post(`${c.base}/events`, b)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((s) => s === 201 || s === 409)).toBe(true);
    expect(codes.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(await doubleBookings(c.org.id)).toEqual([]);
    // Every accepted series wrote all six dates; the rows are exactly what the answers said.
    const written = answers
      .filter((a) => a.statusCode === 201)
      .reduce((sum, a) => sum + (a.json().occurrenceCount as number), 0);
    expect(await countRows(c.org.id)).toBe(written);
    for (const a of answers.slice(0, series.length).filter((x) => x.statusCode === 201))
      expect(a.json().occurrenceCount).toBe(6);
  });

  it('lets a long series (which locks its space whole) race short bookings without a double booking', async () => {
    const c = await calendarOrg(ctx);
    const daily = eventBody(c.people.owner.id, {
      name: 'Daily warm-up',
      // Daily over the 400-day horizon: far more (space, day) pairs than a write locks one by one.
      spaces: ['Main Stage', 'Annex'],
      startDateTime: '2032-01-05T08:00',
      endDateTime: '2032-01-05T09:00',
      isRecurring: true,
      recurringPattern: 'daily',
      recurringEndType: 'count',
      recurringEndCount: 500,
    });
    const shorts = Array.from({ length: 15 }, (_, i) => {
      const day = addDays('2032-01-10', 9 * i);
      return eventBody(c.people.owner.id, {
        name: `Fitting ${i}`,
        startDateTime: `${day}T08:30`,
        endDateTime: `${day}T10:00`,
      });
    });
    const answers = await Promise.all(
      [daily, ...shorts].map((b) => c.agents.owner.post(`${c.base}/events`, b)),
    );
    const [seriesAnswer, ...shortAnswers] = answers;
    expect([201, 409]).toContain(seriesAnswer.statusCode);
    if (seriesAnswer.statusCode === 201) {
      // The series saw no booking on its dates, so every short one came after it and was refused.
      expect(shortAnswers.map((a) => a.statusCode)).toEqual(Array(15).fill(409));
      expect(seriesAnswer.json().occurrenceCount).toBeGreaterThan(400);
      expect(await countRows(c.org.id)).toBe(seriesAnswer.json().occurrenceCount);
    } else {
      expect(shortAnswers.some((a) => a.statusCode === 201)).toBe(true);
    }
    expect(await doubleBookings(c.org.id)).toEqual([]);
  });

  it('keeps the owner/admin override exact while members book the same evening in parallel', async () => {
    const c = await calendarOrg(ctx);
    const existing = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        name: 'Tech',
        startDateTime: '2031-11-04T18:00',
        endDateTime: '2031-11-04T19:00',
      }),
    );
    expect(existing.statusCode).toBe(201);
    const override = eventBody(c.people.admin.id, {
      name: 'Dress rehearsal',
      startDateTime: '2031-11-04T18:00',
      endDateTime: '2031-11-04T23:00',
      overrideConflicts: true,
    });
    const members = Array.from({ length: 8 }, (_, i) =>
      eventBody(c.people.owner.id, {
        name: `Fitting ${i}`,
        startDateTime: `2031-11-04T${19 + Math.floor(i / 2)}:${i % 2 ? '30' : '00'}`,
        endDateTime: `2031-11-04T${19 + Math.floor(i / 2)}:${i % 2 ? '59' : '29'}`,
      }),
    );
    const answers = await Promise.all([
      c.agents.admin.post(`${c.base}/events`, override),
      ...members.map((b) => c.agents.owner.post(`${c.base}/events`, b)),
    ]);
    const [dress, ...rest] = answers;
    expect(dress.statusCode).toBe(201);
    expect(dress.json().event.conflictOverride).toBe(true);
    expect(rest.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    // The override booked over exactly the rows that were there when it was checked: every row it
    // overlaps is counted in its audit entry, so no booking slipped in beside it unseen.
    const dressId = dress.json().event.id as number;
    const [audit] = await ctx.database.query<{ details: { conflicts: number } }>(
      `select details from audit_log where organization_id = $1 and action = 'calendar.conflict_override'
         and target_id = $2`,
      [c.org.id, dressId],
    );
    const overlapping = await ctx.database.query(
      `select o.id from calendar_events o join calendar_events d on d.id = $2
       where o.organization_id = $1 and o.id <> d.id and o.spaces && d.spaces
         and o.start_date_time < d.end_date_time and d.start_date_time < o.end_date_time`,
      [c.org.id, dressId],
    );
    expect(overlapping).toHaveLength(audit.details.conflicts);
    expect(await doubleBookings(c.org.id)).toEqual([]);
  });
});

describe('edits of one series made at the same moment', () => {
  it("plans each edit from what the others left: racing 'this and following' and 'all dates' lose no date and double none", async () => {
    const c = await calendarOrg(ctx);
    // Tuesdays from 4 March 2031, eight dates.
    const created = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        startDateTime: '2031-03-04T19:00',
        endDateTime: '2031-03-04T21:00',
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringWeeklyDays: ['2'],
        recurringEndType: 'count',
        recurringEndCount: 8,
      }),
    );
    expect(created.statusCode).toBe(201);
    const listed = async () =>
      (await c.agents.owner.get(`${c.base}/events?from=2031-03-01&to=2031-05-31`)).json() as {
        id: number;
        name: string;
        startDateTime: string;
        recurringEndCount: number;
      }[];
    const before = await listed();
    expect(before).toHaveLength(8);
    // Each edit renames dates; the splits start new parts under the others' feet.
    const edits = [
      { at: 2, strategy: 'future', name: 'From the third' },
      { at: 5, strategy: 'future', name: 'From the sixth' },
      { at: 0, strategy: 'series', name: 'Every date' },
      { at: 4, strategy: 'future', name: 'From the fifth' },
    ];
    const answers = await Promise.all(
      edits.map((e) =>
        c.agents.owner.patch(`${c.base}/events/${before[e.at].id}?strategy=${e.strategy}`, { name: e.name }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await listed();
    // The same eight dates, each once, each row still the occurrence it was, and the series' count whole.
    expect(after.map((e) => e.startDateTime)).toEqual(before.map((e) => e.startDateTime));
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.every((e) => e.recurringEndCount === 8)).toBe(true);
    const names = new Set(edits.map((e) => e.name));
    expect(after.every((e) => names.has(e.name))).toBe(true);
    const [{ n }] = await ctx.database.query<{ n: string }>(
      'select count(*) as n from calendar_events where organization_id = $1',
      [c.org.id],
    );
    expect(Number(n)).toBe(8);
  });
});
