import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, PASSWORD, signedIn } from '../../../../tests/support/factories';
import { addDays, todayIn, weekdayOf } from '../../../common/zoned-time';
import { DEMO_PEOPLE } from '../../seed/demo';
import { seedDemoCalendar } from '../calendar/demo';
import { seedDemoTeams } from '../teams/demo';
import { seedDemoScheduling } from './demo';
import { conflictsPerDate } from '../../../common/scheduling';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('demo scheduling', () => {
  it("fills the cast's coming week: availability, calls with mixed answers, attendance at the last rehearsal", async () => {
    const org = await buildOrg(ctx.database);
    const userIds: Record<string, number> = {};
    const usernames: Record<string, string> = {};
    for (const p of DEMO_PEOPLE) {
      const user = await buildUser(ctx.database, { org, role: p.role, organizationRoles: [...p.roles] });
      userIds[p.username] = user.id;
      usernames[p.username] = user.username;
    }
    const seedCtx = { organizationId: org.id, userIds };
    await seedDemoTeams(ctx.database, seedCtx);
    await seedDemoCalendar(ctx.database, seedCtx);
    await seedDemoScheduling(ctx.database, seedCtx);

    const [periods] = await ctx.database.query<{ n: number; weekly: number }>(
      'select count(*)::int as n, count(weekly_until)::int as weekly from availability_periods where organization_id = $1',
      [org.id],
    );
    expect(periods).toEqual({ n: 4, weekly: 2 });
    const statuses = await ctx.database.query<{ status: string }>(
      `select distinct c.status from event_calls c join calendar_events e on e.id = c.event_id
       where c.organization_id = $1 and e.start_date_time < now() + interval '8 days' and e.end_date_time > now()
       order by c.status`,
      [org.id],
    );
    expect(statuses.map((s) => s.status)).toEqual(['called', 'confirmed', 'declined']);
    const [attendance] = await ctx.database.query<{ n: number; past: boolean }>(
      `select count(*)::int as n, bool_and(e.end_date_time < now()) as past from attendance_records r
       join calendar_events e on e.id = r.event_id where r.organization_id = $1`,
      [org.id],
    );
    expect(attendance).toEqual({ n: 5, past: true });

    // Sam sees his calls in My Schedule, and his swim practice conflicts with Thursday rehearsals.
    const sam = await signedIn(
      ctx,
      { id: userIds.sam, username: usernames.sam, email: '', password: PASSWORD },
      org,
    );
    const mine = (await sam.get(`/api/organizations/${org.id}/calls/mine`)).json();
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toMatchObject({
      eventName: 'Into the Woods rehearsal',
      callTime: '18:45',
      status: 'confirmed',
    });
    const [cast] = await ctx.database.query<{ id: number }>(
      `select id from teams where organization_id = $1 and handle = 'into-the-woods-cast'`,
      [org.id],
    );
    const thursday = addDays(
      todayIn('America/New_York'),
      (4 - weekdayOf(todayIn('America/New_York')) + 7) % 7,
    );
    const check = await sam.post(`/api/organizations/${org.id}/calendar/conflicts`, {
      name: 'Extra rehearsal',
      spaces: ['Annex'],
      eventType: 'rehearsal',
      startDateTime: `${thursday}T19:00:00`,
      endDateTime: `${thursday}T22:00:00`,
      teamIds: [cast.id],
      reservedBy: userIds.sam,
    });
    expect(check.statusCode).toBe(200);
    // Sam's swim practice (others may also be called to that Thursday's rehearsal).
    const conflicts = conflictsPerDate(check.json())[0].conflicts;
    expect(conflicts).toContainEqual(
      expect.objectContaining({ userId: userIds.sam, reason: 'unavailable', note: 'Swim team practice' }),
    );
  });
});
