// A multipart body that ends early is the sender's mistake: 400, and nothing is kept.
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../support/app';
import { buildOrgWithRoles } from '../support/factories';
import { buildTeamWorld, multipart } from '../support/teams';

describe('uploads', () => {
  it('a truncated multipart body is a bad request, and nothing is stored', async () => {
    const ctx = await getTestApp();
    const { team, agents } = await buildTeamWorld(ctx);
    const form = multipart('file', 'notes.txt', 'text/plain', Buffer.from('hello there'));
    const truncated = form.body.subarray(0, form.body.length - 20);
    for (const path of ['assets', 'header-image']) {
      const res = await agents.owner.request(
        'POST',
        `/api/teams/${team.id}/${path}`,
        truncated,
        form.headers,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const assets = await ctx.database.query('select 1 from team_assets where team_id = $1', [team.id]);
    expect(assets).toHaveLength(0);
  });

  it('a truncated logo or favicon upload is a bad request, and the branding is unchanged', async () => {
    const ctx = await getTestApp();
    const { org, agents } = await buildOrgWithRoles(ctx);
    for (const field of ['logo', 'favicon']) {
      const form = multipart(field, `${field}.png`, 'image/png', Buffer.alloc(2048, 1));
      const res = await agents.admin.request(
        'POST',
        `/api/organizations/${org.id}/upload-${field}`,
        form.body.subarray(0, form.body.length - 20),
        form.headers,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const [row] = await ctx.database.query<{ logo: string | null; favicon: string | null }>(
      'select logo_url as logo, favicon from organizations where id = $1',
      [org.id],
    );
    expect(row).toEqual({ logo: null, favicon: null });
  });
});
