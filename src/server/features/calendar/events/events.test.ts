import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../../tests/support/factories';
import { calendarEventSchema, eventDetailSchema, M } from '../../../../common/schemas/calendar';
import { DELETE_REFUSED, EDIT_REFUSED } from '../service';
import { calendarOrg, eventBody } from '../test-helpers';
import {
  NO_DATES,
  NOT_AN_INSTRUCTOR,
  RESERVE_FOR_OTHERS,
  RESERVER_NOT_MEMBER,
  TEAMS_NOT_FOUND,
  TOO_FAR_BACK,
} from './validation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

type Ev = { id: number; seriesId: number | null; name: string; startDateTime: string; endDateTime: string };
const count = async (orgId: number) =>
  (
    await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from calendar_events where organization_id = $1',
      [orgId],
    )
  )[0].n;

async function list(agent: Agent, base: string, from = '2031-01-01', to = '2031-12-31'): Promise<Ev[]> {
  const res = await agent.get(`${base}/events?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const weekly = (reservedBy: number, extra = {}) =>
  eventBody(reservedBy, {
    isRecurring: true,
    recurringPattern: 'weekly',
    recurringEndType: 'count',
    recurringEndCount: 6,
    ...extra,
  });

describe('POST /api/organizations/{orgId}/calendar/events', () => {
  it('creates an event from local wall times and returns it in the organization zone', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, { teamIds: [c.teamId], eventUrl: 'https://example.org/hamlet' }),
    );
    expect(res.statusCode).toBe(201);
    const { event, occurrenceCount } = res.json();
    expect(occurrenceCount).toBe(1);
    expect(event).toMatchObject({
      name: 'Rehearsal',
      spaces: ['Main Stage'],
      startDateTime: '2031-03-04T19:00:00-05:00',
      endDateTime: '2031-03-04T22:00:00-05:00',
      eventType: 'rehearsal',
      isRecurring: false,
      seriesId: null,
      eventUrl: 'https://example.org/hamlet',
      reservedBy: { id: c.actor.id, username: c.actor.username, firstName: 'Ada', lastName: 'Person' },
      teams: [{ id: c.teamId, name: 'Hamlet Cast' }],
      organizationId: c.org.id,
      isFollowing: true,
    });
    const again = await c.agents.board.get(`${c.base}/events/${event.id}`);
    expect(again.json()).toMatchObject({ id: event.id, isFollowing: false });
  });

  it('writes times with the offset of the organization zone, half-hour zones included', async () => {
    const c = await calendarOrg(ctx, 'Asia/Kolkata');
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    expect(event.startDateTime).toBe('2031-03-04T19:00:00+05:30');
    expect((await list(c.actorAgent, c.base))[0].endDateTime).toBe('2031-03-04T22:00:00+05:30');
  });

  it('answers 401 signed out and 404 for another organization', async () => {
    const c = await calendarOrg(ctx);
    expect(
      (await new Agent(ctx.app, c.org.host).post(`${c.base}/events`, eventBody(c.actor.id))).statusCode,
    ).toBe(401);
    expect((await new Agent(ctx.app, c.org.host).get(`${c.base}/events`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const stranger = await buildUser(ctx.database, { org: other, role: 'owner' });
    const agent = await signedIn(ctx, stranger, other);
    expect((await agent.post(`${c.base}/events`, eventBody(stranger.id))).statusCode).toBe(404);
    expect((await agent.get(`${c.base}/events`)).statusCode).toBe(404);
    expect(await count(c.org.id)).toBe(0);
  });

  it('refuses every bad field with the spec message and creates nothing', async () => {
    const c = await calendarOrg(ctx);
    const other = await buildOrg(ctx.database);
    const [foreignTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Elsewhere', 'elsewhere') returning id`,
      [other.id],
    );
    const outsider = await buildUser(ctx.database, { org: other });
    const foreignInstructor = await buildUser(ctx.database, {
      org: other,
      organizationRoles: ['Instructor'],
    });
    const [archivedTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle, archived_at) values ($1, 'Old Cast', $2, now()) returning id`,
      [c.org.id, `old-cast-${c.org.id}`],
    );
    const id = c.actor.id;
    const daily = { isRecurring: true, recurringPattern: 'daily' };
    // [override, message, status when not 400]
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ name: undefined }, M.name],
      [{ name: '   ' }, M.name],
      [{ name: 'x'.repeat(256) }, M.nameLength],
      [{ spaces: [] }, M.spaces],
      [{ spaces: undefined }, M.spaces],
      [{ spaces: ['Basement'] }, M.space],
      [{ startDateTime: undefined }, M.startDate],
      [{ startDateTime: '2031-03-04' }, M.startTime],
      [{ startDateTime: '2031-02-30T10:00:00' }, M.startDate],
      [{ endDateTime: '' }, M.endDate],
      [{ endDateTime: '2031-03-04' }, M.endTime],
      [{ reservedBy: undefined }, M.reservedBy],
      [{ eventType: 'party' }, M.eventType],
      [{ endDateTime: '2031-03-04T18:00:00' }, M.endAfterStart],
      [{ endDateTime: '2031-03-30T18:00:00' }, M.tooLong],
      [{ eventUrl: 'not a url' }, M.url],
      [{ eventUrl: 'javascript:alert(1)' }, M.url],
      [{ isRecurring: true }, M.patternRequired],
      [{ isRecurring: true, recurringPattern: 'hourly' }, M.pattern],
      [{ isRecurring: true, recurringPattern: 'daily', recurringInterval: 0 }, M.interval],
      [{ isRecurring: true, recurringPattern: 'monthly', recurringMonthlyWeek: 6 }, M.monthlyWeek],
      [{ isRecurring: true, recurringPattern: 'monthly', recurringMonthlyWeekday: 7 }, M.monthlyWeekday],
      [{ isRecurring: true, recurringPattern: 'weekly', recurringWeeklyDays: ['8'] }, M.weeklyDays],
      [{ isRecurring: true, recurringPattern: 'daily', recurringEndType: 'forever' }, M.endType],
      [
        { isRecurring: true, recurringPattern: 'daily', recurringEndType: 'count', recurringEndCount: 0 },
        M.endCount,
      ],
      [{ isRecurring: true, recurringPattern: 'daily', recurringEndType: 'count' }, M.endCount],
      [{ isRecurring: true, recurringPattern: 'daily', recurringEndType: 'date' }, M.repeatEnd],
      [
        {
          isRecurring: true,
          recurringPattern: 'daily',
          recurringEndType: 'date',
          recurringEnd: '2031-01-01',
        },
        M.endDateBefore,
      ],
      [{ eventType: 'class', teamIds: [c.teamId] }, M.teamsType],
      [{ instructorId: c.instructor.id }, M.instructorType],
      [{ teamIds: [foreignTeam.id] }, TEAMS_NOT_FOUND],
      [{ eventType: 'class', instructorId: c.actor.id }, NOT_AN_INSTRUCTOR],
      [{ reservedBy: outsider.id }, RESERVE_FOR_OTHERS, 403],
      [{ ...daily, recurringInterval: 100 }, M.intervalMax],
      [{ ...daily, recurringInterval: 1.5 }, M.interval],
      [{ ...daily, recurringEndType: 'count', recurringEndCount: 1001 }, M.endCountMax],
      [{ ...daily, recurringEndType: 'date', recurringEnd: 'next week' }, M.endDateFormat],
      [{ ...daily, recurringEndType: 'date', recurringEnd: '2031-02-30' }, M.endDateFormat],
      [{ description: 'x'.repeat(5001) }, M.description],
      [{ teamIds: 'Hamlet Cast' }, 'Teams must be a list of team ids'],
      [{ teamIds: { id: c.teamId } }, 'Teams must be a list of team ids'],
      // A Tuesday start, repeating on Mondays, ending the next day: no date at all.
      [
        {
          isRecurring: true,
          recurringPattern: 'weekly',
          recurringWeeklyDays: ['1'],
          recurringEndType: 'date',
          recurringEnd: '2031-03-05',
        },
        NO_DATES,
      ],
      [
        {
          ...daily,
          recurringEndType: 'count',
          recurringEndCount: 3,
          startDateTime: '2020-03-03T19:00:00',
          endDateTime: '2020-03-03T22:00:00',
        },
        TOO_FAR_BACK,
      ],
      [{ teamIds: [archivedTeam.id] }, TEAMS_NOT_FOUND],
      [{ eventType: 'class', instructorId: foreignInstructor.id }, NOT_AN_INSTRUCTOR],
    ];
    for (const [override, message, status = 400] of cases) {
      const res = await c.actorAgent.post(`${c.base}/events`, { ...eventBody(id), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(status);
      expect(res.json().message, JSON.stringify(override)).toBe(message);
    }
    // An owner may reserve for others, but only for members of this organization.
    const res = await c.agents.owner.post(`${c.base}/events`, eventBody(outsider.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: RESERVER_NOT_MEMBER,
      errors: { reservedBy: RESERVER_NOT_MEMBER },
    });
    expect(await count(c.org.id)).toBe(0);
  });

  it('lets owners and admins reserve for a member, but not a member for someone else', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.agents.admin.post(`${c.base}/events`, eventBody(c.actor.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().event.reservedBy.id).toBe(c.actor.id);
    const refused = await c.agents.team_lead.post(`${c.base}/events`, eventBody(c.actor.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RESERVE_FOR_OTHERS);
  });

  it('lets any member add an event and accepts an instructor with the Instructor role for a class', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.agents.standard_user.post(
      `${c.base}/events`,
      eventBody(c.people.standard_user.id, {
        eventType: 'class',
        instructorId: c.instructor.id,
        spaces: ['Annex', 'Office'],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().event).toMatchObject({
      eventType: 'class',
      instructor: { id: c.instructor.id },
      spaces: ['Office', 'Annex'],
    });
  });

  it('expands each pattern with its interval and end', async () => {
    const c = await calendarOrg(ctx);
    const make = async (extra: Record<string, unknown>) => {
      const res = await c.actorAgent.post(
        `${c.base}/events`,
        eventBody(c.actor.id, { isRecurring: true, spaces: ['Office'], ...extra }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const local = (e: Ev) => e.startDateTime.slice(0, 16);
    const seriesOf = async (seriesId: number) =>
      (await list(c.actorAgent, c.base, '2031-01-01', '2032-01-31')).filter((e) => e.seriesId === seriesId);

    const daily = await make({
      recurringPattern: 'daily',
      recurringInterval: 2,
      recurringEndType: 'count',
      recurringEndCount: 4,
      startDateTime: '2031-03-07T19:00',
      endDateTime: '2031-03-07T20:00',
    });
    expect(daily.occurrenceCount).toBe(4);
    // Across the 9 March 2031 change the rehearsal stays at 19:00 local.
    expect((await seriesOf(daily.event.seriesId)).map((e) => e.startDateTime)).toEqual([
      '2031-03-07T19:00:00-05:00',
      '2031-03-09T19:00:00-04:00',
      '2031-03-11T19:00:00-04:00',
      '2031-03-13T19:00:00-04:00',
    ]);
    const weeklyDays = await make({
      recurringPattern: 'weekly',
      recurringWeeklyDays: ['1', '3'],
      recurringEndType: 'date',
      recurringEnd: '2031-04-16',
      startDateTime: '2031-04-01T08:00',
      endDateTime: '2031-04-01T09:00',
    });
    expect((await seriesOf(weeklyDays.event.seriesId)).map(local)).toEqual([
      '2031-04-02T08:00',
      '2031-04-07T08:00',
      '2031-04-09T08:00',
      '2031-04-14T08:00',
      '2031-04-16T08:00',
    ]);
    const fifth = await make({
      recurringPattern: 'monthly',
      recurringMonthlyWeek: 5,
      recurringMonthlyWeekday: 5,
      recurringEndType: 'count',
      recurringEndCount: 3,
      startDateTime: '2031-01-31T10:00',
      endDateTime: '2031-01-31T11:00',
    });
    expect((await seriesOf(fifth.event.seriesId)).map(local)).toEqual([
      '2031-01-31T10:00',
      '2031-05-30T10:00',
      '2031-08-29T10:00',
    ]);
    const byDate = await make({
      recurringPattern: 'monthlyByDate',
      recurringInterval: 3,
      recurringEndType: 'count',
      recurringEndCount: 3,
      startDateTime: '2031-02-15T12:00',
      endDateTime: '2031-02-15T13:00',
    });
    expect((await seriesOf(byDate.event.seriesId)).map(local)).toEqual([
      '2031-02-15T12:00',
      '2031-05-15T12:00',
      '2031-08-15T12:00',
    ]);
    const yearly = await make({
      recurringPattern: 'yearly',
      recurringEndType: 'count',
      recurringEndCount: 2,
      startDateTime: '2031-06-01T12:00',
      endDateTime: '2031-06-01T13:00',
    });
    expect(yearly.occurrenceCount).toBe(2);
    expect(yearly.event.recurringPattern).toBe('yearly');
  });

  it('keeps a series that never ends to a horizon and grows it when a later month is read', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.post(
      `${c.base}/events`,
      weekly(c.actor.id, { recurringEndType: 'never', recurringEndCount: null }),
    );
    expect(res.statusCode).toBe(201);
    const { occurrenceCount, event } = res.json();
    // 400 days from the start.
    expect(occurrenceCount).toBeGreaterThanOrEqual(57);
    expect(occurrenceCount).toBeLessThanOrEqual(58);
    const later = await list(c.actorAgent, c.base, '2034-01-01', '2034-01-31');
    expect(
      later.filter((e) => e.seriesId === event.seriesId).map((e) => e.startDateTime.slice(0, 10)),
    ).toEqual(['2034-01-03', '2034-01-10', '2034-01-17', '2034-01-24', '2034-01-31']);
    const months = await c.actorAgent.get(`${c.base}/events?from=2031-01-01&to=2033-01-01`);
    expect(months.statusCode).toBe(400);
    expect(months.json().message).toBe('The date range may span at most 400 days');
    expect((await c.actorAgent.get(`${c.base}/events?from=2031-02-01&to=2031-01-01`)).json().message).toBe(
      "'from' must be before 'to'",
    );
    expect((await c.actorAgent.get(`${c.base}/events?from=soon`)).statusCode).toBe(400);
    expect((await c.actorAgent.get(`${c.base}/events?type=party`)).json().message).toBe(M.eventType);
  });

  it('filters the list by type and, without a range, shows 31 days back to 366 ahead', async () => {
    const c = await calendarOrg(ctx);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    for (const [day, type] of [
      [soon, 'show'],
      [soon, 'class'],
      [far, 'show'],
    ] as const) {
      const body = eventBody(c.actor.id, {
        eventType: type,
        startDateTime: `${day}T10:00`,
        endDateTime: `${day}T11:00`,
        spaces: [type === 'show' ? 'Main Stage' : 'Annex'],
      });
      expect((await c.actorAgent.post(`${c.base}/events`, body)).statusCode).toBe(201);
    }
    const all = (await c.actorAgent.get(`${c.base}/events`)).json();
    expect(all.map((e: Ev & { eventType: string }) => e.eventType)).toEqual(['show', 'class']);
    const shows = (await c.actorAgent.get(`${c.base}/events?type=show&from=${soon}&to=${far}`)).json();
    expect(shows).toHaveLength(2);
  });
});

describe('GET /api/organizations/{orgId}/calendar/events/{eventId}', () => {
  it('sends the list, built as text by PostgreSQL, and one event exactly as their schemas describe', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id, { teamIds: [c.teamId] }));
    expect(created.statusCode, created.body).toBe(201);
    const items = await list(c.actorAgent, c.base);
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) calendarEventSchema.strict().parse(item);
    const one = await c.actorAgent.get(`${c.base}/events/${items[1].id}`);
    expect(one.statusCode).toBe(200);
    expect(eventDetailSchema.strict().parse(one.json())).toMatchObject({
      id: items[1].id,
      recurringRemainingCount: expect.any(Number),
      wholeSeries: expect.objectContaining({ pattern: 'weekly' }),
      sceneIds: [],
      scenes: [],
    });
  });

  it('answers 401 signed out', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const res = await new Agent(ctx.app, c.org.host).get(`${c.base}/events/${event.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Rehearsal');
  });
});

