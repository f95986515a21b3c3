// Builders for calendar tests: an organization with a team, people in each role, and event bodies.
import { expect } from 'vitest';
import type { TestContext } from '../../../../tests/support/app';
import { buildOrgWithRoles, buildUser, signedIn } from '../../../../tests/support/factories';
import type { EventRequest } from '../../../common/schemas/calendar';

export async function calendarOrg(ctx: TestContext, timeZone = 'America/New_York') {
  const built = await buildOrgWithRoles(ctx);
  await ctx.database.query('update organizations set timezone = $2 where id = $1', [built.org.id, timeZone]);
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle) values ($1, 'Hamlet Cast', $2) returning id`,
    [built.org.id, `hamlet-${built.org.id}`],
  );
  const actor = await buildUser(ctx.database, { org: built.org, role: 'standard_user', firstName: 'Ada' });
  await ctx.database.query(
    `insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)`,
    [built.org.id, team.id, actor.id],
  );
  const instructor = await buildUser(ctx.database, {
    org: built.org,
    role: 'standard_user',
    organizationRoles: ['Instructor'],
  });
  return {
    ...built,
    teamId: team.id,
    actor,
    actorAgent: await signedIn(ctx, actor, built.org),
    instructor,
    base: `/api/organizations/${built.org.id}/calendar`,
  };
}

export function eventBody(reservedBy: number, overrides: Partial<EventRequest> = {}): EventRequest {
  return {
    name: 'Rehearsal',
    description: 'Act one blocking',
    spaces: ['Main Stage'],
    startDateTime: '2031-03-04T19:00:00',
    endDateTime: '2031-03-04T22:00:00',
    eventType: 'rehearsal',
    reservedBy,
    ...overrides,
  };
}

/** Creates an event as the organization's owner (it must be accepted); its id. */
export async function createEvent(
  c: Awaited<ReturnType<typeof calendarOrg>>,
  overrides: Partial<EventRequest> = {},
) {
  const res = await c.agents.owner.post(`${c.base}/events`, eventBody(c.people.owner.id, overrides));
  expect(res.statusCode).toBe(201);
  return res.json().event.id as number;
}
