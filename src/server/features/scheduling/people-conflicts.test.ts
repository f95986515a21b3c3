import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { M } from '../../../common/schemas/calendar';
import { conflictsPerDate, MAX_CALLED, summarizeConflicts } from '../../../common/scheduling';
import { conflictReportSchema, SM } from '../../../common/schemas/scheduling';
import { eventBody } from '../calendar/test-helpers';
import { RESERVE_FOR_OTHERS, TEAMS_NOT_FOUND } from '../calendar/events/validation';
import { bookEvent, schedulingOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

// Tuesday 4 March 2031, weekly for four weeks: 4, 11 (after the 9 March change to daylight
// time), 18 and 25 March.
const series = {
  isRecurring: true,
  recurringPattern: 'weekly' as const,
  recurringEndType: 'count' as const,
  recurringEndCount: 4,
};

describe('conflicts while booking', () => {
  it('are sent compressed to a client that accepts it, the same bytes once decoded', async () => {
    const s = await schedulingOrg(ctx);
    // Forty weekly dates: an answer large enough to be worth compressing.
    const body = eventBody(s.people.owner.id, { ...series, recurringEndCount: 40, teamIds: [s.teamId] });
    const path = `${s.orgBase}/calendar/conflicts`;
    const plain = await s.agents.owner.post(path, body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    const br = await s.agents.owner.post(path, body, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await s.agents.owner.post(path, body, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('reports, per date, who is unavailable or called elsewhere; 19:00 stays 19:00 across the change', async () => {
    const s = await schedulingOrg(ctx);
    // Ada: Tuesdays 18:00–20:00 until 11 March (a weekly class), her own note.
    await s.actorAgent.post(`${s.orgBase}/availability`, {
      startDateTime: '2031-03-04T18:00',
      endDateTime: '2031-03-04T20:00',
      weeklyUntil: '2031-03-11',
      note: 'Dance class',
    });
    // Bea is called to a show overlapping 18 March; Lee declined another call that day.
    const gala = await bookEvent(s, {
      name: 'Gala',
      teamIds: [],
      spaces: ['Office'],
      startDateTime: '2031-03-18T21:00',
      endDateTime: '2031-03-18T23:00',
    });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${gala}/calls`, {
      userIds: [s.castB.id, s.lead.id],
    });
    await s.leadAgent.post(`${s.orgBase}/calendar/events/${gala}/calls/respond`, { status: 'declined' });

    const body = eventBody(s.people.owner.id, { ...series, teamIds: [s.teamId] });
    const res = await s.agents.owner.post(`${s.orgBase}/calendar/conflicts`, body);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // Exactly the declared fields (the route sends kept bytes, not a schema's output).
    expect(conflictReportSchema.strict().parse(report)).toEqual(report);
    expect(report).toMatchObject({
      peopleCount: 3,
      occurrenceCount: 4,
      peopleWithConflicts: 2,
      occurrencesWithConflicts: 3,
    });
    expect(summarizeConflicts(report)).toBe('2 of 3 people have conflicts on 3 of 4 dates');
    expect(report.occurrences.map((o: { startDateTime: string }) => o.startDateTime)).toEqual([
      '2031-03-04T19:00:00-05:00',
      '2031-03-11T19:00:00-04:00',
      '2031-03-18T19:00:00-04:00',
      '2031-03-25T19:00:00-04:00',
    ]);
    const ada = {
      userId: s.actor.id,
      name: 'Ada Person',
      reason: 'unavailable',
      note: 'Dance class',
      eventId: null,
      eventName: null,
    };
    expect(conflictsPerDate(report).map((o) => o.conflicts)).toEqual([
      [ada],
      [ada],
      [
        {
          userId: s.castB.id,
          name: 'Bea Cast',
          reason: 'called',
          note: null,
          eventId: gala,
          eventName: 'Gala',
        },
      ],
      [],
    ]);

    // A member checking the same booking learns who is busy, not their notes (Ada is not theirs).
    const asMember = await s.castBAgent.post(`${s.orgBase}/calendar/conflicts`, {
      ...body,
      reservedBy: s.castB.id,
    });
    expect(asMember.statusCode).toBe(200);
    expect(conflictsPerDate(asMember.json())[0].conflicts[0]).toMatchObject({
      userId: s.actor.id,
      note: null,
    });
  });

  it('answers anew as soon as availability, calls or answers change (kept answers are dropped)', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/calendar/conflicts`;
    const body = eventBody(s.people.owner.id, { teamIds: [s.teamId] });
    const check = async () => conflictsPerDate((await s.agents.owner.post(url, body)).json())[0].conflicts;
    expect(await check()).toEqual([]);
    // A new name asks the same question.
    expect(
      conflictsPerDate((await s.agents.owner.post(url, { ...body, name: 'Renamed' })).json())[0].conflicts,
    ).toEqual([]);
    const period = await s.castBAgent.post(`${s.orgBase}/availability`, {
      startDateTime: '2031-03-04T18:00',
      endDateTime: '2031-03-04T20:00',
    });
    expect((await check()).map((c: { userId: number; reason: string }) => [c.userId, c.reason])).toEqual([
      [s.castB.id, 'unavailable'],
    ]);
    await s.castBAgent.delete(`${s.orgBase}/availability/${period.json().id}`);
    const gala = await bookEvent(s, { name: 'Gala', teamIds: [], spaces: ['Office'] });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${gala}/calls`, { userIds: [s.actor.id] });
    expect((await check()).map((c: { userId: number; reason: string }) => [c.userId, c.reason])).toEqual([
      [s.actor.id, 'called'],
    ]);
    await s.actorAgent.post(`${s.orgBase}/calendar/events/${gala}/calls/respond`, { status: 'declined' });
    expect(await check()).toEqual([]);
  });

  it("reports the team's own other events at that time for every member (they are expected there)", async () => {
    const s = await schedulingOrg(ctx);
    // The cast's Main Stage series, Tuesdays 19:00–22:00; Lee is called to its first date and
    // declined (excused from it), so only Ada and Bea are expected there that day.
    const mainStage = await bookEvent(s, { ...series, name: 'Main Stage run', spaces: ['Main Stage'] });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${mainStage}/calls`, { userIds: [s.lead.id] });
    await s.leadAgent.post(`${s.orgBase}/calendar/events/${mainStage}/calls/respond`, { status: 'declined' });
    const url = `${s.orgBase}/calendar/conflicts`;
    const blocking = eventBody(s.people.owner.id, {
      name: 'Act 1 blocking',
      teamIds: [s.teamId],
      spaces: ['Annex'],
      startDateTime: '2031-03-04T20:00:00',
      endDateTime: '2031-03-04T21:00:00',
    });
    const res = await s.agents.owner.post(url, blocking);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(conflictReportSchema.strict().parse(report)).toEqual(report);
    expect(report).toMatchObject({ peopleCount: 3, peopleWithConflicts: 2, occurrencesWithConflicts: 1 });
    const expected = (userId: number, name: string) => ({
      userId,
      name,
      reason: 'called',
      note: null,
      eventId: mainStage,
      eventName: 'Main Stage run',
    });
    expect(conflictsPerDate(report)[0].conflicts).toEqual([
      expected(s.actor.id, 'Ada Person'),
      expected(s.castB.id, 'Bea Cast'),
    ]);
    // A week later Lee is expected too; a member both called and in the team is listed once.
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${mainStage}/calls`, { userIds: [] });
    const nextWeek = (
      await ctx.database.query<{ id: number }>(
        `select id from calendar_events where organization_id = $1 and name = 'Main Stage run'
         order by start_date_time offset 1 limit 1`,
        [s.org.id],
      )
    )[0].id;
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${nextWeek}/calls`, { userIds: [s.actor.id] });
    const later = (
      await s.agents.owner.post(url, {
        ...blocking,
        startDateTime: '2031-03-11T20:00:00',
        endDateTime: '2031-03-11T21:00:00',
      })
    ).json();
    expect(conflictsPerDate(later)[0].conflicts.map((c) => [c.name, c.eventId])).toEqual([
      ['Ada Person', nextWeek],
      ['Bea Cast', nextWeek],
      ['Lee Lead', nextWeek],
    ]);
    // Editing the series itself: its own dates are no conflict.
    const edit = await s.agents.owner.post(url, {
      ...eventBody(s.people.owner.id, { ...series, teamIds: [s.teamId] }),
      eventId: mainStage,
    });
    expect(edit.json()).toMatchObject({ peopleCount: 3, peopleWithConflicts: 0 });
  });

  it('leaves out the edited event itself and counts the people called to it', async () => {
    const s = await schedulingOrg(ctx);
    const [crew] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Crew', $2) returning id`,
      [s.org.id, `crew-${s.org.id}`],
    );
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [s.org.id, crew.id, s.outsider.id],
    );
    const rehearsal = await bookEvent(s, { teamIds: [] });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${rehearsal}/calls`, { userIds: [s.outsider.id] });
    const url = `${s.orgBase}/calendar/conflicts`;
    // A new crew call at the same time: Otto is already called to the rehearsal.
    const fresh = (
      await s.agents.owner.post(url, eventBody(s.people.owner.id, { teamIds: [crew.id] }))
    ).json();
    expect(fresh).toMatchObject({ peopleCount: 1, peopleWithConflicts: 1 });
    expect(conflictsPerDate(fresh)[0].conflicts).toEqual([
      {
        userId: s.outsider.id,
        name: 'Otto Person',
        reason: 'called',
        note: null,
        eventId: rehearsal,
        eventName: 'Rehearsal',
      },
    ]);
    // Editing the rehearsal itself: Otto is concerned (called to it) and has no conflict.
    const edit = await s.agents.owner.post(url, {
      ...eventBody(s.people.owner.id, { teamIds: [] }),
      eventId: rehearsal,
    });
    expect(edit.json()).toMatchObject({ peopleCount: 1, peopleWithConflicts: 0 });
  });

  it("checks more people on request (the call dialog's): their availability and other calls that date", async () => {
    const s = await schedulingOrg(ctx);
    const rehearsal = await bookEvent(s, { name: 'Rehearsal' });
    // Otto is not in the cast; his evening shift overlaps the rehearsal.
    await s.outsiderAgent.post(`${s.orgBase}/availability`, {
      startDateTime: '2031-03-04T17:00',
      endDateTime: '2031-03-04T23:00',
      note: 'Evening shift',
    });
    const other = await buildOrg(ctx.database);
    const stranger = await buildUser(ctx.database, { org: other });
    const url = `${s.orgBase}/calendar/conflicts`;
    const body = { ...eventBody(s.people.owner.id, { teamIds: [s.teamId] }), eventId: rehearsal };
    const res = await s.agents.owner.post(url, { ...body, userIds: [s.outsider.id, stranger.id] });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(conflictReportSchema.strict().parse(report)).toEqual(report);
    // The cast (three) and Otto; another organization's member is no one here.
    expect(report).toMatchObject({ peopleCount: 4, peopleWithConflicts: 1 });
    expect(conflictsPerDate(report)[0].conflicts).toEqual([
      {
        userId: s.outsider.id,
        name: 'Otto Person',
        reason: 'unavailable',
        note: 'Evening shift',
        eventId: null,
        eventName: null,
      },
    ]);
    // Without him in the question, the answer is not the kept one with him.
    expect((await s.agents.owner.post(url, body)).json()).toMatchObject({
      peopleCount: 3,
      peopleWithConflicts: 0,
    });
    const bad = await s.agents.owner.post(url, { ...body, userIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SM.userId);
    const tooMany = await s.agents.owner.post(url, {
      ...body,
      userIds: Array.from({ length: MAX_CALLED + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(SM.tooManyChecked);
  });

  it('validates the body as saving does, and answers 401, 403 and 404', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/calendar/conflicts`;
    const noName = await s.agents.owner.post(url, eventBody(s.people.owner.id, { name: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toBe(M.name);
    const backwards = await s.agents.owner.post(
      url,
      eventBody(s.people.owner.id, { endDateTime: '2031-03-04T18:00:00' }),
    );
    expect(backwards.json().errors.endDateTime).toBe(M.endAfterStart);
    const other = await buildOrg(ctx.database);
    const [theirTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Theirs', $2) returning id`,
      [other.id, `theirs-${other.id}`],
    );
    const foreignTeam = await s.agents.owner.post(
      url,
      eventBody(s.people.owner.id, { teamIds: [theirTeam.id] }),
    );
    expect(foreignTeam.statusCode).toBe(400);
    expect(foreignTeam.json().message).toBe(TEAMS_NOT_FOUND);
    // A member may check only bookings they could save: their own.
    const forOthers = await s.actorAgent.post(url, eventBody(s.people.owner.id));
    expect(forOthers.statusCode).toBe(403);
    expect(forOthers.json().message).toBe(RESERVE_FOR_OTHERS);
    expect((await new Agent(ctx.app, s.org.host).post(url, eventBody(s.actor.id))).statusCode).toBe(401);
    const stranger = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect((await stranger.post(url, eventBody(s.actor.id))).statusCode).toBe(404);
    const rehearsal = await bookEvent(s);
    const theirs = await stranger.post(`/api/organizations/${other.id}/calendar/conflicts`, {
      ...eventBody(s.actor.id),
      reservedBy: (
        await ctx.database.query<{ id: number }>(
          `select user_id as id from user_organizations where organization_id = $1`,
          [other.id],
        )
      )[0].id,
      eventId: rehearsal,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
