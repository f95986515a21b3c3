import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { DEMO_PEOPLE } from '../../seed/demo';
import { seedDemoLibrary } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('demo library', () => {
  it('seeds a home page linking to a show bible, a safety procedure and a syllabus, with history', async () => {
    const org = await buildOrg(ctx.database);
    const userIds: Record<string, number> = {};
    for (const p of DEMO_PEOPLE)
      userIds[p.username] = (await buildUser(ctx.database, { org, role: p.role })).id;
    await seedDemoLibrary(ctx.database, { organizationId: org.id, userIds });
    const reader = await buildUser(ctx.database, { org, role: 'standard_user' });
    const agent = await signedIn(ctx, reader, org);
    const home = (await agent.get(`/api/organizations/${org.id}/wiki/home`)).json();
    expect(home.html).toContain('href="/library/into-the-woods-show-bible" class="wiki-link"');
    expect(home.html).toContain('href="/library/backstage-safety-procedure" class="wiki-link"');
    expect(home.html).toContain('href="/library/youth-acting-class-syllabus" class="wiki-link"');
    expect(home.html).not.toContain('wiki-link-missing');
    const bible = (await agent.get(`/api/organizations/${org.id}/wiki/into-the-woods-show-bible`)).json();
    expect(bible.currentVersion).toBe(2);
    expect(bible.backlinks.map((l: { slug: string }) => l.slug).sort()).toEqual([
      'home',
      'youth-acting-class-syllabus',
    ]);
    const found = (await agent.get(`/api/organizations/${org.id}/wiki/search?q=harness`)).json();
    expect(found.items[0].slug).toBe('backstage-safety-procedure');
  });
});
