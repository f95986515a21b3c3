import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildUser } from '../../../../tests/support/factories';
import { buildTeamWorld } from '../../../../tests/support/teams';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

type World = Awaited<ReturnType<typeof buildTeamWorld>>;

async function withCharacter(w: World) {
  const res = await w.agents.team_lead.post(`/api/teams/${w.team.id}/characters`, {
    name: 'Hamlet',
    memberIds: [w.people.standard_user.id],
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('the breakdown', () => {
  it("a team's lead builds characters and scenes; its members read them in order", async () => {
    const w = await buildTeamWorld(ctx);
    const hamlet = await withCharacter(w);
    const ghost = (
      await w.agents.admin.post(`/api/teams/${w.team.id}/characters`, { name: 'Ghost', memberIds: [] })
    ).json();
    const ramparts = await w.agents.team_lead.post(`/api/teams/${w.team.id}/scenes`, {
      name: '1.1 Ramparts',
      act: '1',
      pages: 11,
      characterIds: [ghost.id],
    });
    expect(ramparts.statusCode).toBe(201);
    expect(ramparts.json()).toMatchObject({ name: '1.1 Ramparts', act: '1', pages: 11, position: 0 });
    const court = (
      await w.agents.team_lead.post(`/api/teams/${w.team.id}/scenes`, {
        name: '1.2 Court',
        characterIds: [hamlet.id, ghost.id],
      })
    ).json();
    expect(court).toMatchObject({ position: 1, act: null, pages: null, characterIds: [hamlet.id, ghost.id] });

    const moved = await w.agents.team_lead.patch(`/api/teams/${w.team.id}/scenes/${court.id}`, {
      position: 0,
      pages: 24,
      characterIds: [hamlet.id],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ position: 0, pages: 24, characterIds: [hamlet.id] });
    const recast = await w.agents.team_lead.patch(`/api/teams/${w.team.id}/characters/${hamlet.id}`, {
      memberIds: [w.people.standard_user.id, w.people.board.id],
      name: 'Prince Hamlet',
    });
    expect(recast.json()).toMatchObject({
      name: 'Prince Hamlet',
      memberIds: [w.people.standard_user.id, w.people.board.id],
    });

    const read = await w.agents.standard_user.get(`/api/teams/${w.team.id}/breakdown`);
    expect(read.statusCode).toBe(200);
    expect(read.json().scenes.map((s: { name: string }) => s.name)).toEqual(['1.2 Court', '1.1 Ramparts']);
    expect(read.json().characters.map((c: { name: string }) => c.name)).toEqual(['Prince Hamlet', 'Ghost']);

    expect(
      (await w.agents.team_lead.delete(`/api/teams/${w.team.id}/characters/${ghost.id}`)).statusCode,
    ).toBe(204);
    expect((await w.agents.team_lead.delete(`/api/teams/${w.team.id}/scenes/${court.id}`)).statusCode).toBe(
      204,
    );
    const after = (await w.agents.owner.get(`/api/teams/${w.team.id}/breakdown`)).json();
    expect(after.scenes).toEqual([expect.objectContaining({ name: '1.1 Ramparts', characterIds: [] })]);
    expect(after.characters.map((c: { id: number }) => c.id)).toEqual([hamlet.id]);
  });

  it("refuses bad input (400), another team's character (400), inactive cast (400) and a taken name (409)", async () => {
    const w = await buildTeamWorld(ctx);
    const base = `/api/teams/${w.team.id}`;
    const empty = await w.agents.team_lead.post(`${base}/characters`, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Character name is required');
    expect((await w.agents.team_lead.post(`${base}/scenes`, { name: 'S', pages: -1 })).json().message).toBe(
      'Pages must be a whole number of eighths (0 or more)',
    );
    const disabled = await buildUser(ctx.database, { org: w.org, status: 'disabled' });
    const inactive = await w.agents.team_lead.post(`${base}/characters`, {
      name: 'X',
      memberIds: [disabled.id],
    });
    expect(inactive.statusCode).toBe(400);
    const foreignCast = await w.agents.team_lead.post(`${base}/characters`, {
      name: 'Y',
      memberIds: [w.foreign.admin.id],
    });
    expect(foreignCast.statusCode).toBe(400);
    const theirs = await w.otherLead.agent.post(`/api/teams/${w.otherTeam.id}/characters`, {
      name: 'Theirs',
    });
    const wrongTeam = await w.agents.team_lead.post(`${base}/scenes`, {
      name: 'S',
      characterIds: [theirs.json().id],
    });
    expect(wrongTeam.statusCode).toBe(400);
    expect(wrongTeam.json().errors.characterIds).toBeDefined();
    await withCharacter(w);
    const taken = await w.agents.team_lead.post(`${base}/characters`, { name: 'hamlet' });
    expect(taken.statusCode).toBe(409);
    // Another team's row by id is not found here.
    expect(
      (await w.agents.team_lead.patch(`${base}/characters/${theirs.json().id}`, { name: 'Z' })).statusCode,
    ).toBe(404);
    expect((await w.agents.team_lead.delete(`${base}/characters/${theirs.json().id}`)).statusCode).toBe(404);
  });

  it('members outside the team get 403, another organization 404, anonymous 401', async () => {
    const w = await buildTeamWorld(ctx);
    const character = await withCharacter(w);
    const base = `/api/teams/${w.team.id}`;
    expect((await w.agents.board.get(`${base}/breakdown`)).statusCode).toBe(403);
    expect((await w.otherLead.agent.get(`${base}/breakdown`)).statusCode).toBe(403);
    expect((await w.agents.standard_user.post(`${base}/characters`, { name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await w.agents.standard_user.patch(`${base}/characters/${character.id}`, { name: 'N' })).statusCode,
    ).toBe(403);
    expect((await w.foreign.agent.get(`${base}/breakdown`)).statusCode).toBe(404);
    expect((await w.foreign.agent.post(`${base}/scenes`, { name: 'Nope' })).statusCode).toBe(404);
    expect(
      (await w.foreign.agent.get(`${base}/rehearsable?start=2031-01-01T18:00&end=2031-01-01T21:00`))
        .statusCode,
    ).toBe(404);
    const anonymous = new Agent(ctx.app, w.org.host);
    expect((await anonymous.get(`${base}/breakdown`)).statusCode).toBe(401);
    expect((await anonymous.post(`${base}/characters`, { name: 'N' })).statusCode).toBe(401);
  });
});

describe('GET /api/teams/:teamId/rehearsable', () => {
  it('ranks scenes with everyone free first, naming who is missing and why', async () => {
    const w = await buildTeamWorld(ctx);
    const base = `/api/teams/${w.team.id}`;
    const lead = w.agents.team_lead;
    const busy = w.people.standard_user;
    const free = w.people.board;
    const a = (await lead.post(`${base}/characters`, { name: 'A', memberIds: [busy.id] })).json();
    const b = (await lead.post(`${base}/characters`, { name: 'B', memberIds: [free.id] })).json();
    await lead.post(`${base}/scenes`, { name: 'Both', characterIds: [a.id, b.id] });
    const onlyB = (await lead.post(`${base}/scenes`, { name: 'Only B', characterIds: [b.id] })).json();
    await ctx.database.query(
      `insert into availability_periods (organization_id, user_id, start_wall, end_wall, start_date_time,
         end_date_time, weekly_until, time_zone, last_end, note)
       values ($1, $2, '2031-02-04T18:00', '2031-02-04T20:00', '2031-02-04 23:00Z', '2031-02-05 01:00Z',
         null, 'America/New_York', '2031-02-05 01:00Z', 'Dentist')`,
      [w.org.id, busy.id],
    );
    const url = `${base}/rehearsable?start=2031-02-04T19:00&end=2031-02-04T22:00`;
    const res = await lead.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes).toEqual([
      expect.objectContaining({ name: 'Only B', allFree: true, missing: [] }),
      expect.objectContaining({
        name: 'Both',
        allFree: false,
        missing: [expect.objectContaining({ userId: busy.id, reason: 'Dentist' })],
      }),
    ]);
    // A member who does not manage the busy person reads the reason, not the note.
    const mine = (await w.agents.standard_user.get(url)).json();
    expect(mine.scenes[1].missing[0].reason).toBe('Dentist');
    const other = await buildUser(ctx.database, { org: w.org });
    await ctx.database.query(
      "insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'member')",
      [w.org.id, w.team.id, other.id],
    );
    const { signedIn } = await import('../../../../tests/support/factories');
    const plain = await signedIn(ctx, other, w.org);
    expect((await plain.get(url)).json().scenes[1].missing[0].reason).toBe('unavailable');
    const later = await lead.get(`${base}/rehearsable?start=2031-02-04T21:00&end=2031-02-04T22:00`);
    expect(later.json().scenes.every((s: { allFree: boolean }) => s.allFree)).toBe(true);
    // The kept answer is sent again unchanged, and made anew once the breakdown changes.
    expect((await lead.get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    await lead.patch(`${base}/scenes/${onlyB.id}`, { characterIds: [a.id] });
    const changed = await lead.get(url, { 'if-none-match': res.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().scenes.every((s: { allFree: boolean }) => !s.allFree)).toBe(true);
  });

  it('validates the times', async () => {
    const w = await buildTeamWorld(ctx);
    const res = await w.agents.team_lead.get(
      `/api/teams/${w.team.id}/rehearsable?start=tomorrow&end=2031-02-04T22:00`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Start must be a date and time (YYYY-MM-DDTHH:MM)');
    const backwards = await w.agents.team_lead.get(
      `/api/teams/${w.team.id}/rehearsable?start=2031-02-04T22:00&end=2031-02-04T20:00`,
    );
    expect(backwards.json().message).toBe('End must be after start');
    expect(
      (
        await w.agents.board.get(
          `/api/teams/${w.team.id}/rehearsable?start=2031-02-04T19:00&end=2031-02-04T22:00`,
        )
      ).statusCode,
    ).toBe(403);
  });
});
