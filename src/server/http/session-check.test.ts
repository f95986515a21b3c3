// A write route that checks its session inside its own transaction (`checksSessionInWrite`) acts
// on the session kept in memory instead of looking it up first; the check refuses a session that
// ended or changed behind the app's back before its notification arrived, and nothing is written.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Agent, getTestApp, type TestContext } from '../../../tests/support/app';
import {
  type BuiltOrg,
  type BuiltUser,
  buildOrg,
  buildUser,
  signedIn,
} from '../../../tests/support/factories';
import { buildPage } from '../../../tests/support/library';
import { ChangeFeed } from '../db/change-feed';
import { SESSION_CHANGED_MESSAGE } from '../db/errors';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/**
 * Runs `statement` with no trigger firing, so nothing announces it: what the app keeps in memory
 * stays as it was, as on an instance whose notification has not arrived yet.
 */
async function unannounced(statement: string, params: unknown[]) {
  await ctx.database.transaction(async (q) => {
    await q.query('set local session_replication_role = replica');
    await q.query(statement, params);
  });
}

const endSession = (user: BuiltUser) => unannounced('delete from session where user_id = $1', [user.id]);
const demote = (user: BuiltUser, org: BuiltOrg) =>
  unannounced(`update user_organizations set role = 'member' where user_id = $1 and organization_id = $2`, [
    user.id,
    org.id,
  ]);

const eventBody = (userId: number, name: string, day: number) => ({
  name,
  startDateTime: `2032-03-${String(day).padStart(2, '0')}T19:00:00`,
  endDateTime: `2032-03-${String(day).padStart(2, '0')}T21:00:00`,
  eventType: 'other',
  spaces: ['Office'],
  reservedBy: userId,
});

/** An owner signed in, and one of each write that checks its session, with what it would write. */
async function world() {
  const org = await buildOrg(ctx.database);
  const owner = await buildUser(ctx.database, { org, role: 'owner' });
  const agent = await signedIn(ctx, owner, org);
  const page = await buildPage(ctx, org, owner.id, { title: 'Blocking notes' });
  const made = await agent.post(
    `/api/organizations/${org.id}/calendar/events`,
    eventBody(owner.id, 'Read-through', 1),
  );
  expect(made.statusCode).toBe(201);
  const eventId: number = made.json().event.id;
  const names = async () =>
    (
      await ctx.database.query<{ name: string }>(
        'select name from calendar_events where organization_id = $1 order by name',
        [org.id],
      )
    ).map((r) => r.name);
  const content = async () =>
    (
      await ctx.database.query<{ content: string }>('select content from wiki_pages where id = $1', [page.id])
    )[0].content;
  const writes = {
    'event create': (a: Agent) =>
      a.post(`/api/organizations/${org.id}/calendar/events`, eventBody(owner.id, 'Fitting', 2)),
    'event edit': (a: Agent) =>
      a.patch(`/api/organizations/${org.id}/calendar/events/${eventId}`, { name: 'Tech rehearsal' }),
    'library edit': (a: Agent) =>
      a.patch(`/api/organizations/${org.id}/wiki/${page.id}`, {
        currentVersion: page.currentVersion,
        content: 'Moved downstage.',
        changeNote: null,
      }),
  };
  return { org, owner, agent, writes, names, content };
}

type WriteName = keyof Awaited<ReturnType<typeof world>>['writes'];
const WRITES: WriteName[] = ['event create', 'event edit', 'library edit'];

describe('a write that checks its session in its own transaction', () => {
  it('is every route that says so, and each of them is tested here', () => {
    const checking = ctx.app.routeTable
      .filter((route) => route.checksSessionInWrite)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(checking).toEqual([
      'PATCH /api/organizations/:orgId/calendar/events/:eventId',
      'PATCH /api/organizations/:orgId/wiki/:pageId',
      'POST /api/organizations/:orgId/calendar/events',
    ]);
  });

  it.each(WRITES)('%s: acts on the kept session without looking it up', async (name) => {
    const w = await world();
    expect((await w.agent.get('/api/me')).statusCode).toBe(200);
    const queries = vi.spyOn(ctx.database, 'query');
    try {
      const answer = await w.writes[name](w.agent);
      expect(answer.statusCode).toBeLessThan(300);
      expect(queries.mock.calls.filter(([text]) => text.includes('from session s'))).toHaveLength(0);
    } finally {
      queries.mockRestore();
    }
    expect([...(await w.names()), await w.content()]).toEqual(
      name === 'event create'
        ? ['Fitting', 'Read-through', 'About Blocking notes.']
        : name === 'event edit'
          ? ['Tech rehearsal', 'About Blocking notes.']
          : ['Read-through', 'Moved downstage.'],
    );
  });

  it.each(WRITES)(
    '%s: refuses a session ended behind the app, writes nothing, and forgets it',
    async (name) => {
      const w = await world();
      expect((await w.agent.get('/api/me')).statusCode).toBe(200);
      await endSession(w.owner);
      // Kept in memory, the ended session still reads: no notification said otherwise.
      expect((await w.agent.get('/api/me')).statusCode).toBe(200);
      const answer = await w.writes[name](w.agent);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Not authenticated' });
      expect([...(await w.names()), await w.content()]).toEqual(['Read-through', 'About Blocking notes.']);
      // The refusal told this instance: the next request asks the database, and is refused.
      await expect.poll(async () => (await w.agent.get('/api/me')).statusCode).toBe(401);
    },
  );

  it.each(WRITES)(
    '%s: refuses a session whose role changed behind the app, and the next try is judged afresh',
    async (name) => {
      const w = await world();
      expect((await w.agent.get('/api/me')).statusCode).toBe(200);
      await demote(w.owner, w.org);
      const answer = await w.writes[name](w.agent);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: SESSION_CHANGED_MESSAGE });
      expect([...(await w.names()), await w.content()]).toEqual(['Read-through', 'About Blocking notes.']);
      await expect.poll(async () => (await w.agent.get('/api/me')).json().role).toBe('member');
    },
  );

  it('looks the session up when none is kept, and the write goes through', async () => {
    const w = await world();
    // A new instance keeps nothing yet: the request looks the session up, then checks it.
    ChangeFeed.of(ctx.database).reset();
    const answer = await w.writes['library edit'](w.agent);
    expect(answer.statusCode).toBe(200);
    expect(await w.content()).toBe('Moved downstage.');
  });
});
