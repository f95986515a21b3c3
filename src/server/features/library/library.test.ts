import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildSystemUser } from '../../../../tests/support/factories';
import { buildPage, buildLibraryWorld, WRITER_ROLES } from '../../../../tests/support/library';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const count = async (table: string, orgId: number) =>
  (
    await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from ${table} where organization_id = $1`,
      [orgId],
    )
  )[0].n;

describe('POST /api/organizations/:orgId/wiki', () => {
  it('lets every writer role create a page with its first version, tags trimmed and de-duplicated', async () => {
    const w = await buildLibraryWorld(ctx);
    for (const role of WRITER_ROLES) {
      const res = await w.agents[role].post(w.wiki(), {
        title: `  Notes by ${role} `,
        content: '# Hello',
        tags: [' safety ', 'Safety', '', 'crew'],
        changeNote: 'first draft',
      });
      expect(res.statusCode, role).toBe(201);
      const page = res.json();
      expect(page).toMatchObject({
        title: `Notes by ${role}`,
        slug: `notes-by-${role.replace(/_/g, '-')}`,
        tags: ['safety', 'crew'],
        isPublic: false,
        currentVersion: 1,
        authorId: w.people[role].id,
        author: { username: w.people[role].username },
      });
      const [v] = await ctx.database.query<{ version: number; change_note: string }>(
        'select version, change_note from wiki_page_versions where page_id = $1',
        [page.id],
      );
      expect(v).toEqual({ version: 1, change_note: 'first draft' });
    }
  });

  it('lets a system user write', async () => {
    const w = await buildLibraryWorld(ctx);
    const sys = await buildSystemUser(ctx);
    const res = await sys.agent.post(w.wiki(), { title: 'From the system', content: 'x' });
    expect(res.statusCode).toBe(201);
  });

  it('answers the spec messages for a missing title or content', async () => {
    const w = await buildLibraryWorld(ctx);
    const noTitle = await w.agents.owner.post(w.wiki(), { title: '   ', content: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required');
    const missingTitle = await w.agents.owner.post(w.wiki(), { content: 'x' });
    expect(missingTitle.json().message).toBe('Title is required');
    const noContent = await w.agents.owner.post(w.wiki(), { title: 'T', content: ' \n ' });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json().message).toBe('Content is required');
    const missingContent = await w.agents.owner.post(w.wiki(), { title: 'T' });
    expect(missingContent.json().message).toBe('Content is required');
    expect(await count('wiki_pages', w.org.id)).toBe(0);
  });

  it('numbers a slug that is taken, and never takes the words the calls use', async () => {
    const w = await buildLibraryWorld(ctx);
    const slugs = [];
    for (const title of ['Home', 'home', 'HOME!', 'Search', 'Pages']) {
      const res = await w.agents.admin.post(w.wiki(), { title, content: 'x' });
      expect(res.statusCode).toBe(201);
      slugs.push(res.json().slug);
    }
    expect(slugs).toEqual(['home', 'home-2', 'home-3', 'search-2', 'pages-2']);
    const wanted = await w.agents.admin.post(w.wiki(), { title: 'Other', content: 'x', slug: 'home' });
    expect(wanted.json().slug).toBe('home-4');
  });

  it('gives racing creates of one title distinct slugs, never a 500', async () => {
    const w = await buildLibraryWorld(ctx);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => w.agents.owner.post(w.wiki(), { title: 'Show Bible', content: 'x' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().slug)).size).toBe(8);
  });

  it('refuses content over 1 MB with 413 and its message', async () => {
    const w = await buildLibraryWorld(ctx);
    const res = await w.agents.owner.post(w.wiki(), { title: 'Big', content: 'a'.repeat(1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Content must be 1 MB or less');
    const fits = await w.agents.owner.post(w.wiki(), { title: 'Fits', content: 'a'.repeat(1024 * 1024) });
    expect(fits.statusCode).toBe(201);
    expect(await count('wiki_pages', w.org.id)).toBe(1);
  });

  it('answers 401 signed out, 403 for a standard user, 404 for another organization, and writes nothing', async () => {
    const w = await buildLibraryWorld(ctx);
    const body = { title: 'Nope', content: 'x' };
    expect((await new Agent(ctx.app, w.org.host).post(w.wiki(), body)).statusCode).toBe(401);
    const refused = await w.agents.standard_user.post(w.wiki(), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to edit the library');
    // 403 comes before validation: a reader learns nothing about the fields.
    expect((await w.agents.standard_user.post(w.wiki(), {})).statusCode).toBe(403);
    expect((await w.foreign.agent.post(w.wiki(), body)).statusCode).toBe(404);
    expect(await count('wiki_pages', w.org.id)).toBe(0);
  });
});

describe('GET /api/organizations/:orgId/wiki/:slug', () => {
  it('shows a page to every member with rendered html, resolved links and what links here', async () => {
    const w = await buildLibraryWorld(ctx);
    const safety = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Safety Procedure' });
    await buildPage(ctx, w.org, w.people.admin.id, {
      title: 'Home',
      content: 'Read [[Safety Procedure]], [the bible](/library/show-bible) and [[Missing One]].',
    });
    const res = await w.agents.standard_user.get(w.wiki('/home'));
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.html).toContain('<a href="/library/safety-procedure" class="wiki-link">Safety Procedure</a>');
    expect(page.html).toContain('href="/library/show-bible" class="wiki-link-missing"');
    expect(page.html).toContain('href="/library/missing-one" class="wiki-link-missing"');
    expect(page.linkTargets).toEqual([{ title: 'Safety Procedure', slug: 'safety-procedure' }]);
    const target = (await w.agents.standard_user.get(w.wiki(`/${safety.slug}`))).json();
    expect(target.backlinks).toEqual([{ title: 'Home', slug: 'home' }]);
  });

  it('keeps a renamed page reachable by its old titles, and counts links written with them', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Crew Call', slug: 'call-sheet' });
    await buildPage(ctx, w.org, w.people.admin.id, {
      title: 'Home',
      content: 'See [[Crew Call]] and [[crew call|the call]].',
    });
    const path = w.wiki(`/${page.id}`);
    const rename = (title: string, currentVersion: number) =>
      w.agents.owner.patch(path, { title, currentVersion });
    expect((await rename('Call Times', 1)).statusCode).toBe(200);
    await buildPage(ctx, w.org, w.people.admin.id, { title: 'Tour', content: 'Before [[Call Times]].' });
    expect((await rename('Schedule', 2)).statusCode).toBe(200);
    const home = (await w.agents.standard_user.get(w.wiki('/home'))).json();
    expect(home.html).toContain('<a href="/library/call-sheet" class="wiki-link">Crew Call</a>');
    expect(home.html).toContain('<a href="/library/call-sheet" class="wiki-link">the call</a>');
    expect(home.html).not.toContain('wiki-link-missing');
    expect(home.linkTargets).toContainEqual({ title: 'Crew Call', slug: 'call-sheet' });
    const tour = (await w.agents.standard_user.get(w.wiki('/tour'))).json();
    expect(tour.html).toContain('<a href="/library/call-sheet" class="wiki-link">Call Times</a>');
    const renamed = (await w.agents.standard_user.get(w.wiki('/call-sheet'))).json();
    expect(renamed.backlinks).toEqual([
      { title: 'Home', slug: 'home' },
      { title: 'Tour', slug: 'tour' },
    ]);
    // A page that takes an old title as its own wins it: links then lead there.
    await buildPage(ctx, w.org, w.people.admin.id, { title: 'Crew Call', content: 'New page.' });
    const now = (await w.agents.standard_user.get(w.wiki('/home'))).json();
    expect(now.html).toContain('<a href="/library/crew-call" class="wiki-link">Crew Call</a>');
    const old = (await w.agents.standard_user.get(w.wiki('/call-sheet'))).json();
    expect(old.backlinks).toEqual([{ title: 'Tour', slug: 'tour' }]);
    // Another organization's old titles never resolve here.
    const theirs = await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Props' });
    await w.foreign.agent.patch(`/api/organizations/${w.foreign.org.id}/wiki/${theirs.id}`, {
      title: 'Props Store',
      currentVersion: 1,
    });
    await buildPage(ctx, w.org, w.people.admin.id, { title: 'Kit', content: '[[Props]]' });
    expect((await w.agents.owner.get(w.wiki('/kit'))).json().html).toContain('wiki-link-missing');
  });

  it('answers 404 for a missing page, another organization, or a non-slug; 401 signed out', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    expect((await w.agents.owner.get(w.wiki('/nothing-here'))).json().message).toBe('Page not found');
    expect((await w.agents.owner.get(w.wiki('/Bad%20Slug'))).statusCode).toBe(404);
    expect((await w.foreign.agent.get(w.wiki('/home'))).statusCode).toBe(404);
    const foreignOwn = `/api/organizations/${w.foreign.org.id}/wiki/home`;
    expect((await w.agents.owner.get(foreignOwn)).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).get(w.wiki('/home'))).statusCode).toBe(401);
  });
});

describe('GET /api/organizations/:orgId/wiki/pages', () => {
  it('lists the organization pages by title, filtered by tag, for any member', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Zebra', tags: ['Crew'] });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'apple', tags: ['cast'] });
    await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Foreign', tags: ['crew'] });
    const all = await w.agents.standard_user.get(w.wiki('/pages'));
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { title: string }) => p.title)).toEqual(['apple', 'Zebra']);
    const crew = await w.agents.standard_user.get(w.wiki('/pages?tag=crew'));
    expect(crew.json().map((p: { title: string }) => p.title)).toEqual(['Zebra']);
    expect((await w.foreign.agent.get(w.wiki('/pages'))).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).get(w.wiki('/pages'))).statusCode).toBe(401);
  });

  it('lists only the most recently changed pages with ?recent=n (the dashboard card)', async () => {
    const w = await buildLibraryWorld(ctx);
    for (const title of ['First', 'Second', 'Third'])
      await buildPage(ctx, w.org, w.people.owner.id, { title });
    await ctx.database.query(
      `update wiki_pages set updated_at = now() - make_interval(days => case title when 'First' then 3
         when 'Second' then 1 else 2 end) where organization_id = $1`,
      [w.org.id],
    );
    await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Foreign' });
    const recent = await w.agents.standard_user.get(w.wiki('/pages?recent=2'));
    expect(recent.statusCode).toBe(200);
    expect(recent.json().map((p: { title: string }) => p.title)).toEqual(['Second', 'Third']);
    for (const bad of ['0', '51', 'two', '1.5']) {
      const res = await w.agents.standard_user.get(w.wiki(`/pages?recent=${bad}`));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/recent/);
    }
    expect((await w.foreign.agent.get(w.wiki('/pages?recent=2'))).statusCode).toBe(404);
    expect((await new Agent(ctx.app, w.org.host).get(w.wiki('/pages?recent=2'))).statusCode).toBe(401);
  });
});

describe('DELETE /api/organizations/:orgId/wiki/:pageId', () => {
  it('deletes a page and its versions for writers only', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Old' });
    const path = w.wiki(`/${page.id}`);
    expect((await new Agent(ctx.app, w.org.host).delete(path)).statusCode).toBe(401);
    expect((await w.agents.standard_user.delete(path)).statusCode).toBe(403);
    expect((await w.foreign.agent.delete(path)).statusCode).toBe(404);
    const foreignPage = await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Theirs' });
    expect((await w.agents.owner.delete(w.wiki(`/${foreignPage.id}`))).statusCode).toBe(404);
    expect(await count('wiki_pages', w.org.id)).toBe(1);
    expect(await count('wiki_pages', w.foreign.org.id)).toBe(1);
    const res = await w.agents.team_lead.delete(path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Page deleted' });
    expect(await count('wiki_pages', w.org.id)).toBe(0);
    expect(await count('wiki_page_versions', w.org.id)).toBe(0);
    expect((await w.agents.owner.delete(path)).statusCode).toBe(404);
  });
});

describe('a first page view', () => {
  const spied = async <T>(read: () => Promise<T>) => {
    const transactions = vi.spyOn(ctx.database, 'transaction');
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const result = await read();
      const statements = queries.mock.calls.filter(([text]) => text.includes('wiki_pages')).length;
      return { result, transactions: transactions.mock.calls.length, statements };
    } finally {
      vi.restoreAllMocks();
    }
  };

  it('reads the page and what it links to in one statement, and answers 404 for no page', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Fly cues', content: 'See [[Rigging]].' });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Rigging', content: 'Back to [[Fly cues]].' });
    const view = await spied(async () => (await w.agents.standard_user.get(w.wiki('/fly-cues'))).json());
    expect(view.result.linkTargets).toEqual([{ title: 'Rigging', slug: 'rigging' }]);
    expect(view.result.backlinks).toEqual([{ title: 'Rigging', slug: 'rigging' }]);
    // Under load each statement through the pool waits for a connection: the view waits once.
    expect(view).toMatchObject({ transactions: 0, statements: 1 });
    expect((await w.agents.standard_user.get(w.wiki('/no-such-page'))).statusCode).toBe(404);
  });

  it('finds links written under a former title in the same statement, after renames through the app', async () => {
    const w = await buildLibraryWorld(ctx);
    const cues = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Fly cues', content: 'Plot.' });
    await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Rigging',
      content: 'See [[Fly cues]] and [the plot](/library/fly-cues).',
    });
    for (const [title, currentVersion] of [
      ['Flying', 1],
      ['Flying plot', 2],
    ] as const) {
      const renamed = await w.agents.owner.patch(w.wiki(`/${cues.id}`), { title, currentVersion });
      expect(renamed.statusCode).toBe(200);
    }
    const rigging = await spied(async () => (await w.agents.standard_user.get(w.wiki('/rigging'))).json());
    // [[Fly cues]] leads to the page that had that title.
    expect(rigging.result.linkTargets).toEqual([
      { title: 'Flying plot', slug: 'fly-cues' },
      { title: 'Fly cues', slug: 'fly-cues' },
    ]);
    const flying = await spied(async () => (await w.agents.standard_user.get(w.wiki('/fly-cues'))).json());
    expect(flying.result.backlinks).toEqual([{ title: 'Rigging', slug: 'rigging' }]);
    expect(flying).toMatchObject({ transactions: 0, statements: 1 });
  });

  it('works out the links of a page whose title or content changed behind the app', async () => {
    const w = await buildLibraryWorld(ctx);
    const notes = await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Notes',
      content: 'See [[Rigging]].',
    });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Rigging', content: 'Plot.' });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Sound', content: 'Back to [[Blocking]].' });
    const read = () => spied(async () => (await w.agents.standard_user.get(w.wiki('/notes'))).json());
    // As the database manager writes: title and content only.
    await ctx.database.query(
      `update wiki_pages set title = 'Blocking', content = 'See [[Sound]].' where id = $1`,
      [notes.id],
    );
    const view = await read();
    expect(view.result).toMatchObject({
      title: 'Blocking',
      linkTargets: [{ title: 'Sound', slug: 'sound' }],
      backlinks: [{ title: 'Sound', slug: 'sound' }],
    });
    expect(view.statements).toBe(2);
    // The next edit through the app stores the links again; the title's slug, which it did not
    // write, stays unknown, so the view still works out the page's names.
    const edit = (change: object, currentVersion: number) =>
      w.agents.owner.patch(w.wiki(`/${notes.id}`), { ...change, currentVersion });
    expect((await edit({ content: 'See [[Rigging]].' }, 1)).statusCode).toBe(200);
    const edited = await read();
    expect(edited.result).toMatchObject({
      linkTargets: [{ title: 'Rigging', slug: 'rigging' }],
      backlinks: [{ title: 'Sound', slug: 'sound' }],
    });
    expect(edited.statements).toBe(2);
    await ctx.database.query(`update wiki_pages set content = 'See [[Sound]].' where id = $1`, [notes.id]);
    // The kept view goes when the trigger's announcement arrives.
    await expect
      .poll(async () => (await read()).result.linkTargets)
      .toEqual([{ title: 'Sound', slug: 'sound' }]);
  });
});
