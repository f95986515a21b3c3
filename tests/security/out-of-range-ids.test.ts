// Ids beyond the id column's range (in a path or a body) are a bad request or "not found", never
// a database failure (500), on every route of the finished areas.
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../support/app';
import { buildTeamWorld } from '../support/teams';

const BIG = '99999999999';

describe('ids beyond the int range', () => {
  it('answer 400 or 404, not 500', async () => {
    const ctx = await getTestApp();
    const { org, team, agents } = await buildTeamWorld(ctx);
    const owner = agents.owner;
    const t = team.id;
    const cases: [string, () => ReturnType<typeof owner.get>][] = [
      ['set member role', () => owner.patch(`/api/teams/${t}/members/${BIG}`, { role: 'member' })],
      ['remove member', () => owner.delete(`/api/teams/${t}/members/${BIG}`)],
      ['delete link', () => owner.delete(`/api/teams/${t}/links/${BIG}`)],
      ['delete asset', () => owner.delete(`/api/teams/${t}/assets/${BIG}`)],
      ['download asset', () => owner.get(`/api/teams/${t}/assets/${BIG}/download`)],
      ['team by id', () => owner.patch(`/api/teams/${BIG}`, { name: 'x' })],
      ['add member', () => owner.post(`/api/teams/${t}/members`, { userId: Number(BIG), role: 'member' })],
      [
        'create team with members',
        () =>
          owner.post(`/api/organizations/${org.id}/teams`, {
            name: 'Big',
            handle: 'big-ids',
            memberIds: [Number(BIG)],
          }),
      ],
      ['user details', () => owner.get(`/api/users/${BIG}/details`)],
      [
        'update user details',
        () =>
          owner.patch(`/api/users/${BIG}/details`, {
            permissionRole: 'admin',
            organizationRoles: [],
            isActive: true,
          }),
      ],
      ['organization stats', () => owner.get(`/api/organizations/${BIG}/stats`)],
      ['stored file', () => owner.get(`/files/${BIG}/0123456789abcdef`)],
    ];
    const failures: string[] = [];
    for (const [name, call] of cases) {
      const res = await call();
      if (res.statusCode !== 400 && res.statusCode !== 404) failures.push(`${name}: ${res.statusCode}`);
      else expect(res.json()).toHaveProperty('message');
    }
    expect(failures).toEqual([]);
  });

  it('tell the Add Member form which field is wrong', async () => {
    const ctx = await getTestApp();
    const { team, agents } = await buildTeamWorld(ctx);
    const res = await agents.owner.post(`/api/teams/${team.id}/members`, {
      userId: Number(BIG),
      role: 'member',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ userId: 'Please select a user' });
  });
});
