import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser } from '../../../../tests/support/factories';
import { buildPage, buildLibraryWorld } from '../../../../tests/support/library';
import { settled } from '../../../../tests/support/change-feed';
import { ChangeFeed, type LiveCache } from '../../db/change-feed';
import { snippetHtml } from './search';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('where a page keeps its words', () => {
  it("keeps each page's search words in its row, and still saves and finds a page too long for one", async () => {
    // A search reads the words of every page it matches: out of the row, each read was a lookup.
    const [column] = await ctx.database.query<{ storage: string }>(
      `select attstorage as storage from pg_attribute
       where attrelid = 'wiki_pages'::regclass and attname = 'search_vector'`,
    );
    expect(column.storage).toBe('m');
    const w = await buildLibraryWorld(ctx);
    // Words enough that they cannot stay in an 8 KB row: they go out of it after all.
    const words = Array.from({ length: 5000 }, (_, i) => `cue${i}`).join(' ');
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Cue sheet', content: words });
    const found = (await w.agents.standard_user.get(w.wiki('/search?q=cue4999'))).json();
    expect(found.items.map((i: { title: string }) => i.title)).toEqual(['Cue sheet']);
  });
});

describe('where a page keeps its text as snippets show it', () => {
  it('works it out as the page is written, however it is written, not for each search', async () => {
    const [column] = await ctx.database.query<{ generated: string }>(
      `select attgenerated as generated from pg_attribute
       where attrelid = 'wiki_pages'::regclass and attname = 'plain_text'`,
    );
    expect(column.generated).toBe('s');
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Fly plot',
      content: '## Battens\n\nThe **first** batten, see [[Rigging|the rig]].',
    });
    const plain = async () =>
      (
        await ctx.database.query<{ text: string }>(
          'select plain_text as text from wiki_pages where id = $1',
          [page.id],
        )
      )[0].text;
    expect(await plain()).toBe('Battens\n\nThe first batten, see the rig.');
    await ctx.database.query("update wiki_pages set content = '> Weights *first*' where id = $1", [page.id]);
    expect(await plain()).toBe('Weights first');
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const found = (await w.agents.standard_user.get(w.wiki('/search?q=weights'))).json();
      expect(found.items[0].snippet).toBe('<mark>Weights</mark> first');
      const [statement] = queries.mock.calls
        .map(([text]) => text)
        .filter((text) => text.includes('ts_headline'));
      expect(statement).not.toContain('regexp_replace(translate');
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe("the library's word, link and tag indexes", () => {
  it('take each write into the index itself, so no read walks a list of entries waiting for vacuum', async () => {
    const rows = await ctx.database.query<{ index: string; options: string[] | null }>(
      `select c.relname as index, c.reloptions as options from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
       where i.indrelid = 'wiki_pages'::regclass and a.amname = 'gin' order by 1`,
    );
    expect(rows.map((r) => r.index)).toEqual(['wiki_pages_links', 'wiki_pages_search', 'wiki_pages_tags']);
    for (const row of rows) expect(row.options, row.index).toContain('fastupdate=off');
    const w = await buildLibraryWorld(ctx);
    const linked = await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Fly plot',
      content: 'Battens and weights.',
    });
    await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Crew notes',
      content: 'See [[Fly plot]] before the cue.',
    });
    const view = (await w.agents.standard_user.get(w.wiki(`/${linked.slug}`))).json();
    expect(view.backlinks.map((b: { title: string }) => b.title)).toEqual(['Crew notes']);
    const found = (await w.agents.standard_user.get(w.wiki('/search?q=battens'))).json();
    expect(found.items.map((i: { title: string }) => i.title)).toEqual(['Fly plot']);
  });
});