describe('PATCH /api/organizations/{orgId}/calendar/events/{eventId}', () => {
  it('lets the reserver, an owner and an admin edit; others get 403 and another organization 404', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const url = `${c.base}/events/${event.id}`;
    expect((await c.actorAgent.patch(url, { name: 'Blocking' })).json().event.name).toBe('Blocking');
    expect((await c.agents.owner.patch(url, { name: 'Owner edit' })).statusCode).toBe(200);
    expect((await c.agents.admin.patch(url, { description: '' })).json().event.description).toBeNull();
    for (const role of ['board', 'team_lead', 'standard_user', 'volunteer_coordinator'] as const) {
      const res = await c.agents[role].patch(url, { name: 'Nope' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(EDIT_REFUSED);
    }
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect(
      (await agent.patch(`/api/organizations/${other.id}/calendar/events/${event.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await agent.get(`/api/organizations/${other.id}/calendar/events/${event.id}`)).statusCode).toBe(
      404,
    );
    expect((await new Agent(ctx.app, c.org.host).patch(url, { name: 'x' })).statusCode).toBe(401);
    expect((await c.actorAgent.patch(`${c.base}/events/999999`, { name: 'x' })).statusCode).toBe(404);
    const bad = await c.actorAgent.patch(url, { name: '', endDateTime: '2031-03-04T10:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: M.name, endDateTime: M.endAfterStart });
    expect((await c.actorAgent.get(url)).json().name).toBe('Owner edit');
  });

  it('refuses a bad strategy and a body that is not an object, changing nothing', async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    const url = `${c.base}/events/${before[0].id}`;
    const strategy = await c.actorAgent.patch(`${url}?strategy=all`, { name: 'Renamed' });
    expect(strategy.statusCode).toBe(400);
    expect(strategy.json().message).toBe('Strategy must be this, future or series');
    for (const body of [['name', 'Renamed'], 'Renamed', 42]) {
      const res = await c.actorAgent.request('PATCH', url, JSON.stringify(body), {
        'content-type': 'application/json',
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({
        message: 'Invalid request body',
        errors: { body: 'Invalid request body' },
      });
    }
    expect(await list(c.actorAgent, c.base)).toEqual(before);
  });

  it('refuses a member who reserved the event handing it to someone else', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const url = `${c.base}/events/${event.id}`;
    const res = await c.actorAgent.patch(url, { reservedBy: c.people.standard_user.id, name: 'Handed over' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(RESERVE_FOR_OTHERS);
    expect((await c.actorAgent.get(url)).json()).toMatchObject({
      name: 'Rehearsal',
      reservedBy: { id: c.actor.id },
    });
  });

  it("refuses another organization's team or instructor in an edit, changing nothing", async () => {
    const c = await calendarOrg(ctx);
    const other = await buildOrg(ctx.database);
    const [foreignTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Elsewhere', 'elsewhere') returning id`,
      [other.id],
    );
    const foreignInstructor = await buildUser(ctx.database, {
      org: other,
      organizationRoles: ['Instructor'],
    });
    const { event: rehearsal } = (
      await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id, { teamIds: [c.teamId] }))
    ).json();
    const { event: cls } = (
      await c.actorAgent.post(
        `${c.base}/events`,
        eventBody(c.actor.id, { eventType: 'class', instructorId: c.instructor.id, spaces: ['Annex'] }),
      )
    ).json();
    const team = await c.actorAgent.patch(`${c.base}/events/${rehearsal.id}`, {
      name: 'Elsewhere rehearsal',
      teamIds: [c.teamId, foreignTeam.id],
    });
    expect(team.statusCode).toBe(400);
    expect(team.json()).toMatchObject({ message: TEAMS_NOT_FOUND, errors: { teamIds: TEAMS_NOT_FOUND } });
    const teacher = await c.agents.owner.patch(`${c.base}/events/${cls.id}`, {
      name: 'Elsewhere class',
      instructorId: foreignInstructor.id,
    });
    expect(teacher.statusCode).toBe(400);
    expect(teacher.json()).toMatchObject({
      message: NOT_AN_INSTRUCTOR,
      errors: { instructorId: NOT_AN_INSTRUCTOR },
    });
    expect((await c.actorAgent.get(`${c.base}/events/${rehearsal.id}`)).json()).toMatchObject({
      name: 'Rehearsal',
      teams: [{ id: c.teamId, name: 'Hamlet Cast' }],
    });
    expect((await c.actorAgent.get(`${c.base}/events/${cls.id}`)).json()).toMatchObject({
      name: 'Rehearsal',
      instructor: { id: c.instructor.id },
    });
  });

  it("'series' and 'future' add dates when the series grows and remove them when it shrinks", async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id))).json();
    const before = await list(c.actorAgent, c.base);
    const longer = await c.actorAgent.patch(`${c.base}/events/${before[1].id}?strategy=series`, {
      recurringEndCount: 8,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json()).toMatchObject({ updatedCount: 6, createdCount: 2, deletedCount: 0 });
    const eight = await list(c.actorAgent, c.base);
    expect(eight.map((e) => e.startDateTime.slice(0, 10))).toEqual([
      '2031-03-04',
      '2031-03-11',
      '2031-03-18',
      '2031-03-25',
      '2031-04-01',
      '2031-04-08',
      '2031-04-15',
      '2031-04-22',
    ]);
    expect(eight.slice(0, 6).map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(new Set(eight.map((e) => e.seriesId))).toEqual(new Set([event.seriesId]));

    // From the third date: four dates become six, a new series from there.
    const future = await c.actorAgent.patch(`${c.base}/events/${eight[2].id}?strategy=future`, {
      name: 'Run-through',
      recurringEndCount: 8,
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json()).toMatchObject({ updatedCount: 6, createdCount: 2, deletedCount: 0 });
    const ten = await list(c.actorAgent, c.base);
    expect(ten.map((e) => [e.name, e.startDateTime.slice(0, 10)])).toEqual([
      ['Rehearsal', '2031-03-04'],
      ['Rehearsal', '2031-03-11'],
      ['Run-through', '2031-03-18'],
      ['Run-through', '2031-03-25'],
      ['Run-through', '2031-04-01'],
      ['Run-through', '2031-04-08'],
      ['Run-through', '2031-04-15'],
      ['Run-through', '2031-04-22'],
      ['Run-through', '2031-04-29'],
      ['Run-through', '2031-05-06'],
    ]);
    const split = ten[2].seriesId;
    expect(split).not.toBe(event.seriesId);

    // From the fifth date (third of the new series): eight dates of it become three.
    const shorter = await c.actorAgent.patch(`${c.base}/events/${ten[4].id}?strategy=future`, {
      name: 'Final run',
      recurringEndCount: 3,
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ updatedCount: 3, createdCount: 0, deletedCount: 3 });
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => [e.name, e.startDateTime.slice(0, 10)])).toEqual([
      ['Rehearsal', '2031-03-04'],
      ['Rehearsal', '2031-03-11'],
      ['Run-through', '2031-03-18'],
      ['Run-through', '2031-03-25'],
      ['Final run', '2031-04-01'],
      ['Final run', '2031-04-08'],
      ['Final run', '2031-04-15'],
    ]);
    expect(after[4].id).toBe(ten[4].id);
    expect(await count(c.org.id)).toBe(7);
  });

  it("'this' moves one date and keeps it in its series as an exception", async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id))).json();
    const before = await list(c.actorAgent, c.base);
    const third = before[2];
    const res = await c.actorAgent.patch(`${c.base}/events/${third.id}?strategy=this`, {
      name: 'Moved rehearsal',
      startDateTime: '2031-03-19T17:00:00',
      endDateTime: '2031-03-19T18:30:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updatedCount: 1, createdCount: 0, deletedCount: 0 });
    expect(res.json().event).toMatchObject({
      id: third.id,
      seriesId: event.seriesId,
      isException: true,
      name: 'Moved rehearsal',
    });
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => [e.id, e.name, e.startDateTime.slice(0, 16)])).toEqual([
      [before[0].id, 'Rehearsal', '2031-03-04T19:00'],
      [before[1].id, 'Rehearsal', '2031-03-11T19:00'],
      [third.id, 'Moved rehearsal', '2031-03-19T17:00'],
      [before[3].id, 'Rehearsal', '2031-03-25T19:00'],
      [before[4].id, 'Rehearsal', '2031-04-01T19:00'],
      [before[5].id, 'Rehearsal', '2031-04-08T19:00'],
    ]);
    // A later edit of the whole series keeps the moved date where it is and does not recreate it.
    const all = await c.actorAgent.patch(`${c.base}/events/${before[0].id}?strategy=series`, {
      startDateTime: '2031-03-04T18:00',
      endDateTime: '2031-03-04T21:00',
    });
    expect(all.statusCode).toBe(200);
    const final = await list(c.actorAgent, c.base);
    expect(final).toHaveLength(6);
    expect(final.map((e) => e.startDateTime.slice(11, 16))).toEqual([
      '18:00',
      '18:00',
      '17:00',
      '18:00',
      '18:00',
      '18:00',
    ]);
  });

  it("'series' changes every date, keeps their ids and says how many", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id));
    const before = await list(c.actorAgent, c.base);
    // From the fourth date: move the weekday from Tuesday to Thursday and the time to 18:30.
    const res = await c.actorAgent.patch(`${c.base}/events/${before[3].id}?strategy=series`, {
      name: 'Tech rehearsal',
      startDateTime: '2031-03-27T18:30',
      endDateTime: '2031-03-27T21:00',
      recurringWeeklyDays: ['4'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updatedCount: 6, createdCount: 0, deletedCount: 0 });
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(after.map((e) => e.startDateTime.slice(0, 16))).toEqual([
      '2031-03-06T18:30',
      '2031-03-13T18:30',
      '2031-03-20T18:30',
      '2031-03-27T18:30',
      '2031-04-03T18:30',
      '2031-04-10T18:30',
    ]);
    expect(new Set(after.map((e) => e.name))).toEqual(new Set(['Tech rehearsal']));
    // Fewer dates: the extra rows go, and the answer counts them.
    const fewer = await c.actorAgent.patch(`${c.base}/events/${before[0].id}?strategy=series`, {
      recurringEndCount: 4,
    });
    expect(fewer.json()).toMatchObject({ updatedCount: 4, deletedCount: 2, createdCount: 0 });
  });

  it("'future' splits the series at the edited date", async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id))).json();
    const before = await list(c.actorAgent, c.base);
    const res = await c.actorAgent.patch(`${c.base}/events/${before[2].id}?strategy=future`, {
      name: 'Dress rehearsal',
      spaces: ['Annex'],
      recurringEndCount: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updatedCount: 4, createdCount: 0, deletedCount: 0 });
    const after = await list(c.actorAgent, c.base);
    expect(after.map((e) => [e.name, e.startDateTime.slice(0, 10)])).toEqual([
      ['Rehearsal', '2031-03-04'],
      ['Rehearsal', '2031-03-11'],
      ['Dress rehearsal', '2031-03-18'],
      ['Dress rehearsal', '2031-03-25'],
      ['Dress rehearsal', '2031-04-01'],
      ['Dress rehearsal', '2031-04-08'],
    ]);
    expect(after[0].seriesId).toBe(event.seriesId);
    expect(after[2].seriesId).not.toBe(event.seriesId);
    expect(after[2].id).toBe(before[2].id);
    const first = (await c.actorAgent.get(`${c.base}/events/${before[0].id}`)).json();
    // The first part ends after its own two dates and, like every part, shows the series' total.
    expect(first).toMatchObject({
      recurringEndType: 'count',
      recurringEndCount: 6,
      recurringRemainingCount: 6,
    });
  });

  it('turns a single event into a series, and a series back into one event', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const made = await c.actorAgent.patch(`${c.base}/events/${event.id}`, {
      isRecurring: true,
      recurringPattern: 'daily',
      recurringEndType: 'count',
      recurringEndCount: 3,
    });
    expect(made.json()).toMatchObject({
      updatedCount: 1,
      createdCount: 2,
      event: { id: event.id, isRecurring: true },
    });
    const single = await c.actorAgent.patch(`${c.base}/events/${event.id}?strategy=series`, {
      isRecurring: false,
    });
    expect(single.json()).toMatchObject({
      updatedCount: 1,
      deletedCount: 2,
      event: { id: event.id, isRecurring: false, seriesId: null },
    });
    expect(await list(c.actorAgent, c.base)).toHaveLength(1);
  });
});

