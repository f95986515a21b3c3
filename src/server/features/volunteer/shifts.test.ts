import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrgWithRoles } from '../../../../tests/support/factories';
import { shiftSchema, VM } from '../../../common/schemas/volunteer';
import { VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { bookEvent } from '../scheduling/test-helpers';
import { COORDINATORS_ONLY, POSITION_IN_USE, UNKNOWN_POSITION } from './positions';
import { PLACES_BELOW_TAKEN, SHIFT_NOT_FOUND } from './shifts';
import { addShift, volunteerOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('volunteer positions', () => {
  it('members read the list; coordinators, owners and admins replace it', async () => {
    const v = await volunteerOrg(ctx);
    const read = await v.actorAgent.get(R.positions(v.orgId));
    expect(read.statusCode).toBe(200);
    expect(read.json().map((p: { name: string }) => p.name)).toEqual([
      'House Manager',
      'Usher',
      'Concessions',
      'Box Office',
      'Backstage',
      'Set Build',
    ]);
    const list = read.json() as { id: number; name: string }[];
    // Rename one, swap two names' order, drop one, add one.
    const put = await v.agents.admin.put(R.positions(v.orgId), [
      { id: list[1].id, name: 'Front of House' },
      { id: list[0].id, name: 'House Manager' },
      { name: 'Parking' },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json().map((p: { name: string }) => p.name)).toEqual([
      'Front of House',
      'House Manager',
      'Parking',
    ]);
    expect(put.json()[0].id).toBe(list[1].id);
  });

  it('refuses duplicates (400), other members (403), strangers (401, 404) and removing a used one (409)', async () => {
    const v = await volunteerOrg(ctx);
    const dup = await v.coordinator.put(R.positions(v.orgId), [{ name: 'Usher' }, { name: 'usher ' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors['1.name']).toBe(VM.positionDuplicate);
    const unknown = await v.coordinator.put(R.positions(v.orgId), [{ id: 999999, name: 'X' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_POSITION);
    const member = await v.actorAgent.put(R.positions(v.orgId), [{ name: 'Usher' }]);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(COORDINATORS_ONLY);
    const board = await v.agents.board.put(R.positions(v.orgId), [{ name: 'Usher' }]);
    expect(board.statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(R.positions(v.orgId))).statusCode).toBe(404);
    expect((await other.agents.owner.put(R.positions(v.orgId), [])).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: R.positions(v.orgId),
      headers: { host: v.org.host },
    });
    expect(anonymous.statusCode).toBe(401);
    await addShift(v);
    const remove = await v.coordinator.put(R.positions(v.orgId), [{ name: 'Other' }]);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(POSITION_IN_USE);
  });
});

describe('shifts of an event', () => {
  it('a coordinator adds a shift, by default an hour before the event to its end', async () => {
    const v = await volunteerOrg(ctx);
    const res = await v.coordinator.post(R.eventShifts(v.orgId, v.eventId), {
      positionId: v.positions['Box Office'],
      places: 2,
      note: 'Bring the float',
    });
    expect(res.statusCode).toBe(201);
    const shift = shiftSchema.strict().parse(res.json());
    expect(shift).toMatchObject({
      eventId: v.eventId,
      eventName: 'Hamlet',
      positionName: 'Box Office',
      startDateTime: '2031-03-04T18:00:00-05:00',
      endDateTime: '2031-03-04T22:00:00-05:00',
      places: 2,
      taken: 0,
      offered: 0,
      note: 'Bring the float',
      teamIds: [],
      volunteers: [],
    });
    const timed = await v.agents.owner.post(R.eventShifts(v.orgId, v.eventId), {
      positionId: v.positions.Usher,
      places: 4,
      startDateTime: '2031-03-04T18:30',
      endDateTime: '2031-03-04T21:00',
      teamIds: [v.teamId],
    });
    expect(timed.statusCode).toBe(201);
    expect(timed.json()).toMatchObject({ startDateTime: '2031-03-04T18:30:00-05:00', teamIds: [v.teamId] });
  });

  it('refuses bad input (400), members (403), strangers (401) and another organization (404)', async () => {
    const v = await volunteerOrg(ctx);
    const url = R.eventShifts(v.orgId, v.eventId);
    const cases: [unknown, string, string][] = [
      [{ positionId: v.positions.Usher, places: 0 }, 'places', VM.places],
      [{ positionId: v.positions.Usher, places: 101 }, 'places', VM.places],
      [{ places: 1 }, 'positionId', VM.positionId],
      [
        { positionId: v.positions.Usher, places: 1, startDateTime: '2031-03-04T18:00' },
        'endDateTime',
        VM.bothTimes,
      ],
      [
        {
          positionId: v.positions.Usher,
          places: 1,
          startDateTime: '2031-03-04T18:00',
          endDateTime: '2031-03-04T17:00',
        },
        'endDateTime',
        VM.endAfterStart,
      ],
      [{ positionId: v.positions.Usher, places: 1, note: 'x'.repeat(501) }, 'note', VM.note],
    ];
    for (const [body, field, message] of cases) {
      const res = await v.coordinator.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const other = await buildOrgWithRoles(ctx);
    const [foreignPosition] = await ctx.database.query<{ id: number }>(
      `insert into volunteer_positions (organization_id, name) values ($1, 'Usher') returning id`,
      [other.org.id],
    );
    const foreign = await v.coordinator.post(url, { positionId: foreignPosition.id, places: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.positionId).toBe(UNKNOWN_POSITION);
    expect((await v.actorAgent.post(url, { positionId: v.positions.Usher, places: 1 })).statusCode).toBe(403);
    expect((await v.leadAgent.post(url, { positionId: v.positions.Usher, places: 1 })).statusCode).toBe(403);
    expect(
      (await other.agents.owner.post(url, { positionId: v.positions.Usher, places: 1 })).statusCode,
    ).toBe(404);
    const foreignEvent = await ctx.database.query<{ id: number }>(
      `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
       values ($1, 'Theirs', '{}', '2031-03-04T23:00:00Z', '2031-03-05T02:00:00Z', 'show', $2) returning id`,
      [other.org.id, other.people.owner.id],
    );
    const otherEvent = await v.coordinator.post(R.eventShifts(v.orgId, foreignEvent[0].id), {
      positionId: v.positions.Usher,
      places: 1,
    });
    expect(otherEvent.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { positionId: v.positions.Usher, places: 1 },
      headers: { host: v.org.host, origin: `http://${v.org.host}` },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes and removes a shift; places never drop below the people holding it', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 3 });
    const url = R.eventShift(v.orgId, v.eventId, shiftId);
    const patched = await v.coordinator.patch(url, {
      places: 1,
      note: 'Doors at 6',
      positionId: v.positions.Concessions,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ places: 1, note: 'Doors at 6', positionName: 'Concessions' });
    expect((await v.coordinator.patch(url, {})).statusCode).toBe(400);
    expect((await v.coordinator.patch(url, { places: -1 })).statusCode).toBe(400);
    expect((await v.actorAgent.patch(url, { places: 2 })).statusCode).toBe(403);
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    await v.coordinator.patch(url, { places: 2 });
    await v.castBAgent.post(R.signup(v.orgId, shiftId));
    const below = await v.coordinator.patch(url, { places: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(PLACES_BELOW_TAKEN);
    const otherEvent = await bookEvent(v, {
      startDateTime: '2031-03-05T19:00:00',
      endDateTime: '2031-03-05T22:00:00',
    });
    expect(
      (await v.coordinator.patch(R.eventShift(v.orgId, otherEvent, shiftId), { places: 2 })).statusCode,
    ).toBe(404);
    expect((await v.actorAgent.delete(url)).statusCode).toBe(403);
    expect((await v.coordinator.delete(url)).statusCode).toBe(204);
    const again = await v.coordinator.delete(url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SHIFT_NOT_FOUND);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.delete(url)).statusCode).toBe(404);
  });

  it("copies a date's shifts to the other dates of a run, once", async () => {
    const v = await volunteerOrg(ctx);
    await addShift(v, { positionId: v.positions['House Manager'], places: 1 });
    await addShift(v, { places: 4, startDateTime: '2031-03-04T18:30', endDateTime: '2031-03-04T21:30' });
    const second = await bookEvent(v, {
      name: 'Hamlet',
      startDateTime: '2031-03-06T14:00:00',
      endDateTime: '2031-03-06T17:00:00',
    });
    const url = R.copyShifts(v.orgId, v.eventId);
    const res = await v.coordinator.post(url, { toEventIds: [second, v.eventId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2 });
    expect((await v.coordinator.post(url, { toEventIds: [second] })).json()).toEqual({ created: 0 });
    const list = (await v.actorAgent.get(`${R.shifts(v.orgId)}?from=2031-03-06&to=2031-03-06`)).json();
    expect(
      list.map((s: { positionName: string; startDateTime: string }) => [s.positionName, s.startDateTime]),
    ).toEqual([
      ['House Manager', '2031-03-06T13:00:00-05:00'],
      ['Usher', '2031-03-06T13:30:00-05:00'],
    ]);
    expect((await v.coordinator.post(url, { toEventIds: [] })).statusCode).toBe(400);
    expect((await v.actorAgent.post(url, { toEventIds: [second] })).statusCode).toBe(403);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.post(url, { toEventIds: [second] })).statusCode).toBe(404);
    expect((await v.coordinator.post(url, { toEventIds: [999999] })).statusCode).toBe(404);
  });
});

describe('the shifts list', () => {
  it('shows every member the shifts by date with names; notes only to coordinators; open=1 to fill', async () => {
    const v = await volunteerOrg(ctx);
    const full = await addShift(v, { places: 1, note: 'Coordinator note' });
    const open = await addShift(v, { positionId: v.positions.Concessions, places: 2 });
    const teamOnly = await addShift(v, { positionId: v.positions.Backstage, places: 2, teamIds: [v.teamId] });
    await v.castBAgent.post(R.signup(v.orgId, full));
    const range = '?from=2031-03-01&to=2031-03-31';
    const member = await v.outsiderAgent.get(`${R.shifts(v.orgId)}${range}`);
    expect(member.statusCode).toBe(200);
    const shifts = member.json();
    expect(shifts.map((s: { id: number }) => s.id)).toEqual([full, open, teamOnly]);
    expect(shifts[0]).toMatchObject({
      taken: 1,
      note: null,
      volunteers: [{ userId: v.castB.id, name: 'Bea Cast', status: 'signed_up' }],
    });
    const coordinator = (await v.coordinator.get(`${R.shifts(v.orgId)}${range}`)).json();
    expect(coordinator[0].note).toBe('Coordinator note');
    // Open: the full one goes; the team-only one is not offered to someone outside its team.
    const openList = (await v.outsiderAgent.get(`${R.shifts(v.orgId)}${range}&open=1`)).json();
    expect(openList.map((s: { id: number }) => s.id)).toEqual([open]);
    const teamMember = (await v.actorAgent.get(`${R.shifts(v.orgId)}${range}&open=1`)).json();
    expect(teamMember.map((s: { id: number }) => s.id)).toEqual([open, teamOnly]);
    expect((await v.actorAgent.get(`${R.shifts(v.orgId)}?open=yes`)).statusCode).toBe(400);
    expect((await v.actorAgent.get(`${R.shifts(v.orgId)}?from=2031-13-01`)).statusCode).toBe(400);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.get(R.shifts(v.orgId))).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: R.shifts(v.orgId),
      headers: { host: v.org.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a repeated read with the same bytes, and every shift or signup write shows at once', async () => {
    const v = await volunteerOrg(ctx);
    const shiftId = await addShift(v, { places: 2, note: 'Doors at 6' });
    const range = `${R.shifts(v.orgId)}?from=2031-03-01&to=2031-03-31`;
    const list = async (agent: typeof v.actorAgent, query = '') => (await agent.get(`${range}${query}`)).body;
    const first = await list(v.actorAgent);
    expect(await list(v.actorAgent)).toBe(first);
    expect(JSON.parse(await list(v.coordinator))[0].note).toBe('Doors at 6');
    expect(JSON.parse(await list(v.actorAgent))[0].note).toBeNull();
    const openIds = async (agent: typeof v.actorAgent) =>
      JSON.parse(await list(agent, '&open=1')).map((s: { id: number }) => s.id);
    expect(await openIds(v.castBAgent)).toEqual([shiftId]);

    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    expect(JSON.parse(await list(v.outsiderAgent))[0].taken).toBe(1);
    await v.castBAgent.post(R.signup(v.orgId, shiftId));
    expect(await openIds(v.outsiderAgent)).toEqual([]);
    await v.actorAgent.post(R.offer(v.orgId, shiftId));
    expect(await openIds(v.outsiderAgent)).toEqual([shiftId]);
    // Her own offered place is not open to her.
    expect(await openIds(v.actorAgent)).toEqual([]);
    await v.outsiderAgent.post(R.take(v.orgId, shiftId));
    expect(await openIds(v.castBAgent)).toEqual([]);
    const url = R.eventShift(v.orgId, v.eventId, shiftId);
    expect((await v.coordinator.patch(url, { places: 3 })).statusCode).toBe(200);
    expect(await openIds(v.castBAgent)).toEqual([shiftId]);
    expect((await v.coordinator.delete(url)).statusCode).toBe(204);
    expect(JSON.parse(await list(v.actorAgent))).toEqual([]);
  });
});