describe('GET /api/organizations/:orgId/wiki/search', () => {
  it('ranks title matches above tags above content, counts, and scopes to the organization', async () => {
    const w = await buildLibraryWorld(ctx);
    const by = w.people.owner.id;
    await buildPage(ctx, w.org, by, {
      title: 'Costume care',
      content: 'Wash the capes. The harness lives in the loft.',
    });
    await buildPage(ctx, w.org, by, { title: 'Fly system', content: 'Counterweights.', tags: ['harness'] });
    await buildPage(ctx, w.org, by, { title: 'Harness inspection', content: 'Check every strap.' });
    await buildPage(ctx, w.org, by, { title: 'Lobby', content: 'Nothing relevant.' });
    await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Harness elsewhere' });
    const res = await w.agents.standard_user.get(w.wiki('/search?q=harness'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((i: { title: string }) => i.title)).toEqual([
      'Harness inspection',
      'Fly system',
      'Costume care',
    ]);
    expect(body.items[2].snippet).toContain('<mark>harness</mark>');
    // Stems and prefixes: what is typed so far already filters.
    const partial = (await w.agents.owner.get(w.wiki('/search?q=harn'))).json();
    expect(partial.total).toBe(3);
    const inspected = (await w.agents.owner.get(w.wiki('/search?q=inspections'))).json();
    expect(inspected.items.map((i: { title: string }) => i.title)).toEqual(['Harness inspection']);
  });

  it('answers an empty list for an empty query or nothing found', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    expect((await w.agents.owner.get(w.wiki('/search?q='))).json()).toEqual({ total: 0, items: [] });
    expect((await w.agents.owner.get(w.wiki('/search?q=%21%40%23'))).json()).toEqual({ total: 0, items: [] });
    expect((await w.agents.owner.get(w.wiki('/search?q=zzzyx'))).json()).toEqual({ total: 0, items: [] });
  });

  it('sends snippets of at most 300 characters whose only markup is the highlight', async () => {
    const w = await buildLibraryWorld(ctx);
    const hostile = `<script>alert(1)</script> <img src=x onerror=alert(1)> "quoted" & ${'filler words '.repeat(60)} spotlight \u0002 end`;
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Hostile', content: hostile });
    const [item] = (await w.agents.owner.get(w.wiki('/search?q=spotlight'))).json().items;
    const text = item.snippet.replace(/<\/?mark>/g, '');
    expect(text).not.toMatch(/[<>]/);
    expect(
      item.snippet.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, '_').length,
    ).toBeLessThanOrEqual(300);
    expect(item.snippet).toContain('<mark>spotlight</mark>');
    const quoted = (await w.agents.owner.get(w.wiki('/search?q=quoted'))).json().items[0];
    expect(quoted.snippet).toContain('&quot;<mark>quoted</mark>&quot; &amp;');
  });

  it('draws snippets as plain text: no markdown syntax, only the match marked', async () => {
    const w = await buildLibraryWorld(ctx);
    const content = [
      '## Safety **briefing**',
      '',
      'Read [[Home]] and [[Crew List|the crew]] and [the guide](/library/guide) ![logo](/logo.png).',
      '',
      '> Quoted `rigging` *note* __here__ ~~old~~',
      '',
      '| Cue | Who |',
      '| --- | :-: |',
      '| rigging | Sam |',
      '',
      '- listed item',
      '1. numbered',
      '',
      '```js',
      'code rigging',
      '```',
    ].join('\n');
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Plain', content });
    const [item] = (await w.agents.owner.get(w.wiki('/search?q=rigging'))).json().items;
    const text = item.snippet.replace(/<\/?mark>/g, '');
    for (const syntax of ['**', '__', '~~', '`', '[[', ']]', '](', '##', '|', '> ', '---', '!['])
      expect(text, syntax).not.toContain(syntax);
    expect(item.snippet).toContain('<mark>rigging</mark>');
    expect(text).toContain('Safety briefing');
    expect(text).toContain('Read Home and the crew and the guide logo');
  });

  it('pages through results with limit and offset', async () => {
    const w = await buildLibraryWorld(ctx);
    for (let i = 0; i < 5; i++) await buildPage(ctx, w.org, w.people.owner.id, { title: `Rehearsal ${i}` });
    const first = (await w.agents.owner.get(w.wiki('/search?q=rehearsal&limit=2'))).json();
    const second = (await w.agents.owner.get(w.wiki('/search?q=rehearsal&limit=2&offset=2'))).json();
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect((await w.agents.owner.get(w.wiki('/search?q=x&limit=1000'))).statusCode).toBe(400);
  });

  it('answers 401 signed out and 404 for another organization', async () => {
    const w = await buildLibraryWorld(ctx);
    expect((await new Agent(ctx.app, w.org.host).get(w.wiki('/search?q=a'))).statusCode).toBe(401);
    expect((await w.foreign.agent.get(w.wiki('/search?q=a'))).statusCode).toBe(404);
  });
});

