import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildPage, buildLibraryWorld, WRITER_ROLES } from '../../../../tests/support/library';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const versionsOf = async (pageId: number) =>
  ctx.database.query<{ version: number; content: string; change_note: string | null }>(
    'select version, content, change_note from wiki_page_versions where page_id = $1 order by version',
    [pageId],
  );

describe('PATCH /api/organizations/:orgId/wiki/:pageId', () => {
  it('stores a new version for each edit, from every writer role', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Show Bible', content: 'v1' });
    let version = 1;
    for (const role of WRITER_ROLES) {
      const res = await w.agents[role].patch(w.wiki(`/${page.id}`), {
        content: `by ${role}`,
        tags: [' a ', 'a', 'b'],
        changeNote: `edit by ${role}`,
        currentVersion: version,
      });
      expect(res.statusCode, role).toBe(200);
      version++;
      expect(res.json()).toMatchObject({ currentVersion: version, content: `by ${role}`, tags: ['a', 'b'] });
    }
    const versions = await versionsOf(page.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(versions[5]).toMatchObject({ content: 'by team_lead', change_note: 'edit by team_lead' });
    // The slug stays: links to the page keep working after a rename.
    const renamed = await w.agents.owner.patch(w.wiki(`/${page.id}`), { title: 'Bible', currentVersion: 6 });
    expect(renamed.json()).toMatchObject({ title: 'Bible', slug: 'show-bible', content: 'by team_lead' });
  });

  it('changes only the fields an edit sends: tags, title and visibility left out stay as they were', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Fly plot',
      content: 'Battens.',
      tags: ['rigging', 'crew'],
      isPublic: true,
    });
    const res = await w.agents.owner.patch(w.wiki(`/${page.id}`), {
      content: 'Battens and weights.',
      currentVersion: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Fly plot', tags: ['rigging', 'crew'], isPublic: true });
    const [stored] = await ctx.database.query<{ tags: string[] }>(
      'select tags from wiki_page_versions where page_id = $1 and version = 2',
      [page.id],
    );
    expect(stored.tags).toEqual(['rigging', 'crew']);
  });

  it('answers 409 with the newer page for a stale currentVersion, and changes nothing', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home', content: 'base' });
    const first = await w.agents.admin.patch(w.wiki(`/${page.id}`), { content: 'first', currentVersion: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await w.agents.board.patch(w.wiki(`/${page.id}`), { content: 'second', currentVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This page was changed by someone else since you started editing');
    expect(stale.json().data).toMatchObject({ id: page.id, currentVersion: 2, content: 'first' });
    expect((await versionsOf(page.id)).map((v) => v.content)).toEqual(['base', 'first']);
  });

  it('writes an edit and reads back the page it answers with on one connection, a stale edit too', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Cue list', content: 'base' });
    const transactions = vi.spyOn(ctx.database, 'transaction');
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const edit = (currentVersion: number) =>
        w.agents.admin.patch(w.wiki(`/${page.id}`), {
          content: `edit from ${currentVersion}`,
          currentVersion,
        });
      const edited = await edit(1);
      expect(edited.json()).toMatchObject({ currentVersion: 2, content: 'edit from 1' });
      const stale = await edit(1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data).toMatchObject({ currentVersion: 2, content: 'edit from 1' });
      // Under load each statement through the pool waits for a connection: an edit waits once.
      expect(transactions).toHaveBeenCalledTimes(2);
      expect(queries.mock.calls.filter(([text]) => text.includes('wiki_pages'))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('lets exactly one of twenty concurrent edits from one base succeed', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Race', content: 'base' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.agents.owner.patch(w.wiki(`/${page.id}`), { content: `edit ${i}`, currentVersion: 1 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const versions = await versionsOf(page.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[1].content).toBe(winner.content);
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json().data.content).toBe(winner.content);
    }
  });

  it('validates fields with the spec messages and requires currentVersion', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    const path = w.wiki(`/${page.id}`);
    expect((await w.agents.owner.patch(path, { title: ' ', currentVersion: 1 })).json().message).toBe(
      'Title is required',
    );
    expect((await w.agents.owner.patch(path, { content: '', currentVersion: 1 })).json().message).toBe(
      'Content is required',
    );
    const noVersion = await w.agents.owner.patch(path, { content: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toBe('currentVersion is required');
    const big = await w.agents.owner.patch(path, { content: 'é'.repeat(600_000), currentVersion: 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Content must be 1 MB or less');
    expect(await versionsOf(page.id)).toHaveLength(1);
  });

  it('answers 401, 403 per reader role, 404 for another organization, and changes nothing', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home', content: 'same' });
    const path = w.wiki(`/${page.id}`);
    const body = { content: 'changed', currentVersion: 1 };
    expect((await new Agent(ctx.app, w.org.host).patch(path, body)).statusCode).toBe(401);
    expect((await w.agents.standard_user.patch(path, body)).statusCode).toBe(403);
    expect((await w.foreign.agent.patch(path, body)).statusCode).toBe(404);
    const theirs = await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Theirs' });
    expect((await w.agents.owner.patch(w.wiki(`/${theirs.id}`), body)).statusCode).toBe(404);
    expect((await w.agents.owner.patch(w.wiki('/999999999'), body)).statusCode).toBe(404);
    expect((await versionsOf(page.id)).map((v) => v.content)).toEqual(['same']);
    expect((await versionsOf(theirs.id)).map((v) => v.content)).toEqual(['About Theirs.']);
  });
});

describe('GET /api/organizations/:orgId/wiki/:pageId/versions', () => {
  it('lists versions newest first with a 200-character preview, and reads one in full', async () => {
    const w = await buildLibraryWorld(ctx);
    const long = 'x'.repeat(250);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home', content: long });
    await w.agents.admin.patch(w.wiki(`/${page.id}`), {
      content: 'short',
      changeNote: 'trim',
      currentVersion: 1,
    });
    const res = await w.agents.board.get(w.wiki(`/${page.id}/versions`));
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({
      preview: 'short',
      changeNote: 'trim',
      author: { username: w.people.admin.username },
    });
    expect(list[1].preview).toBe('x'.repeat(200));
    expect(list[1].content).toBeUndefined();
    const one = await w.agents.board.get(w.wiki(`/${page.id}/versions/1`));
    expect(one.json()).toMatchObject({ version: 1, content: long });
    expect((await w.agents.board.get(w.wiki(`/${page.id}/versions/9`))).json().message).toBe(
      'Version not found',
    );
  });

  it('answers 401, 403 for a standard user (history is for writers), 404 for another organization', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    const path = w.wiki(`/${page.id}/versions`);
    expect((await new Agent(ctx.app, w.org.host).get(path)).statusCode).toBe(401);
    expect((await w.agents.standard_user.get(path)).statusCode).toBe(403);
    expect((await w.agents.standard_user.get(`${path}/1`)).statusCode).toBe(403);
    expect((await w.foreign.agent.get(path)).statusCode).toBe(404);
    const theirs = await buildPage(ctx, w.foreign.org, w.foreign.user.id, { title: 'Theirs' });
    expect((await w.agents.owner.get(w.wiki(`/${theirs.id}/versions`))).statusCode).toBe(404);
  });
});

describe('POST /api/organizations/:orgId/wiki/:pageId/revert/:version', () => {
  it('restores an earlier version as a new version', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, {
      title: 'Home',
      content: 'one',
      tags: ['t1'],
    });
    await w.agents.owner.patch(w.wiki(`/${page.id}`), {
      title: 'Home 2',
      content: 'two',
      tags: [],
      currentVersion: 1,
    });
    const res = await w.agents.volunteer_coordinator.post(w.wiki(`/${page.id}/revert/1`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentVersion: 3, title: 'Home', content: 'one', tags: ['t1'] });
    const versions = await versionsOf(page.id);
    expect(versions.map((v) => [v.version, v.content, v.change_note])).toEqual([
      [1, 'one', null],
      [2, 'two', null],
      [3, 'one', 'Reverted to version 1'],
    ]);
  });

  it('refuses the current or a later version, and a version that does not exist', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    await w.agents.owner.patch(w.wiki(`/${page.id}`), { content: 'two', currentVersion: 1 });
    for (const v of [2, 3]) {
      const res = await w.agents.owner.post(w.wiki(`/${page.id}/revert/${v}`));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Only an earlier version can be restored');
    }
    await ctx.database.query('delete from wiki_page_versions where page_id = $1 and version = 1', [page.id]);
    expect((await w.agents.owner.post(w.wiki(`/${page.id}/revert/1`))).json().message).toBe(
      'Version not found',
    );
    expect((await versionsOf(page.id)).map((v) => v.version)).toEqual([2]);
  });

  it('answers 401, 403 for a standard user, 404 for another organization, and changes nothing', async () => {
    const w = await buildLibraryWorld(ctx);
    const page = await buildPage(ctx, w.org, w.people.owner.id, { title: 'Home' });
    await w.agents.owner.patch(w.wiki(`/${page.id}`), { content: 'two', currentVersion: 1 });
    const path = w.wiki(`/${page.id}/revert/1`);
    expect((await new Agent(ctx.app, w.org.host).post(path)).statusCode).toBe(401);
    expect((await w.agents.standard_user.post(path)).statusCode).toBe(403);
    expect((await w.foreign.agent.post(path)).statusCode).toBe(404);
    expect((await versionsOf(page.id)).map((v) => v.version)).toEqual([1, 2]);
  });
});
