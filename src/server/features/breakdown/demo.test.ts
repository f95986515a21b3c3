import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { DEMO_PEOPLE } from '../../seed/demo';
import { seedDemoCalendar } from '../calendar/demo';
import { seedDemoScheduling } from '../scheduling/demo';
import { seedDemoTeams } from '../teams/demo';
import { seedDemoBreakdown } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('demo breakdown', () => {
  it('gives the cast a breakdown, scenes to the coming rehearsals and a published report with open notes', async () => {
    const org = await buildOrg(ctx.database);
    const userIds: Record<string, number> = {};
    const people: Record<string, Awaited<ReturnType<typeof buildUser>>> = {};
    for (const p of DEMO_PEOPLE) {
      people[p.username] = await buildUser(ctx.database, {
        org,
        role: p.role,
        organizationRoles: [...p.roles],
      });
      userIds[p.username] = people[p.username].id;
    }
    const seedCtx = { organizationId: org.id, userIds };
    for (const seed of [seedDemoTeams, seedDemoCalendar, seedDemoScheduling, seedDemoBreakdown])
      await seed(ctx.database, seedCtx);

    const tara = await signedIn(ctx, people.tara, org);
    const [team] = await ctx.database.query<{ id: number }>(
      `select id from teams where organization_id = $1 and handle = 'into-the-woods-cast'`,
      [org.id],
    );
    const breakdown = (await tara.get(`/api/teams/${team.id}/breakdown`)).json();
    expect(breakdown.scenes).toHaveLength(12);
    expect(new Set(breakdown.scenes.map((s: { act: string }) => s.act))).toEqual(new Set(['1', '2']));
    expect(breakdown.characters.every((c: { memberIds: number[] }) => c.memberIds.length > 0)).toBe(true);
    const [{ n }] = await ctx.database.query<{ n: number }>(
      `select count(distinct es.event_id)::int as n from calendar_event_scenes es
       join calendar_events e on e.id = es.event_id where es.organization_id = $1 and e.start_date_time > now()`,
      [org.id],
    );
    expect(n).toBeGreaterThan(0);
    const victor = await signedIn(ctx, people.victor, org);
    const open = (await victor.get(`/api/organizations/${org.id}/report-notes?status=open`)).json();
    expect(open).toEqual([expect.objectContaining({ department: 'Props', status: 'open' })]);
  });
});