describe('snippetHtml', () => {
  it('escapes text, turns only the markers into marks and closes a mark cut by the limit', () => {
    expect(snippetHtml('a <b> \u0002hit\u0003 & c')).toBe('a &lt;b&gt; <mark>hit</mark> &amp; c');
    expect(snippetHtml(`\u0002${'x'.repeat(400)}\u0003`)).toBe(`<mark>${'x'.repeat(300)}</mark>`);
    // Nothing after the cut: no empty mark for a match beyond it.
    expect(snippetHtml(`${'x'.repeat(400)} \u0002hit\u0003`)).toBe('x'.repeat(300));
    expect(snippetHtml(`${'x'.repeat(300)}\u0002hit\u0003`)).toBe('x'.repeat(300));
    // Characters as typed: an emoji is one of the 300, and is never cut in half.
    expect(snippetHtml(`${'🎭'.repeat(299)}ab`)).toBe(`${'🎭'.repeat(299)}a`);
    expect(snippetHtml('\u0002a\u0003\u0002b\u0003 c')).toBe('<mark>a</mark><mark>b</mark> c');
  });
});

describe('public library pages', () => {
  it('shows public pages without sign-in, with links only to other public pages', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Visitor Guide',
      isPublic: true,
      content: 'See [[Parking]] and [[Secret Notes]].',
    });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Parking', isPublic: true });
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Secret Notes', content: 'private' });
    const anon = new Agent(ctx.app, 'localhost');
    const res = await anon.get(`/api/public/${w.org.shortname}/wiki/visitor-guide`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ title: 'Visitor Guide', organization: { shortname: w.org.shortname } });
    expect(page.html).toContain(`href="/public/${w.org.shortname}/library/parking" class="wiki-link"`);
    expect(page.html).toContain(
      `href="/public/${w.org.shortname}/library/secret-notes" class="wiki-link-missing"`,
    );
    expect(page.content).toBeUndefined();
    expect(page.authorId).toBeUndefined();
    const list = (await anon.get(`/api/public/${w.org.shortname}/wiki`)).json();
    expect(list.pages.map((p: { title: string }) => p.title)).toEqual(['Parking', 'Visitor Guide']);
  });

  it('is revalidated on every visit (no-cache with an ETag), so a page made private is gone at once', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Open Day', isPublic: true });
    const anon = new Agent(ctx.app, 'localhost');
    const path = `/api/public/${w.org.shortname}/wiki/open-day`;
    const first = await anon.get(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await anon.get(path, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    const list = await anon.get(`/api/public/${w.org.shortname}/wiki`);
    expect(list.headers['cache-control']).toBe('no-cache');
    const hidden = await w.agents.owner.patch(w.wiki(`/${page.id}`), { isPublic: false, currentVersion: 1 });
    expect(hidden.statusCode).toBe(200);
    expect((await anon.get(path, { 'if-none-match': etag })).statusCode).toBe(404);
    expect((await anon.get(path)).statusCode).toBe(404);
  });

  it('answers 404 for a private page, a missing page and every page of an unapproved organization', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Secret Notes' });
    const anon = new Agent(ctx.app, 'localhost');
    expect((await anon.get(`/api/public/${w.org.shortname}/wiki/secret-notes`)).statusCode).toBe(404);
    expect((await anon.get(`/api/public/${w.org.shortname}/wiki/nothing`)).statusCode).toBe(404);
    const pending = await buildOrg(ctx.database, { approvalStatus: 'pending' });
    const owner = await buildUser(ctx.database, { org: pending, role: 'owner' });
    await buildPage(ctx, pending, owner.id, { title: 'Open Day', isPublic: true });
    const refused = await anon.get(`/api/public/${pending.shortname}/wiki/open-day`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Page not found');
    expect((await anon.get(`/api/public/${pending.shortname}/wiki`)).statusCode).toBe(404);
    expect((await anon.get('/api/public/no-such-org/wiki/open-day')).statusCode).toBe(404);
  });
});

