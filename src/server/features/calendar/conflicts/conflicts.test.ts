import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { CONFLICT_MESSAGE, OVERRIDE_REFUSED } from './conflicts';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('space conflicts', () => {
  it('answers 409 with the conflicting occurrences when a series overlaps a booking of the same space', async () => {
    const c = await calendarOrg(ctx);
    const show = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        name: 'Hamlet',
        eventType: 'show',
        spaces: ['Main Stage', 'Annex'],
        startDateTime: '2031-03-18T20:00',
        endDateTime: '2031-03-18T23:00',
      }),
    );
    expect(show.statusCode).toBe(201);
    const body = eventBody(c.actor.id, {
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 4,
      spaces: ['Main Stage'],
    });
    const res = await c.actorAgent.post(`${c.base}/events`, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: CONFLICT_MESSAGE,
      data: {
        conflicts: [
          {
            eventId: show.json().event.id,
            seriesId: null,
            name: 'Hamlet',
            startDateTime: '2031-03-18T20:00:00-04:00',
            endDateTime: '2031-03-18T23:00:00-04:00',
            spaces: ['Main Stage'],
          },
        ],
      },
    });
    // Another space, or back-to-back times, are no conflict.
    expect((await c.actorAgent.post(`${c.base}/events`, { ...body, spaces: ['Office'] })).statusCode).toBe(
      201,
    );
    const after = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, { startDateTime: '2031-03-18T23:00', endDateTime: '2031-03-18T23:30' }),
    );
    expect(after.statusCode).toBe(201);
  });

  it('finds a booking begun days before that is still running, however long, up to 14 days', async () => {
    const c = await calendarOrg(ctx);
    const book = (name: string, start: string, end: string) =>
      c.agents.owner.post(
        `${c.base}/events`,
        eventBody(c.people.owner.id, {
          name,
          spaces: ['Main Stage'],
          startDateTime: start,
          endDateTime: end,
        }),
      );
    // A set build of 14 days (the longest booking), a load-in of exactly one day, an overnight one.
    const build = await book('Set build', '2031-06-01T08:00', '2031-06-15T08:00');
    expect(build.statusCode).toBe(201);
    expect((await book('Load-in', '2031-07-01T09:00', '2031-07-02T09:00')).statusCode).toBe(201);
    expect((await book('Overnight', '2031-08-01T22:00', '2031-08-02T06:00')).statusCode).toBe(201);
    // An hour in each one's last stretch clashes: 13 days, a few hours and one hour into them.
    const late = await book('Rehearsal', '2031-06-14T20:00', '2031-06-14T21:00');
    expect(late.statusCode).toBe(409);
    expect(late.json().data.conflicts.map((x: { name: string }) => x.name)).toEqual(['Set build']);
    expect((await book('Rehearsal', '2031-07-02T08:00', '2031-07-02T09:00')).statusCode).toBe(409);
    expect((await book('Rehearsal', '2031-08-02T05:00', '2031-08-02T06:00')).statusCode).toBe(409);
    // The moment each ends the space is free again.
    expect((await book('Rehearsal', '2031-06-15T08:00', '2031-06-15T09:00')).statusCode).toBe(201);
    expect((await book('Rehearsal', '2031-07-02T09:00', '2031-07-02T10:00')).statusCode).toBe(201);
    expect((await book('Rehearsal', '2031-08-02T06:00', '2031-08-02T07:00')).statusCode).toBe(201);
  });

  it('lets owners and admins book anyway with an explicit override, recorded on the event; members may not', async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id));
    const clash = eventBody(c.people.admin.id, {
      name: 'Board meeting',
      startDateTime: '2031-03-04T21:00',
      endDateTime: '2031-03-04T23:00',
    });
    const member = await c.agents.team_lead.post(`${c.base}/events`, {
      ...eventBody(c.people.team_lead.id),
      overrideConflicts: true,
    });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(OVERRIDE_REFUSED);
    const admin = await c.agents.admin.post(`${c.base}/events`, { ...clash, overrideConflicts: true });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().event.conflictOverride).toBe(true);
    const [audit] = await ctx.database.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and target_id = $2`,
      [c.org.id, admin.json().event.id],
    );
    expect(audit.action).toBe('calendar.conflict_override');
  });

  it('checks edits too, but not against the rows being replaced', async () => {
    const c = await calendarOrg(ctx);
    const series = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        isRecurring: true,
        recurringPattern: 'daily',
        recurringEndType: 'count',
        recurringEndCount: 5,
      }),
    );
    const other = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        name: 'Class',
        spaces: ['Annex'],
        startDateTime: '2031-03-06T18:00',
        endDateTime: '2031-03-06T20:00',
      }),
    );
    expect(other.statusCode).toBe(201);
    const firstId = series.json().event.id;
    // Moving the whole series half an hour overlaps only its own old rows: allowed.
    const shift = await c.actorAgent.patch(`${c.base}/events/${firstId}?strategy=series`, {
      startDateTime: '2031-03-04T19:30',
      endDateTime: '2031-03-04T22:30',
    });
    expect(shift.statusCode).toBe(200);
    // Adding the Annex collides with the class on the third day.
    const clash = await c.actorAgent.patch(`${c.base}/events/${firstId}?strategy=series`, {
      spaces: ['Main Stage', 'Annex'],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data.conflicts.map((x: { name: string }) => x.name)).toEqual(['Class']);
    // Moving the class onto the series is refused as well.
    const move = await c.actorAgent.patch(`${c.base}/events/${other.json().event.id}`, {
      spaces: ['Main Stage'],
    });
    expect(move.statusCode).toBe(409);
  });

  it('leaves nothing behind when it refuses a booking: no rows, no series, no change notices', async () => {
    // Without an override the check runs in the write statement itself (FoldedCheck): the write
    // is made, then rolled back with the 409. Every kind of booking write is refused here.
    const c = await calendarOrg(ctx);
    const weekly = (overrides: Parameters<typeof eventBody>[1]) =>
      eventBody(c.actor.id, {
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringWeeklyDays: ['2'],
        recurringEndType: 'count',
        recurringEndCount: 4,
        teamIds: [c.teamId],
        ...overrides,
      });
    const series = await c.actorAgent.post(`${c.base}/events`, weekly({}));
    expect(series.statusCode).toBe(201);
    const class_ = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, {
        name: 'Class',
        spaces: ['Annex'],
        startDateTime: '2031-03-11T18:00',
        endDateTime: '2031-03-11T20:00',
      }),
    );
    expect(class_.statusCode).toBe(201);
    const state = async () => ({
      events: await ctx.database.query(
        `select id, series_id, name, spaces, start_date_time, end_date_time, conflict_override
         from calendar_events where organization_id = $1 order by id`,
        [c.org.id],
      ),
      series: await ctx.database.query(
        'select id, rule from calendar_event_series where organization_id = $1 order by id',
        [c.org.id],
      ),
      teams: await ctx.database.query(
        'select event_id, team_id from calendar_event_teams where organization_id = $1 order by 1, 2',
        [c.org.id],
      ),
      changes: await ctx.database.query('select id from event_changes where organization_id = $1', [
        c.org.id,
      ]),
    });
    const before = await state();
    const firstId = series.json().event.id as number;
    const classId = class_.json().event.id as number;
    const refusals = [
      c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id, { name: 'One-off' })),
      c.actorAgent.post(`${c.base}/events`, weekly({ name: 'Another series' })),
      c.actorAgent.patch(`${c.base}/events/${classId}`, { spaces: ['Main Stage'] }),
      c.actorAgent.patch(`${c.base}/events/${firstId + 1}?strategy=this`, {
        name: 'Moved',
        startDateTime: '2031-03-11T17:00',
        endDateTime: '2031-03-11T19:00',
        spaces: ['Annex'],
      }),
      c.actorAgent.patch(`${c.base}/events/${firstId + 1}?strategy=future`, {
        name: 'Renamed',
        spaces: ['Main Stage', 'Annex'],
      }),
      c.actorAgent.patch(`${c.base}/events/${firstId}?strategy=series`, {
        name: 'Renamed',
        spaces: ['Main Stage', 'Annex'],
      }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CONFLICT_MESSAGE);
      expect(res.json().data.conflicts.length).toBeGreaterThan(0);
    }
    expect(await state()).toEqual(before);
    // The same edit with no clash is written, with its notices.
    const renamed = await c.actorAgent.patch(`${c.base}/events/${firstId}?strategy=series`, {
      name: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await state()).changes.length).toBeGreaterThan(before.changes.length);
  });

  it("refuses a booking past a never-ending series' rows until then: the series grows first", async () => {
    const c = await calendarOrg(ctx);
    // Tuesdays from March 2031, never ending: rows exist about 400 days ahead, to spring 2032.
    const series = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, {
        isRecurring: true,
        recurringPattern: 'weekly',
        recurringWeeklyDays: ['2'],
        spaces: ['Main Stage'],
      }),
    );
    expect(series.statusCode).toBe(201);
    // A Tuesday evening in 2033, far past those rows.
    const later = eventBody(c.actor.id, {
      spaces: ['Main Stage'],
      startDateTime: '2033-03-01T20:00',
      endDateTime: '2033-03-01T21:00',
    });
    const res = await c.actorAgent.post(`${c.base}/events`, later);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.conflicts).toMatchObject([{ seriesId: series.json().event.seriesId }]);
    // An edit that moves a booking there is refused the same way.
    const other = await c.actorAgent.post(`${c.base}/events`, {
      ...later,
      startDateTime: '2033-03-02T20:00',
      endDateTime: '2033-03-02T21:00',
    });
    expect(other.statusCode).toBe(201);
    const moved = await c.actorAgent.patch(`${c.base}/events/${other.json().event.id}`, {
      startDateTime: '2033-03-08T20:00',
      endDateTime: '2033-03-08T21:00',
    });
    expect(moved.statusCode).toBe(409);
  });
});
