import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import {
  buildOrg,
  buildOrgWithRoles,
  buildSystemUser,
  buildUser,
  signedIn,
} from '../../../../tests/support/factories';
import { BROWSER_ACCEPT } from '../../../../tests/support/html';
import { escapeHtml } from '../../http/link-page';
import { buildTeam } from '../../../../tests/support/teams';
import { settled } from '../../../../tests/support/change-feed';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../common/schemas/notifications';
import { unsubscribeUrl } from './unsubscribe';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function member() {
  const org = await buildOrg(ctx.database);
  const user = await buildUser(ctx.database, { org });
  return { org, user, agent: await signedIn(ctx, user, org) };
}

describe('GET and PATCH /api/me/notifications', () => {
  it('answers the spec defaults, then what was saved', async () => {
    const { agent } = await member();
    expect((await agent.get('/api/me/notifications')).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const res = await agent.patch('/api/me/notifications', {
      castingUpdates: false,
      reminderTiming: '1day',
      digestFrequency: 'weekly',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      castingUpdates: false,
      reminderTiming: '1day',
      digestFrequency: 'weekly',
    };
    expect(res.json()).toEqual(expected);
    expect((await agent.get('/api/me/notifications')).json()).toEqual(expected);
  });

  it('refuses unknown values and fields with 400 and changes nothing', async () => {
    const { agent } = await member();
    const cases: [unknown, string][] = [
      [{ reminderTiming: '2hours' }, 'Reminder timing must be one of 15min, 1hour, 1day, 1week'],
      [{ digestFrequency: 'hourly' }, 'Digest frequency must be one of immediate, daily, weekly, never'],
      [{ emailNotifications: 'yes' }, 'emailNotifications must be true or false'],
      [{ pushNotifications: null }, 'pushNotifications must be true or false'],
      [{ scheduleReminders: false, smsNotifications: true }, 'Unknown field: smsNotifications'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.patch('/api/me/notifications', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await agent.get('/api/me/notifications')).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('answers 401 when not signed in, and each member changes only their own', async () => {
    const anonymous = new Agent(ctx.app);
    expect((await anonymous.get('/api/me/notifications')).statusCode).toBe(401);
    const refused = await anonymous.patch('/api/me/notifications', { reminderTiming: 'nonsense' });
    expect(refused.statusCode).toBe(401);
    const a = await member();
    const b = await member();
    await a.agent.patch('/api/me/notifications', { emailNotifications: false });
    expect((await b.agent.get('/api/me/notifications')).json().emailNotifications).toBe(true);
  });
});

describe('announcements', () => {
  it('owners, admins and board post to the organization; members hear of it as they chose', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    // One member opted out of general announcements, another has the bell off.
    await agents.volunteer_coordinator.patch('/api/me/notifications', { productionAnnouncements: false });
    await agents.team_lead.patch('/api/me/notifications', {
      pushNotifications: false,
      digestFrequency: 'immediate',
    });
    const base = `/api/organizations/${org.id}/announcements`;
    for (const role of ['owner', 'admin', 'board'] as const) {
      const res = await agents[role].post(base, {
        kind: 'production',
        title: `From ${role}`,
        body: 'Hello all',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'production', title: `From ${role}`, team: null });
    }
    const refused = await agents.standard_user.post(base, { kind: 'production', title: 'x', body: 'y' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only owners, admins, board members and team leads can post announcements',
    );

    const inbox = (await agents.standard_user.get('/api/me/inbox')).json();
    expect(inbox.unreadCount).toBe(3);
    expect(inbox.items[0]).toMatchObject({
      kind: 'announcement',
      title: 'General Theater Announcement: From board',
      read: false,
    });
    expect((await agents.volunteer_coordinator.get('/api/me/inbox')).json().items).toEqual([]);
    // Bell off, immediate mail on: nothing in the centre, a mail job per announcement not their own.
    expect((await agents.team_lead.get('/api/me/inbox')).json().items).toEqual([]);
    const jobs = await ctx.database.query('select 1 from jobs where unique_key like $1', [
      `mail:announcement:%:${people.team_lead.id}`,
    ]);
    expect(jobs).toHaveLength(3);
    const listed = (await agents.standard_user.get(base)).json();
    expect(listed.map((a: { title: string }) => a.title)).toEqual(['From board', 'From admin', 'From owner']);
  });

  it('a team lead posts to the teams they lead, and nowhere else', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const led = await buildTeam(ctx, org, {
      members: [
        { userId: people.team_lead.id, role: 'team_lead' },
        { userId: people.volunteer_coordinator.id },
      ],
    });
    const notLed = await buildTeam(ctx, org, { members: [{ userId: people.team_lead.id }] });
    const base = `/api/organizations/${org.id}/announcements`;
    const post = (agent: Agent, teamId?: number) =>
      agent.post(base, { kind: 'casting', title: 'Notes', body: 'Tonight', teamId });

    const own = await post(agents.team_lead, led.id);
    expect(own.statusCode).toBe(201);
    expect(own.json().team).toEqual({ id: led.id, name: led.name });
    expect((await agents.volunteer_coordinator.get('/api/me/inbox')).json().unreadCount).toBe(1);

    const other = await post(agents.team_lead, notLed.id);
    expect([other.statusCode, other.json().message]).toEqual([
      403,
      'You can post only to the teams you lead',
    ]);
    const everyone = await post(agents.team_lead);
    expect([everyone.statusCode, everyone.json().message]).toEqual([
      403,
      'Only owners, admins and board members can post to the whole organization',
    ]);
    // A lead of no team has nowhere to post.
    const stranger = await buildUser(ctx.database, { org, role: 'team_lead' });
    const none = await post(await signedIn(ctx, stranger, org), led.id);
    expect([none.statusCode, none.json().message]).toEqual([
      403,
      'Only owners, admins, board members and team leads can post announcements',
    ]);
    // Board and admins address any team as well as the organization.
    expect((await post(agents.board, notLed.id)).statusCode).toBe(201);
    expect((await post(agents.admin)).statusCode).toBe(201);
    const titles = await ctx.database.query<{ team_id: number | null }>(
      'select team_id from announcements where organization_id = $1 order by id',
      [org.id],
    );
    expect(titles).toEqual([{ team_id: led.id }, { team_id: notLed.id }, { team_id: null }]);
  });

  it("keeps each member's list until an announcement is posted or their teams change", async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const crew = await buildTeam(ctx, org, { name: 'Crew' });
    const base = `/api/organizations/${org.id}/announcements`;
    const titles = async () =>
      (await agents.standard_user.get(base)).json().map((a: { title: string }) => a.title);
    expect(await titles()).toEqual([]);
    const posted = await agents.admin.post(base, { kind: 'production', title: 'Load-in', body: 'Saturday' });
    expect(posted.statusCode).toBe(201);
    // The post's own announcement comes back from the database too: once heard, no late echo of it
    // drops the list kept below.
    await settled(ctx.database);
    expect(await titles()).toEqual(['Load-in']);
    // Written where no kept list hears of it: the member's list stays as it was.
    await ctx.database.transaction(
      (q) =>
        q.query(
          `insert into announcements (organization_id, author_id, kind, title, body)
           values ($1, $2, 'production', 'Strike', 'Sunday')`,
          [org.id, people.admin.id],
        ),
      { 'greenroom.announced': `o:${org.id}:announcements` },
    );
    expect(await titles()).toEqual(['Load-in']);
    // The crew's announcement is not theirs, but the list is read again.
    expect(
      (await agents.admin.post(base, { kind: 'casting', title: 'Crew call', body: '6pm', teamId: crew.id }))
        .statusCode,
    ).toBe(201);
    expect(await titles()).toEqual(['Strike', 'Load-in']);
    // Joining the crew (behind the app: its trigger announces it) brings its announcement in.
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [org.id, crew.id, people.standard_user.id],
    );
    await expect.poll(titles).toEqual(['Crew call', 'Strike', 'Load-in']);
  });

  it("finds a member's announcements older than the organization's latest two hundred", async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const crew = await buildTeam(ctx, org, { name: 'Crew', members: [{ userId: people.board.id }] });
    const base = `/api/organizations/${org.id}/announcements`;
    expect(
      (await agents.admin.post(base, { kind: 'production', title: 'Old news', body: 'x' })).statusCode,
    ).toBe(201);
    await ctx.database.query(
      `insert into announcements (organization_id, author_id, team_id, kind, title, body)
       select $1, $2, $3, 'casting', 'Crew call ' || n, 'x' from generate_series(1, 250) n`,
      [org.id, people.admin.id, crew.id],
    );
    const titles = async (agent: Agent) =>
      (await agent.get(base)).json().map((a: { title: string }) => a.title);
    await expect.poll(() => titles(agents.standard_user)).toEqual(['Old news']);
    const crewTitles = await titles(agents.board);
    expect(crewTitles).toHaveLength(20);
    expect(crewTitles[0]).toBe('Crew call 250');
    expect(crewTitles[19]).toBe('Crew call 231');
  });

  it('reaches only the team it is for, and validates with the form messages', async () => {
    const { org, people, agents } = await buildOrgWithRoles(ctx);
    const [team] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Crew', $2) returning id`,
      [org.id, `crew-${org.id}`],
    );
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [org.id, team.id, people.standard_user.id],
    );
    const base = `/api/organizations/${org.id}/announcements`;
    const res = await agents.admin.post(base, {
      kind: 'casting',
      title: 'Workshop',
      body: 'Sat 10am',
      teamId: team.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().team).toEqual({ id: team.id, name: 'Crew' });
    expect((await agents.standard_user.get('/api/me/inbox')).json().unreadCount).toBe(1);
    expect((await agents.board.get('/api/me/inbox')).json().unreadCount).toBe(0);
    expect((await agents.board.get(base)).json()).toEqual([]);

    const bad: [unknown, string][] = [
      [{ kind: 'gossip', title: 'a', body: 'b' }, 'Please choose the kind of announcement'],
      [{ kind: 'casting', title: '  ', body: 'b' }, 'Title is required'],
      [{ kind: 'casting', title: 'a', body: '' }, 'Message is required'],
      [{ kind: 'casting', title: 'x'.repeat(121), body: 'b' }, 'Title must be 120 characters or less'],
      [{ kind: 'casting', title: 'a', body: 'x'.repeat(1001) }, 'Message must be 1000 characters or less'],
    ];
    for (const [body, message] of bad) {
      const r = await agents.admin.post(base, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const other = await buildOrg(ctx.database);
    const [foreignTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Elsewhere', $2) returning id`,
      [other.id, `else-${other.id}`],
    );
    const foreign = await agents.admin.post(base, {
      kind: 'casting',
      title: 'a',
      body: 'b',
      teamId: foreignTeam.id,
    });
    expect(foreign.statusCode).toBe(404);
    const count = await ctx.database.query('select 1 from announcements where organization_id = $1', [
      org.id,
    ]);
    expect(count).toHaveLength(1);
  });

  it('answers 401 signed out and 404 for another organization', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const base = `/api/organizations/${org.id}/announcements`;
    expect((await new Agent(ctx.app, org.host).get(base)).statusCode).toBe(401);
    expect((await new Agent(ctx.app, org.host).post(base, { kind: 'casting' })).statusCode).toBe(401);
    const outsider = await member();
    expect((await outsider.agent.get(base)).statusCode).toBe(404);
    const res = await outsider.agent.post(base, { kind: 'casting', title: 'a', body: 'b' });
    expect(res.statusCode).toBe(404);
    expect((await agents.owner.get(base)).json()).toEqual([]);
  });
});

describe('the notification centre', () => {
  it('marks one or all read, only the caller’s own', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const base = `/api/organizations/${org.id}/announcements`;
    await agents.owner.post(base, { kind: 'production', title: 'One', body: 'b' });
    await agents.owner.post(base, { kind: 'production', title: 'Two', body: 'b' });
    const inbox = (await agents.board.get('/api/me/inbox')).json();
    expect(inbox.unreadCount).toBe(2);
    // Someone else's ids change nothing of theirs.
    await agents.admin.post('/api/me/inbox/read', { ids: inbox.items.map((i: { id: number }) => i.id) });
    expect((await agents.board.get('/api/me/inbox')).json().unreadCount).toBe(2);
    const one = (await agents.board.post('/api/me/inbox/read', { ids: [inbox.items[0].id] })).json();
    expect(one.unreadCount).toBe(1);
    expect(one.items[0].read).toBe(true);
    expect((await agents.board.post('/api/me/inbox/read', {})).json().unreadCount).toBe(0);
    const bad = await agents.board.post('/api/me/inbox/read', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect((await new Agent(ctx.app).get('/api/me/inbox')).statusCode).toBe(401);
    expect((await new Agent(ctx.app).post('/api/me/inbox/read', {})).statusCode).toBe(401);
    const system = await buildSystemUser(ctx);
    expect((await system.agent.get('/api/me/inbox')).statusCode).toBe(404);
  });
});

describe('unsubscribe links', () => {
  it('GET shows a confirmation and changes nothing; POST turns email off; a tampered link is refused', async () => {
    const { org, user, agent } = await member();
    const url = new URL(unsubscribeUrl(`http://${org.host}`, 'test-secret', user.id));
    const path = `${url.pathname}${url.search}`;
    const page = await new Agent(ctx.app, org.host).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop notification emails?');
    expect((await agent.get('/api/me/notifications')).json().emailNotifications).toBe(true);

    const token = url.searchParams.get('token') ?? '';
    const tampered = [
      `/api/unsubscribe?user=${user.id}&token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `/api/unsubscribe?user=${user.id + 1}&token=${token}`,
      `/api/unsubscribe?user=${user.id}&token=`,
    ];
    for (const t of tampered) {
      const res = await ctx.app.inject({ method: 'POST', url: t, headers: { host: org.host } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This unsubscribe link is invalid.');
      expect((await new Agent(ctx.app, org.host).get(t)).statusCode).toBe(403);
    }
    expect((await agent.get('/api/me/notifications')).json().emailNotifications).toBe(true);

    // A browser (the mail's link, the confirmation's form) gets the refusal as a page, not JSON.
    const browser = { host: org.host, accept: BROWSER_ACCEPT };
    const pages: [string, string, number, string][] = [
      ['GET', tampered[0], 403, 'This unsubscribe link is invalid.'],
      ['POST', tampered[1], 403, 'This unsubscribe link is invalid.'],
      ['GET', `/api/unsubscribe?user=${user.id}`, 400, 'This unsubscribe link is invalid.'],
      ['GET', `/api/unsubscribe?user=<b>&token=${token}`, 400, 'This unsubscribe link is invalid.'],
    ];
    for (const [method, t, status, message] of pages) {
      const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url: t, headers: browser });
      expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'text/html; charset=utf-8']);
      expect(res.body).toContain(`<p>${escapeHtml(message)}</p>`);
      expect(res.body).not.toContain('"message"');
    }
    expect((await agent.get('/api/me/notifications')).json().emailNotifications).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { host: org.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/me/notifications')).json().emailNotifications).toBe(false);
  });
});