describe('a search not kept', () => {
  it('ranks the pages and draws their headlines in one statement', async () => {
    const w = await buildLibraryWorld(ctx);
    await buildPage(ctx, w.org, w.people.owner.id, { title: 'Trap room', content: 'Mind the trap door.' });
    const transactions = vi.spyOn(ctx.database, 'transaction');
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const found = (await w.agents.standard_user.get(w.wiki('/search?q=trap'))).json();
      expect(found.items[0].snippet).toContain('<mark>trap</mark>');
      // Under load each round trip waits for a connection and then for the event loop: one here.
      expect(transactions).not.toHaveBeenCalled();
      expect(queries.mock.calls.filter(([text]) => text.includes('wiki_pages'))).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('keeps its order through an edit to a page shown that leaves the words alone, and reads only the pages shown', async () => {
    const w = await buildLibraryWorld(ctx);
    const by = w.people.owner.id;
    const room = await buildPage(ctx, w.org, by, { title: 'Loft', content: 'Mind the trap door, the trap.' });
    const line = await buildPage(ctx, w.org, by, { title: 'Grid', content: 'A trap line.' });
    const search = async () => (await w.agents.standard_user.get(w.wiki('/search?q=trap'))).json();
    const edit = async (page: typeof line, content: string, currentVersion: number) => {
      const res = await w.agents.owner.patch(w.wiki(`/${page.id}`), { content, currentVersion });
      expect(res.statusCode).toBe(200);
      await settled(ctx.database);
    };
    const first = await search();
    expect(first.items.map((i: { title: string }) => i.title)).toEqual(['Loft', 'Grid']);
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      await edit(line, 'A trap line, checked on Tuesday.', 1);
      queries.mockClear();
      const after = await search();
      expect(after.items.map((i: { title: string }) => i.title)).toEqual(['Loft', 'Grid']);
      expect(after.items.map((i: { rank: number }) => i.rank)).toEqual(
        first.items.map((i: { rank: number }) => i.rank),
      );
      expect(after.items[1].snippet).toContain('Tuesday');
      expect(after.items[1].updatedAt > first.items[1].updatedAt).toBe(true);
      const [read, ...more] = queries.mock.calls.filter(([text]) => text.includes('wiki_pages'));
      expect(more).toEqual([]);
      expect(read[0]).not.toContain('ts_rank');
      // Only the page edited has its headline drawn again; the other's is sent as held.
      const readAt = queries.mock.calls.findIndex(([text]) => text.includes('wiki_pages'));
      const rows = (await queries.mock.results[readAt].value) as {
        id: number;
        headline: string | null;
      }[];
      expect(rows.map((r) => [r.id, r.headline === null])).toEqual([
        [room.id, true],
        [line.id, false],
      ]);
      // The word itself, more often: the page ranks higher, so the search ranks again (asked for
      // twice, perhaps ahead of its reader).
      queries.mockClear();
      await edit(line, 'A trap line, trap weights, trap cues: the trap.', 2);
      const reranked = await search();
      expect(reranked.items.map((i: { title: string }) => i.title)).toEqual(['Grid', 'Loft']);
      expect(queries.mock.calls.some(([text]) => text.includes('ts_rank'))).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('is searched again, when asked for again, a moment after an edit to a page it shows, before its next reader asks', async () => {
    const w = await buildLibraryWorld(ctx);
    const by = w.people.owner.id;
    await buildPage(ctx, w.org, by, { title: 'Loft', content: 'Mind the trap door, the trap.' });
    const line = await buildPage(ctx, w.org, by, { title: 'Grid', content: 'A trap line.' });
    const search = async () => (await w.agents.standard_user.get(w.wiki('/search?q=trap'))).json();
    await search();
    await search();
    const edited = await w.agents.owner.patch(w.wiki(`/${line.id}`), {
      content: 'A trap line, checked on Tuesday.',
      currentVersion: 1,
    });
    expect(edited.statusCode).toBe(200);
    await settled(ctx.database);
    const [, kept] = ChangeFeed.of(ctx.database)
      .memory()
      .caches.find(([name]) => name === 'wiki-search') as [string, LiveCache<string, unknown>];
    await expect.poll(() => kept.get(`${w.org.id}|${JSON.stringify(['trap', 20, 0])}`)).toBeDefined();
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const after = await search();
      expect(after.items[1].snippet).toContain('Tuesday');
      expect(queries.mock.calls.filter(([text]) => text.includes('wiki_pages'))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('finds a page added, and loses a page deleted, however it was kept', async () => {
    const w = await buildLibraryWorld(ctx);
    const by = w.people.owner.id;
    const room = await buildPage(ctx, w.org, by, { title: 'Trap room', content: 'Mind the trap door.' });
    const titles = async () =>
      (await w.agents.standard_user.get(w.wiki('/search?q=trap')))
        .json()
        .items.map((i: { title: string }) => i.title);
    expect(await titles()).toEqual(['Trap room']);
    const created = await w.agents.owner.post(w.wiki(), {
      title: 'Trap drill',
      content: 'Trap practice.',
      tags: [],
    });
    expect(created.statusCode).toBe(201);
    await settled(ctx.database);
    expect(await titles()).toEqual(['Trap drill', 'Trap room']);
    expect((await w.agents.owner.delete(w.wiki(`/${room.id}`))).statusCode).toBe(200);
    await settled(ctx.database);
    expect(await titles()).toEqual(['Trap drill']);
  });
});
