import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrgWithRoles, buildUser } from '../../../../tests/support/factories';
import { hoursSchema, VM } from '../../../common/schemas/volunteer';
import { VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { bookEvent } from '../scheduling/test-helpers';
import { CHECK_IN_NOT_STARTED, CHECK_IN_REFUSED, NOT_ON_SHIFT } from './check-in';
import { addShift, type VolunteerOrg, volunteerOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** Last season's show with an usher shift held by Ada and Bea, and Otto as its house manager. */
async function pastShow(v: VolunteerOrg) {
  const eventId = await bookEvent(v, {
    name: 'Winter show',
    eventType: 'show',
    teamIds: [],
    startDateTime: '2025-02-04T19:00:00',
    endDateTime: '2025-02-04T22:00:00',
  });
  const ushers = await addShift(v, { places: 2 }, eventId);
  const manager = await addShift(v, { positionId: v.positions['House Manager'], places: 1 }, eventId);
  await v.coordinator.put(R.volunteers(v.orgId, ushers), { userIds: [v.actor.id, v.castB.id] });
  await v.coordinator.put(R.volunteers(v.orgId, manager), { userIds: [v.outsider.id] });
  return { eventId, ushers, manager };
}

describe('check-in', () => {
  it("the date's house manager and coordinators mark volunteers present or no-show once the shift started", async () => {
    const v = await volunteerOrg(ctx);
    const { ushers } = await pastShow(v);
    const url = R.checkIn(v.orgId, ushers);
    const res = await v.outsiderAgent.put(url, [
      { userId: v.actor.id, status: 'present' },
      { userId: v.castB.id, status: 'no_show' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().volunteers.map((x: { userId: number; status: string }) => [x.userId, x.status]),
    ).toEqual([
      [v.actor.id, 'present'],
      [v.castB.id, 'no_show'],
    ]);
    const cleared = await v.coordinator.put(url, [{ userId: v.castB.id, status: null }]);
    expect(cleared.json().volunteers[1].status).toBe('signed_up');
  });

  it('refuses bad marks (400), people not on the shift (400), others (403, 404, 401) and a shift not started (409)', async () => {
    const v = await volunteerOrg(ctx);
    const { ushers } = await pastShow(v);
    const url = R.checkIn(v.orgId, ushers);
    const bad = await v.coordinator.put(url, [{ userId: v.actor.id, status: 'here' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['0.status']).toBe(VM.checkIn);
    const notOn = await v.coordinator.put(url, [{ userId: v.lead.id, status: 'present' }]);
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().message).toBe(NOT_ON_SHIFT);
    const member = await v.actorAgent.put(url, [{ userId: v.actor.id, status: 'present' }]);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(CHECK_IN_REFUSED);
    const other = await buildOrgWithRoles(ctx);
    expect((await other.agents.owner.put(url, [])).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url,
      payload: [],
      headers: { host: v.org.host, origin: `http://${v.org.host}` },
    });
    expect(anonymous.statusCode).toBe(401);
    const future = await addShift(v);
    const early = await v.coordinator.put(R.checkIn(v.orgId, future), []);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CHECK_IN_NOT_STARTED);
  });
});

describe('the hours ledger', () => {
  it('counts hours present per member against the target, and exports neutralised CSV', async () => {
    const v = await volunteerOrg(ctx);
    await ctx.database.query('update organizations set volunteer_hours_target = 10 where id = $1', [v.orgId]);
    const { ushers, manager } = await pastShow(v);
    await v.coordinator.put(R.checkIn(v.orgId, ushers), [
      { userId: v.actor.id, status: 'present' },
      { userId: v.castB.id, status: 'no_show' },
    ]);
    await v.coordinator.put(R.checkIn(v.orgId, manager), [{ userId: v.outsider.id, status: 'present' }]);
    const formula = await buildUser(ctx.database, {
      org: v.org,
      firstName: '=HYPERLINK("x")',
      lastName: 'Z',
    });
    const res = await v.coordinator.get(`${R.hours(v.orgId)}?from=2025-01-01&to=2025-06-30`);
    expect(res.statusCode).toBe(200);
    const ledger = hoursSchema.strict().parse(res.json());
    expect(ledger.target).toBe(10);
    const row = (userId: number) => ledger.members.find((m) => m.userId === userId);
    // The ushers' shift runs 18:00-22:00: four hours.
    expect(row(v.actor.id)).toMatchObject({ shifts: 1, hours: 4, noShows: 0, target: 10, shortBy: 6 });
    expect(row(v.castB.id)).toMatchObject({ shifts: 1, hours: 0, noShows: 1, shortBy: 10 });
    expect(row(v.outsider.id)).toMatchObject({ shifts: 1, hours: 4, shortBy: 6 });
    expect(row(formula.id)).toMatchObject({ shifts: 0, hours: 0, shortBy: 10 });
    const csv = await v.agents.admin.get(`${R.hoursCsv(v.orgId)}?from=2025-01-01&to=2025-06-30`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Member","Shifts","Hours","No-shows","Target","Short by"');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Z","0","0","0","10","10"`);
    expect(csv.body).toContain('"Ada Person","1","4","0","10","6"');
  });

  it('is for coordinators only; refuses bad ranges (400), strangers (401, 404)', async () => {
    const v = await volunteerOrg(ctx);
    for (const url of [R.hours(v.orgId), R.hoursCsv(v.orgId)]) {
      expect((await v.actorAgent.get(url)).statusCode).toBe(403);
      expect((await v.agents.board.get(url)).statusCode).toBe(403);
      expect((await v.coordinator.get(url)).statusCode).toBe(200);
      expect((await v.coordinator.get(`${url}?from=2025-02-30`)).statusCode).toBe(400);
      expect((await v.coordinator.get(`${url}?from=2025-06-01&to=2025-01-01`)).statusCode).toBe(400);
      const other = await buildOrgWithRoles(ctx);
      expect((await other.agents.owner.get(url)).statusCode).toBe(404);
      const anonymous = await ctx.app.inject({ method: 'GET', url, headers: { host: v.org.host } });
      expect(anonymous.statusCode).toBe(401);
    }
    // Without a target nobody is short.
    const ledger = (await v.coordinator.get(R.hours(v.orgId))).json();
    expect(ledger.target).toBeNull();
    expect(ledger.members.every((m: { shortBy: number }) => m.shortBy === 0)).toBe(true);
  });
});
