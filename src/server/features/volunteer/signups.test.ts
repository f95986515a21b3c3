import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrgWithRoles, buildUser, signedIn } from '../../../../tests/support/factories';
import { shiftRefusalSchema } from '../../../common/schemas/volunteer';
import { VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { bookEvent } from '../scheduling/test-helpers';
import { MORE_THAN_PLACES, NOT_A_MEMBER, NOT_HOLDING, TEAM_ONLY, TOO_LATE_TO_CANCEL } from './signups';
import { addShift, volunteerOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const reasonOf = (res: { json: () => unknown }) => shiftRefusalSchema.parse(res.json()).data.reason;

describe('signing up', () => {
  it('a member signs up in one click and may cancel until 48 hours before', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 2 });
    const res = await v.actorAgent.post(R.signup(v.orgId, shiftId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ taken: 1, volunteers: [{ userId: v.actor.id, status: 'signed_up' }] });
    const twice = await v.actorAgent.post(R.signup(v.orgId, shiftId));
    expect(twice.statusCode).toBe(409);
    expect(reasonOf(twice)).toBe('already');
    expect((await v.actorAgent.delete(R.signup(v.orgId, shiftId))).statusCode).toBe(204);
    const notHeld = await v.actorAgent.delete(R.signup(v.orgId, shiftId));
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json().message).toBe(NOT_HOLDING);
    // A shift starting within 48 hours: cancelling is refused, offering is the way out.
    const soon = new Date(Date.now() + 24 * 3_600_000);
    const [{ id: soonShift }] = await ctx.database.query<{ id: number }>(
      `insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time)
       values ($1, $2, $3, 2, $4, $5) returning id`,
      [v.orgId, v.eventId, v.positions.Usher, soon, new Date(soon.getTime() + 3_600_000)],
    );
    expect((await v.actorAgent.post(R.signup(v.orgId, soonShift))).statusCode).toBe(201);
    const late = await v.actorAgent.delete(R.signup(v.orgId, soonShift));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TOO_LATE_TO_CANCEL);
  });

  it('refuses a full shift, an overlapping one and one at a time the member is called elsewhere (409 with the reason)', async () => {
    const v = await volunteerOrg(ctx);
    const one = await addShift(v, { places: 1 });
    expect((await v.castBAgent.post(R.signup(v.orgId, one))).statusCode).toBe(201);
    const full = await v.actorAgent.post(R.signup(v.orgId, one));
    expect(full.statusCode).toBe(409);
    expect(reasonOf(full)).toBe('full');
    // Same evening, overlapping times.
    const overlapping = await addShift(v, {
      positionId: v.positions.Concessions,
      startDateTime: '2031-03-04T20:00',
      endDateTime: '2031-03-04T23:00',
    });
    const overlap = await v.castBAgent.post(R.signup(v.orgId, overlapping));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      message: 'You already hold a shift at that time (Usher, Hamlet)',
      data: { reason: 'overlap', eventId: v.eventId, shiftId: one },
    });
    // Called to a rehearsal that evening.
    const rehearsal = await bookEvent(v, {
      name: 'Tech rehearsal',
      startDateTime: '2031-03-11T19:00:00',
      endDateTime: '2031-03-11T22:00:00',
    });
    await v.agents.owner.put(`${v.orgBase}/calendar/events/${rehearsal}/calls`, { userIds: [v.outsider.id] });
    const show2 = await bookEvent(v, {
      name: 'Hamlet',
      teamIds: [],
      spaces: ['Main Stage'],
      startDateTime: '2031-03-11T19:30:00',
      endDateTime: '2031-03-11T22:00:00',
    });
    const shift2 = await addShift(v, {}, show2);
    const called = await v.outsiderAgent.post(R.signup(v.orgId, shift2));
    expect(called.statusCode).toBe(409);
    expect(called.json()).toMatchObject({
      message: 'You are called to Tech rehearsal at that time',
      data: { reason: 'called', eventId: rehearsal, eventName: 'Tech rehearsal' },
    });
    // A declined call no longer holds them.
    await v.outsiderAgent.post(`${v.orgBase}/calendar/events/${rehearsal}/calls/respond`, {
      status: 'declined',
    });
    expect((await v.outsiderAgent.post(R.signup(v.orgId, shift2))).statusCode).toBe(201);
  });

  it('keeps a team-only shift to its teams, and refuses strangers (401, 404) and unknown shifts', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { teamIds: [v.teamId] });
    const outsider = await v.outsiderAgent.post(R.signup(v.orgId, shiftId));
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(TEAM_ONLY);
    expect((await v.actorAgent.post(R.signup(v.orgId, shiftId))).statusCode).toBe(201);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.post(R.signup(v.orgId, shiftId))).statusCode).toBe(404);
    // Another organization's shift through one's own organization's address.
    expect((await other.agents.owner.post(R.signup(other.org.id, shiftId))).statusCode).toBe(404);
    expect((await v.actorAgent.post(R.signup(v.orgId, 999999))).statusCode).toBe(404);
    expect((await v.actorAgent.post(`${R.shifts(v.orgId)}/abc/signup`)).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: R.signup(v.orgId, shiftId),
      payload: {},
      headers: { host: v.org.host, origin: `http://${v.org.host}` },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('32 members signing up for the last place at once: exactly one gets it, the others 409', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 2 });
    await v.castBAgent.post(R.signup(v.orgId, shiftId));
    const agents = await Promise.all(
      Array.from({ length: 32 }, async (_, i) =>
        signedIn(ctx, await buildUser(ctx.database, { org: v.org, firstName: `Racer${i}` }), v.org),
      ),
    );
    const answers = await Promise.all(agents.map((a) => a.post(R.signup(v.orgId, shiftId))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(31);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(reasonOf(r)).toBe('full');
    const [row] = await ctx.database.query<{ taken: number; n: number }>(
      `select s.taken, (select count(*)::int from volunteer_signups where shift_id = s.id) as n
       from volunteer_shifts s where s.id = $1`,
      [shiftId],
    );
    expect(row).toEqual({ taken: 2, n: 2 });
  });
});

