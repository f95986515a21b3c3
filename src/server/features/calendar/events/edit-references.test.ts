// Editing an event whose people or teams have changed since it was booked: what it already names
// stays valid; only what the edit newly names is checked (validation.ts checkReferences).
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { TEAMS_NOT_FOUND, NOT_AN_INSTRUCTOR, RESERVER_NOT_MEMBER } from './validation';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('PATCH an event whose reserver, instructor or team changed since', () => {
  it('still saves an edit by an admin after the reserver was disabled and the team archived', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.actorAgent.post(
      `${c.base}/events`,
      eventBody(c.actor.id, { teamIds: [c.teamId] }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().event.id;
    await ctx.database.query(
      `update user_organizations set status = 'disabled' where organization_id = $1 and user_id = $2`,
      [c.org.id, c.actor.id],
    );
    await ctx.database.query('update teams set archived_at = now() where id = $1', [c.teamId]);

    const renamed = await c.agents.admin.patch(`${c.base}/events/${id}`, { name: 'Rehearsal, act two' });
    expect(renamed.statusCode).toBe(200);
    const event = (await c.agents.admin.get(`${c.base}/events/${id}`)).json();
    expect(event).toMatchObject({ name: 'Rehearsal, act two', reservedBy: { id: c.actor.id } });
    expect(event.teams).toEqual([{ id: c.teamId, name: 'Hamlet Cast' }]);
  });

  it('keeps a class whose instructor has since lost the Instructor role', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, { eventType: 'class', instructorId: c.instructor.id }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().event.id;
    await ctx.database.query(
      `update user_organizations set organization_roles = '{}' where organization_id = $1 and user_id = $2`,
      [c.org.id, c.instructor.id],
    );
    const moved = await c.agents.owner.patch(`${c.base}/events/${id}`, { spaces: ['Annex'] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().event).toMatchObject({ spaces: ['Annex'], instructorId: c.instructor.id });
  });

  it('checks what the edit newly names, and changes nothing when it is refused', async () => {
    const c = await calendarOrg(ctx);
    const created = await c.agents.owner.post(`${c.base}/events`, eventBody(c.people.owner.id));
    const id = created.json().event.id;
    await ctx.database.query(
      `update user_organizations set status = 'disabled' where organization_id = $1 and user_id = $2`,
      [c.org.id, c.actor.id],
    );
    const [archived] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle, archived_at) values ($1, 'Old Cast', $2, now()) returning id`,
      [c.org.id, `old-${c.org.id}`],
    );
    const cases = [
      [{ reservedBy: c.actor.id }, RESERVER_NOT_MEMBER],
      [{ teamIds: [archived.id] }, TEAMS_NOT_FOUND],
      [{ eventType: 'class', instructorId: c.people.admin.id }, NOT_AN_INSTRUCTOR],
    ] as const;
    for (const [patch, message] of cases) {
      const res = await c.agents.owner.patch(`${c.base}/events/${id}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const event = (await c.agents.owner.get(`${c.base}/events/${id}`)).json();
    expect(event).toMatchObject({ reservedBy: { id: c.people.owner.id }, teams: [], instructorId: null });
  });
});