describe('DELETE /api/organizations/{orgId}/calendar/events/{eventId}', () => {
  it('deletes one date, the rest of a series, or the whole series, with counts', async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id));
    const ids = (await list(c.actorAgent, c.base)).map((e) => e.id);
    const one = await c.actorAgent.delete(`${c.base}/events/${ids[1]}?strategy=this`);
    expect(one.json()).toEqual({ deletedCount: 1 });
    const future = await c.actorAgent.delete(`${c.base}/events/${ids[4]}?strategy=future`);
    expect(future.json()).toEqual({ deletedCount: 2 });
    expect((await list(c.actorAgent, c.base)).map((e) => e.id)).toEqual([ids[0], ids[2], ids[3]]);
    // Editing the series later does not bring back the deleted dates.
    await c.actorAgent.patch(`${c.base}/events/${ids[0]}?strategy=series`, { name: 'Renamed' });
    expect((await list(c.actorAgent, c.base)).map((e) => e.id)).toEqual([ids[0], ids[2], ids[3]]);
    const all = await c.actorAgent.delete(`${c.base}/events/${ids[2]}?strategy=series`);
    expect(all.json()).toEqual({ deletedCount: 3 });
    expect(await count(c.org.id)).toBe(0);
  });

  it('deletes a single event with any strategy; refuses everyone but its reserver with 403, even owners and admins, and another organization with 404', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const url = `${c.base}/events/${event.id}`;
    for (const role of ['board', 'admin', 'owner'] as const) {
      const refused = await c.agents[role].delete(url);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe(DELETE_REFUSED);
    }
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect(
      (await agent.delete(`/api/organizations/${other.id}/calendar/events/${event.id}`)).statusCode,
    ).toBe(404);
    expect((await c.actorAgent.delete(`${url}?strategy=sometimes`)).statusCode).toBe(400);
    expect((await c.actorAgent.delete(`${url}?strategy=series`)).json()).toEqual({ deletedCount: 1 });
    expect((await c.actorAgent.delete(url)).statusCode).toBe(404);
  });
  it("'future' on the first date of a series deletes the whole series", async () => {
    const c = await calendarOrg(ctx);
    await c.actorAgent.post(`${c.base}/events`, weekly(c.actor.id));
    const ids = (await list(c.actorAgent, c.base)).map((e) => e.id);
    const res = await c.actorAgent.delete(`${c.base}/events/${ids[0]}?strategy=future`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 6 });
    expect(await count(c.org.id)).toBe(0);
    expect(await list(c.actorAgent, c.base, '2031-01-01', '2031-12-31')).toEqual([]);
    const series = await ctx.database.query(
      'select id from calendar_event_series where organization_id = $1',
      [c.org.id],
    );
    expect(series).toEqual([]);
  });

  it('answers 401 signed out and deletes nothing', async () => {
    const c = await calendarOrg(ctx);
    const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
    const res = await new Agent(ctx.app, c.org.host).delete(`${c.base}/events/${event.id}?strategy=series`);
    expect(res.statusCode).toBe(401);
    expect(await count(c.org.id)).toBe(1);
    expect((await c.actorAgent.get(`${c.base}/events/${event.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/organizations/{orgId}/calendar/options', () => {
  it('lists the fixed choices, teams, people and who may be an instructor', async () => {
    const c = await calendarOrg(ctx);
    const res = await c.actorAgent.get(`${c.base}/options`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      spaces: ['Main Stage', 'Office', 'Annex'],
      eventTypes: ['show', 'class', 'rehearsal', 'other'],
      timeZone: 'America/New_York',
      teams: [{ id: c.teamId, name: 'Hamlet Cast' }],
      canConfigure: false,
      canOverrideConflicts: false,
    });
    const instructors = body.people
      .filter((p: { isInstructor: boolean }) => p.isInstructor)
      .map((p: { id: number }) => p.id);
    expect(instructors).toEqual([c.instructor.id]);
    expect((await c.agents.admin.get(`${c.base}/options`)).json()).toMatchObject({
      canConfigure: true,
      canOverrideConflicts: true,
    });
    expect((await new Agent(ctx.app, c.org.host).get(`${c.base}/options`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const agent = await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    expect((await agent.get(`${c.base}/options`)).statusCode).toBe(404);
  });
});

describe('the event list after changes it does not make itself', () => {
  // The list is kept per viewer until the database announces a change to what it reads: every
  // row it reads must count, whoever writes it.
  it('shows renamed people and teams, follow changes and team membership changes once announced', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.actor.id, { teamIds: [c.teamId] }),
    );
    expect(created.statusCode).toBe(201);
    const viewer = c.agents.standard_user;
    const first = await viewer.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`);
    expect(first.json()).toMatchObject([{ isFollowing: false, teams: [{ name: 'Hamlet Cast' }] }]);
    const again = await viewer.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    const current = async () =>
      (await viewer.get(`${c.base}/events?from=2031-03-01&to=2031-03-31`)).json()[0];
    await ctx.database.query(`update users set first_name = 'Renamed' where id = $1`, [c.actor.id]);
    await expect.poll(async () => (await current()).reservedBy.firstName).toBe('Renamed');
    await ctx.database.query('update calendar_events set instructor_id = $1 where organization_id = $2', [
      c.instructor.id,
      c.org.id,
    ]);
    await expect.poll(async () => (await current()).instructor.id).toBe(c.instructor.id);
    await ctx.database.query(`update users set last_name = 'Teacher' where id = $1`, [c.instructor.id]);
    await expect.poll(async () => (await current()).instructor.lastName).toBe('Teacher');
    await ctx.database.query(`update teams set name = 'Hamlet Company' where id = $1`, [c.teamId]);
    await expect
      .poll(async () => (await current()).teams)
      .toEqual([{ id: c.teamId, name: 'Hamlet Company' }]);
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [c.org.id, c.teamId, c.people.standard_user.id],
    );
    await expect.poll(async () => (await current()).isFollowing).toBe(true);
    const { id: event } = await current();
    await viewer.delete(`${c.base}/events/${event}/follow?strategy=this`);
    expect((await current()).isFollowing).toBe(false);
    await ctx.database.query('delete from calendar_event_teams where event_id = $1', [event]);
    await expect.poll(async () => (await current()).teams).toEqual([]);
    await ctx.database.query('delete from calendar_events where id = $1', [event]);
    await expect.poll(() => list(viewer, c.base)).toEqual([]);
  });
});
