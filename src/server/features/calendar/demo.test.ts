import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { DEMO_PEOPLE } from '../../seed/demo';
import { seedDemoTeams } from '../teams/demo';
import { seedDemoCalendar } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('demo calendar', () => {
  it('seeds rehearsals, a show run, classes with instructors and a meeting, with no space double-booked', async () => {
    const org = await buildOrg(ctx.database);
    const userIds: Record<string, number> = {};
    for (const p of DEMO_PEOPLE) {
      const user = await buildUser(ctx.database, { org, role: p.role, organizationRoles: [...p.roles] });
      userIds[p.username] = user.id;
    }
    await seedDemoTeams(ctx.database, { organizationId: org.id, userIds });
    await seedDemoCalendar(ctx.database, { organizationId: org.id, userIds });
    const rows = await ctx.database.query<{ eventType: string; n: number; instructors: number }>(
      `select event_type as "eventType", count(*)::int as n, count(instructor_id)::int as instructors
       from calendar_events where organization_id = $1 group by event_type order by event_type`,
      [org.id],
    );
    const byType = Object.fromEntries(rows.map((r) => [r.eventType, r]));
    expect(byType.show.n).toBe(8);
    expect(byType.rehearsal.n).toBeGreaterThan(10);
    expect(byType.class.n).toBe(byType.class.instructors);
    expect(byType.other.n).toBeGreaterThan(5);
    const [clash] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from calendar_events a join calendar_events b on a.organization_id = b.organization_id
         and a.id < b.id and a.spaces && b.spaces and a.start_date_time < b.end_date_time and b.start_date_time < a.end_date_time
       where a.organization_id = $1`,
      [org.id],
    );
    expect(clash.n).toBe(0);
    // The board meetings stay off the public calendar; everything else is on it.
    const hidden = await ctx.database.query<{ name: string }>(
      'select distinct name from calendar_events where organization_id = $1 and not is_public',
      [org.id],
    );
    expect(hidden).toEqual([{ name: 'Board meeting' }]);
    // Sam is in the cast: the dashboard's My Rehearsals has something to show.
    const sam = await ctx.database.query<{ username: string }>('select username from users where id = $1', [
      userIds.sam,
    ]);
    const agent = await signedIn(
      ctx,
      { id: userIds.sam, username: sam[0].username, email: '', password: 'Correct-horse-9' },
      org,
    );
    const followed = (
      await agent.get(`/api/organizations/${org.id}/calendar/events?followed=true&type=rehearsal`)
    ).json();
    expect(followed.length).toBeGreaterThan(3);
  });
});
