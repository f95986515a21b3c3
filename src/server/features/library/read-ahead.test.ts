import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { settled } from '../../../../tests/support/change-feed';
import { buildLibraryWorld, buildPage } from '../../../../tests/support/library';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The statements reading pages for their views, with how many pages each asked for. */
function pageReads() {
  const queries = vi.spyOn(ctx.database, 'query');
  return () =>
    queries.mock.calls
      .filter(([text]) => text.includes('order by p.slug'))
      .map(([, params]) => (params as unknown[])[3]);
}

/** Pages a-notes … e-notes (their addresses in that order), each linking to the next. */
async function fivePages(w: Awaited<ReturnType<typeof buildLibraryWorld>>, isPublic = false) {
  const pages = [];
  for (const letter of ['A', 'B', 'C', 'D', 'E'])
    pages.push(
      await buildPage(ctx, w.org, w.people.owner.id, {
        title: `${letter} notes`,
        content: `About ${letter}. Next: [[${String.fromCharCode(letter.charCodeAt(0) + 1)} notes]].`,
        isPublic,
      }),
    );
  // Their creation's notifications, heard late, would drop what a test's first view reads ahead.
  await settled(ctx.database);
  return pages;
}

describe('page views read ahead', () => {
  it('reads a page with the pages after it in one statement, and draws their views with none of their own', async () => {
    const w = await buildLibraryWorld(ctx);
    await fivePages(w);
    const reads = pageReads();
    const view = (slug: string) => w.agents.standard_user.get(w.wiki(`/${slug}`));
    expect((await view('b-notes')).statusCode).toBe(200);
    expect(reads()).toEqual([32]);
    const d = await view('d-notes');
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ title: 'D notes', backlinks: [{ title: 'C notes', slug: 'c-notes' }] });
    expect(d.json().html).toContain('href="/library/e-notes" class="wiki-link"');
    await view('c-notes');
    await view('e-notes');
    expect(reads()).toEqual([32]);
    // A page before the first one read was not read ahead.
    expect((await view('a-notes')).statusCode).toBe(200);
    expect(reads()).toEqual([32, 32]);
  });

  it('reads alone a page read before whose view an edit dropped, and shows the edit', async () => {
    const w = await buildLibraryWorld(ctx);
    const [, b] = await fivePages(w);
    const view = (slug: string) => w.agents.standard_user.get(w.wiki(`/${slug}`));
    await view('a-notes');
    await view('b-notes');
    // Its links as before: a page relinked changes the names.
    const content = 'Reblocked. Next: [[C notes]].';
    const edited = await w.agents.owner.patch(w.wiki(`/${b.id}`), { content, currentVersion: 1 });
    expect(edited.statusCode).toBe(200);
    await settled(ctx.database);
    const reads = pageReads();
    expect((await view('b-notes')).json().content).toBe(content);
    expect(reads()).toEqual([1]);
  });

  it('drops a row read ahead with a change to its page before its view is drawn', async () => {
    const w = await buildLibraryWorld(ctx);
    const [, b] = await fivePages(w);
    const view = (slug: string) => w.agents.standard_user.get(w.wiki(`/${slug}`));
    await view('a-notes');
    const edited = await w.agents.owner.patch(w.wiki(`/${b.id}`), { content: 'Recast.', currentVersion: 1 });
    expect(edited.statusCode).toBe(200);
    await settled(ctx.database);
    const reads = pageReads();
    expect((await view('b-notes')).json().content).toBe('Recast.');
    expect(reads()).toHaveLength(1);
  });

  it('reads ahead again once the names change, since a page added can follow another', async () => {
    const w = await buildLibraryWorld(ctx);
    await fivePages(w);
    const view = (slug: string) => w.agents.standard_user.get(w.wiki(`/${slug}`));
    await view('a-notes');
    const added = await w.agents.owner.post(w.wiki(), { title: 'Bb notes', content: 'New.' });
    expect(added.statusCode).toBe(201);
    await settled(ctx.database);
    const reads = pageReads();
    // The added page names B (a link to it) nowhere, but every view lies under the names.
    expect((await view('b-notes')).statusCode).toBe(200);
    expect((await view('bb-notes')).json().content).toBe('New.');
    expect(reads()).toEqual([32]);
  });

  it('leaves out pages over 16 KB, which are read when opened', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'A notes' });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'B notes', content: 'cue '.repeat(5000) });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'C notes' });
    await settled(ctx.database);
    const reads = pageReads();
    const view = (slug: string) => w.agents.standard_user.get(w.wiki(`/${slug}`));
    await view('a-notes');
    expect((await view('c-notes')).statusCode).toBe(200);
    expect(reads()).toEqual([32]);
    expect((await view('b-notes')).json().content).toHaveLength(20_000);
    expect(reads()).toEqual([32, 32]);
  });

  it("reads ahead for the public only public pages, and never another organization's", async () => {
    const w = await buildLibraryWorld(ctx);
    await fivePages(w, true);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Bz notes', content: 'Cast list.' });
    await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'C notes elsewhere', slug: 'c-notes-x' });
    await settled(ctx.database);
    const anon = new Agent(ctx.app, 'localhost');
    const publicView = (slug: string) => anon.get(`/api/public/${w.org.shortname}/wiki/${slug}`);
    expect((await publicView('a-notes')).statusCode).toBe(200);
    const reads = pageReads();
    expect((await publicView('c-notes')).json().title).toBe('C notes');
    expect(reads()).toEqual([]);
    expect((await publicView('bz-notes')).statusCode).toBe(404);
    // The member's view of the private page is its own read, not the public's.
    expect((await w.agents.standard_user.get(w.wiki('/bz-notes'))).json().content).toBe('Cast list.');
    expect((await w.agents.standard_user.get(w.wiki('/c-notes-x'))).statusCode).toBe(404);
  });
});
