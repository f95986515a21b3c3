import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { DEMO_PEOPLE } from '../../seed/demo';
import { seedDemoCalendar } from '../calendar/demo';
import { seedDemoTeams } from '../teams/demo';
import { seedDemoVolunteering } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('demo volunteering', () => {
  it('gives the coming run shifts (some held, one offered) and last month a ledger with totals and who is short', async () => {
    const org = await buildOrg(ctx.database);
    const userIds: Record<string, number> = {};
    const users: Record<string, Awaited<ReturnType<typeof buildUser>>> = {};
    for (const p of DEMO_PEOPLE) {
      users[p.username] = await buildUser(ctx.database, {
        org,
        role: p.role,
        organizationRoles: [...p.roles],
        firstName: p.first,
        lastName: p.last,
      });
      userIds[p.username] = users[p.username].id;
    }
    const seedCtx = { organizationId: org.id, userIds };
    await seedDemoTeams(ctx.database, seedCtx);
    await seedDemoCalendar(ctx.database, seedCtx);
    await seedDemoVolunteering(ctx.database, seedCtx);

    const maya = await signedIn(ctx, users.maya, org);
    const open = (await maya.get(`${R.shifts(org.id)}?open=1`)).json();
    expect(open.length).toBeGreaterThan(20);
    const all = (await maya.get(R.shifts(org.id))).json();
    const statuses = all.flatMap((s: { volunteers: { status: string }[] }) =>
      s.volunteers.map((v) => v.status),
    );
    expect(statuses).toContain('offered');
    expect(statuses).toContain('signed_up');

    const victor = await signedIn(ctx, users.victor, org);
    const ledger = (await victor.get(R.hours(org.id))).json();
    expect(ledger.target).toBe(10);
    const row = (name: string) => ledger.members.find((m: { name: string }) => m.name === name);
    expect(row('Maya Moreno')).toMatchObject({ shifts: 3, hours: 10.5, noShows: 0, shortBy: 0 });
    expect(row('Leo Lindqvist')).toMatchObject({ noShows: 1, hours: 0, shortBy: 10 });
    expect(ledger.members.filter((m: { shortBy: number }) => m.shortBy > 0).length).toBeGreaterThan(3);
  });
});