describe('swaps and reassigning', () => {
  it('an offered place stays the offerer’s until another member takes it; both are told', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 1 });
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    expect((await v.castBAgent.post(R.offer(v.orgId, shiftId))).statusCode).toBe(404);
    const offered = await v.actorAgent.post(R.offer(v.orgId, shiftId));
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({
      taken: 1,
      offered: 1,
      volunteers: [{ userId: v.actor.id, status: 'offered' }],
    });
    // It shows as open to others.
    const open = (await v.castBAgent.get(`${R.shifts(v.orgId)}?from=2031-03-01&to=2031-03-31&open=1`)).json();
    expect(open.map((s: { id: number }) => s.id)).toEqual([shiftId]);
    const own = await v.actorAgent.post(R.take(v.orgId, shiftId));
    expect(own.statusCode).toBe(409);
    const taken = await v.castBAgent.post(R.take(v.orgId, shiftId));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      taken: 1,
      offered: 0,
      volunteers: [{ userId: v.castB.id, status: 'signed_up' }],
    });
    const none = await v.outsiderAgent.post(R.take(v.orgId, shiftId));
    expect(none.statusCode).toBe(409);
    expect(reasonOf(none)).toBe('full');
    const notices = await ctx.database.query<{ userId: number; title: string }>(
      `select user_id as "userId", title from member_notifications where organization_id = $1 order by user_id`,
      [v.orgId],
    );
    expect(notices).toEqual(
      expect.arrayContaining([
        { userId: v.actor.id, title: 'Your shift was taken: Usher, Hamlet' },
        { userId: v.castB.id, title: 'You took a shift: Usher, Hamlet' },
      ]),
    );
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.post(R.offer(v.orgId, shiftId))).statusCode).toBe(404);
    expect((await other.agents.owner.post(R.take(v.orgId, shiftId))).statusCode).toBe(404);
    expect((await v.castBAgent.post(R.take(v.orgId, 0))).statusCode).toBe(400);
  });

  it('signing up for a full shift with an offered place takes that place', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 1 });
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    await v.actorAgent.post(R.offer(v.orgId, shiftId));
    const res = await v.castBAgent.post(R.signup(v.orgId, shiftId));
    expect(res.statusCode).toBe(201);
    expect(res.json().volunteers).toEqual([{ userId: v.castB.id, name: 'Bea Cast', status: 'signed_up' }]);
  });

  it('a coordinator sets who holds a shift; members may not', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 2 });
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    const url = R.volunteers(v.orgId, shiftId);
    const res = await v.coordinator.put(url, { userIds: [v.castB.id, v.outsider.id] });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .volunteers.map((x: { userId: number }) => x.userId)
        .sort(),
    ).toEqual([v.castB.id, v.outsider.id].sort());
    const tooMany = await v.coordinator.put(url, { userIds: [v.castB.id, v.outsider.id, v.actor.id] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MORE_THAN_PLACES);
    const stranger = await buildOrgWithRoles(ctx);
    const notMember = await v.coordinator.put(url, { userIds: [stranger.people.owner.id] });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().message).toBe(NOT_A_MEMBER);
    expect((await v.coordinator.put(url, { userIds: 'x' })).statusCode).toBe(400);
    expect((await v.actorAgent.put(url, { userIds: [] })).statusCode).toBe(403);
    expect((await stranger.agents.owner.put(url, { userIds: [] })).statusCode).toBe(404);
    // An overlapping shift of a newcomer is refused with the reason, naming them.
    const other = await addShift(v, { positionId: v.positions.Concessions, places: 1 });
    const busy = await v.coordinator.put(R.volunteers(v.orgId, other), { userIds: [v.castB.id] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      message: 'Bea Cast already holds a shift at that time (Usher, Hamlet)',
      data: { reason: 'overlap' },
    });
    expect((await v.agents.admin.put(url, { userIds: [] })).json().taken).toBe(0);
  });
});
