// Dates and times: impossible dates and years outside 1900–2200 are 400
// with a message on every event list and in every body; a wall time in a spring-forward gap takes
// the offset before the gap and keeps its length.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { BAD_DATE, YEAR_RANGE } from '../../../../common/calendar';
import { M } from '../../../../common/schemas/calendar';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const count = async (orgId: number) =>
  (
    await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from calendar_events where organization_id = $1',
      [orgId],
    )
  )[0].n;

const BAD_BOUNDS: [string, string][] = [
  ['2027-02-30', BAD_DATE],
  ['2027-04-31', BAD_DATE],
  ['2027-13-01', BAD_DATE],
  ['2027-02-30T10:00:00Z', BAD_DATE],
  ['2027-01-01T25:00:00Z', BAD_DATE],
  ['1899-12-31', YEAR_RANGE],
  ['0027-05-12', YEAR_RANGE],
  ['2201-01-01', YEAR_RANGE],
];

describe('bad dates are refused with 400', () => {
  it('on every event list, in from and in to', async () => {
    const c = await calendarOrg(ctx);
    const paths = [`${c.base}/events`, `${c.base}/events/followed`, '/api/me/followed-events'];
    for (const path of paths) {
      for (const [value, message] of BAD_BOUNDS) {
        for (const query of [`from=${value}&to=2027-06-01`, `from=2027-01-01&to=${value}`, `from=${value}`]) {
          const res = await c.actorAgent.get(`${path}?${query}`);
          expect(res.statusCode, `${path}?${query}`).toBe(400);
          expect(res.json().message, `${path}?${query}`).toBe(message);
        }
      }
      // The good forms still answer.
      expect((await c.actorAgent.get(`${path}?from=2028-02-29&to=2028-03-01`)).statusCode, path).toBe(200);
      expect(
        (await c.actorAgent.get(`${path}?from=2028-02-28T10:00:00-05:00&to=2028-03-01T00:00:00Z`)).statusCode,
        path,
      ).toBe(200);
    }
  });

  it('in the bodies of create and edit, changing nothing', async () => {
    const c = await calendarOrg(ctx);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ startDateTime: '2031-02-30T19:00', endDateTime: '2031-03-04T22:00' }, 'startDateTime', M.startDate],
      [{ endDateTime: '2031-04-31T22:00' }, 'endDateTime', M.endDate],
      [{ startDateTime: '0027-05-12T19:00', endDateTime: '0027-05-12T22:00' }, 'startDateTime', YEAR_RANGE],
      [{ startDateTime: '2231-03-04T19:00', endDateTime: '2231-03-04T22:00' }, 'startDateTime', YEAR_RANGE],
      [
        {
          isRecurring: true,
          recurringPattern: 'daily',
          recurringEndType: 'date',
          recurringEnd: '2031-02-30',
        },
        'recurringEnd',
        M.endDateFormat,
      ],
      [
        {
          isRecurring: true,
          recurringPattern: 'daily',
          recurringEndType: 'date',
          recurringEnd: '2201-01-01',
        },
        'recurringEnd',
        YEAR_RANGE,
      ],
    ];
    for (const [fields, field, message] of bad) {
      const res = await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await count(c.org.id)).toBe(0);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    for (const [fields, field, message] of bad) {
      const res = await c.actorAgent.patch(`${c.base}/events/${event.id}`, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(fields)).toBe(message);
    }
    const after = (await c.actorAgent.get(`${c.base}/events/${event.id}`)).json();
    expect(after).toMatchObject({ startDateTime: event.startDateTime, endDateTime: event.endDateTime });
  });
});

describe('a wall time in the spring-forward gap', () => {
  // New York moves from 02:00 EST to 03:00 EDT on Sunday 9 March 2031.
  it('keeps the length of each date of a daily 02:30–03:00 series', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        startDateTime: '2031-03-08T02:30',
        endDateTime: '2031-03-08T03:00',
        isRecurring: true,
        recurringPattern: 'daily',
        recurringEndType: 'count',
        recurringEndCount: 3,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const list = (await c.actorAgent.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`)).json();
    expect(
      list.map((e: { startDateTime: string; endDateTime: string }) => [e.startDateTime, e.endDateTime]),
    ).toEqual([
      ['2031-03-08T02:30:00-05:00', '2031-03-08T03:00:00-05:00'],
      // 02:30 does not exist: read with the offset before the gap, it is 03:30 daylight time.
      ['2031-03-09T03:30:00-04:00', '2031-03-09T04:00:00-04:00'],
      ['2031-03-10T02:30:00-04:00', '2031-03-10T03:00:00-04:00'],
    ]);
  });

  it('stores a one-off in the gap the same way, without "End time must be after start time"', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, { startDateTime: '2031-03-09T02:30', endDateTime: '2031-03-09T03:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().event).toMatchObject({
      startDateTime: '2031-03-09T03:30:00-04:00',
      endDateTime: '2031-03-09T04:00:00-04:00',
    });
    // An end inside the gap after a start before it reads with the same rule.
    const across = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        spaces: ['Annex'],
        startDateTime: '2031-03-09T01:30',
        endDateTime: '2031-03-09T02:30',
      }),
    );
    expect(across.statusCode, across.body).toBe(201);
    expect(across.json().event).toMatchObject({
      startDateTime: '2031-03-09T01:30:00-05:00',
      endDateTime: '2031-03-09T03:30:00-04:00',
    });
  });
});
