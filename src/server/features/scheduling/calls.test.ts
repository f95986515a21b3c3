import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { SM } from '../../../common/schemas/scheduling';
import { CALL_OVER, CALLS_HIDDEN, CALLS_REFUSED, NOT_CALLED, NOT_MEMBERS } from './calls';
import { issueCallToken } from './respond-token';
import { BROWSER_ACCEPT } from '../../../../tests/support/html';
import { escapeHtml } from '../../http/link-page';
import { CALL_GONE, LINK_EXPIRED, LINK_INVALID, LINK_USED } from './respond-link';
import { bookEvent, linksOf, runCallMails, schedulingOrg } from './test-helpers';
import { PRESENCE_CHANNEL } from '../../http/presence-signal';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const callsUrl = (s: { orgBase: string }, eventId: number) => `${s.orgBase}/calendar/events/${eventId}/calls`;

describe('calls', () => {
  it('a manager calls people; kept people keep their answer; the called see and answer it', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const url = callsUrl(s, eventId);
    const put = await s.agents.owner.put(url, {
      userIds: [s.actor.id, s.castB.id],
      callTime: '18:30',
      note: 'Bring scripts',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      eventId,
      canManage: true,
      canTakeAttendance: true,
      calls: [
        {
          userId: s.actor.id,
          name: 'Ada Person',
          status: 'called',
          respondedAt: null,
          callTime: '18:30',
          note: 'Bring scripts',
          responseNote: null,
        },
        {
          userId: s.castB.id,
          name: 'Bea Cast',
          status: 'called',
          respondedAt: null,
          callTime: '18:30',
          note: 'Bring scripts',
          responseNote: null,
        },
      ],
    });

    const answered = await s.actorAgent.post(`${url}/respond`, { status: 'declined', note: 'Sick' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ userId: s.actor.id, status: 'declined', responseNote: 'Sick' });
    expect(answered.json().respondedAt).toEqual(expect.any(String));
    // Changing one's mind is allowed.
    expect((await s.actorAgent.post(`${url}/respond`, { status: 'confirmed' })).json().status).toBe(
      'confirmed',
    );

    // Another member of the cast sees the list, without others' answer notes; managers see them.
    const seen = await s.castBAgent.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ canManage: false, canTakeAttendance: false });
    expect(seen.json().calls[0]).toMatchObject({
      userId: s.actor.id,
      status: 'confirmed',
      responseNote: null,
    });
    expect((await s.leadAgent.get(url)).json().calls[0].responseNote).toBeNull();
    expect((await s.leadAgent.get(url)).json().canManage).toBe(true);

    // The team lead replaces the set: Ada stays confirmed, Bea is uncalled, Otto is called.
    const replaced = await s.leadAgent.put(url, { userIds: [s.actor.id, s.outsider.id] });
    expect(replaced.statusCode).toBe(200);
    expect(
      replaced
        .json()
        .calls.map((c: { userId: number; status: string; callTime: string | null }) => [
          c.userId,
          c.status,
          c.callTime,
        ]),
    ).toEqual([
      [s.actor.id, 'confirmed', null],
      [s.outsider.id, 'called', null],
    ]);

    const mine = await s.actorAgent.get(`${s.orgBase}/calls/mine?from=2031-03-01&to=2031-03-31`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        eventId,
        eventName: 'Rehearsal',
        startDateTime: '2031-03-04T19:00:00-05:00',
        endDateTime: '2031-03-04T22:00:00-05:00',
        callTime: null,
        note: null,
        status: 'confirmed',
        respondedAt: expect.any(String),
        responseNote: null,
      },
    ]);
    expect((await s.castBAgent.get(`${s.orgBase}/calls/mine?from=2031-03-01&to=2031-03-31`)).json()).toEqual(
      [],
    );
  });

  it('refuses non-members, people of other organizations and bad bodies, changing nothing', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const url = callsUrl(s, eventId);
    await s.agents.owner.put(url, { userIds: [s.actor.id] });
    const other = await buildOrg(ctx.database);
    const stranger = await buildUser(ctx.database, { org: other });
    const pending = await buildUser(ctx.database, { org: s.org, status: 'pending_approval' });
    for (const id of [stranger.id, pending.id, 999_999_999]) {
      const res = await s.agents.owner.put(url, { userIds: [s.castB.id, id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NOT_MEMBERS, errors: { userIds: NOT_MEMBERS } });
    }
    for (const [body, field, message] of [
      [{ userIds: 'all' }, 'userIds', SM.userIds],
      [{ userIds: [s.actor.id], callTime: '25:00' }, 'callTime', SM.callTime],
      [{ userIds: [s.actor.id], note: 'x'.repeat(501) }, 'note', SM.note],
    ] as const) {
      const res = await s.agents.owner.put(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const bad = await s.actorAgent.post(`${url}/respond`, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe(SM.status);
    const rows = await ctx.database.query<{ userId: number }>(
      'select user_id as "userId" from event_calls where event_id = $1',
      [eventId],
    );
    expect(rows).toEqual([{ userId: s.actor.id }]);
  });

  it('answers 403 to members who do not manage the event and 401 signed out', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const url = callsUrl(s, eventId);
    for (const agent of [s.actorAgent, s.agents.board, s.agents.team_lead, s.outsiderAgent]) {
      const res = await agent.put(url, { userIds: [s.castB.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CALLS_REFUSED);
    }
    // Someone the event does not concern may not read its calls; not called → may not answer.
    const hidden = await s.outsiderAgent.get(url);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe(CALLS_HIDDEN);
    const notCalled = await s.castBAgent.post(`${url}/respond`, { status: 'confirmed' });
    expect(notCalled.statusCode).toBe(403);
    expect(notCalled.json().message).toBe(NOT_CALLED);
    const anon = new Agent(ctx.app, s.org.host);
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await anon.put(url, { userIds: [] })).statusCode).toBe(401);
    expect((await anon.post(`${url}/respond`, { status: 'confirmed' })).statusCode).toBe(401);
    expect((await anon.get(`${s.orgBase}/calls/mine`)).statusCode).toBe(401);
    const [{ n }] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from event_calls where event_id = $1',
      [eventId],
    );
    expect(n).toBe(0);
  });

  it("answers 404 for another organization's events and addresses", async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const other = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org: other, role: 'owner' });
    const agent = await signedIn(ctx, owner, other);
    const theirs = `/api/organizations/${other.id}/calendar/events/${eventId}/calls`;
    expect((await agent.get(theirs)).statusCode).toBe(404);
    expect((await agent.put(theirs, { userIds: [owner.id] })).statusCode).toBe(404);
    expect((await agent.post(`${theirs}/respond`, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await agent.get(callsUrl(s, eventId))).statusCode).toBe(404);
    expect((await agent.get(`${s.orgBase}/calls/mine`)).statusCode).toBe(404);
  });

  it('signals calls-changed to the managers and the people concerned, on every change', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const notify = vi.spyOn(ctx.database, 'notifySoon');
    try {
      await s.agents.owner.put(callsUrl(s, eventId), { userIds: [s.actor.id] });
      const sent = () =>
        notify.mock.calls
          .filter(([channel]) => channel === PRESENCE_CHANNEL)
          .map(([, payload]) => JSON.parse(payload))
          .filter((m) => m.t === 'user' && m.o === s.org.id && m.m?.type === 'calls-changed');
      const to = (list: { u: number }[]) => new Set(list.map((m) => m.u));
      expect(sent().every((m) => m.m.eventId === eventId)).toBe(true);
      // Owner and admin (everyone's managers), the team's lead, and Ada who was called.
      expect(to(sent())).toEqual(new Set([s.people.owner.id, s.people.admin.id, s.lead.id, s.actor.id]));
      notify.mockClear();
      await s.actorAgent.post(`${callsUrl(s, eventId)}/respond`, { status: 'confirmed' });
      expect(to(sent())).toEqual(new Set([s.people.owner.id, s.people.admin.id, s.lead.id, s.actor.id]));
    } finally {
      notify.mockRestore();
    }
  });

  it('an event that is over can no longer be answered', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s, {
      startDateTime: '2024-01-10T19:00',
      endDateTime: '2024-01-10T21:00',
    });
    await s.agents.owner.put(callsUrl(s, eventId), { userIds: [s.actor.id] });
    const late = await s.actorAgent.post(`${callsUrl(s, eventId)}/respond`, { status: 'confirmed' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CALL_OVER);
    // No mail goes out for a call to the past.
    expect(await runCallMails(ctx, s.org.id)).toEqual([]);
  });
});

describe('call mail and its one-click links', () => {
  it('mails the newly called with signed Confirm / Can’t make it links that work once', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const url = callsUrl(s, eventId);
    await s.agents.owner.put(url, { userIds: [s.actor.id], callTime: '18:30', note: 'Act 2' });
    const [mail, ...rest] = await runCallMails(ctx, s.org.id);
    expect(rest).toEqual([]);
    expect(mail.to).toBe(s.actor.email);
    expect(mail.subject).toBe(`You are called: Rehearsal | ${s.org.name}`);
    // One time format, the organization's 12-hour clock, for the date and the call time alike.
    expect(mail.text).toContain('When: Tue, Mar 4, 7:00 PM');
    expect(mail.text).toContain('Call time: 6:30 PM');
    expect(mail.text).not.toContain('18:30');
    expect(mail.text).toContain('Where: Annex');
    expect(mail.text).toContain('Note: Act 2');
    expect(mail.text).toContain(`http://${s.org.shortname}.localhost:5000/calls/respond?token=`);
    expect(mail.headers?.['List-Unsubscribe']).toContain('/api/unsubscribe');
    const links = linksOf(mail);

    // GET only reads; POST answers, without a session.
    const anon = new Agent(ctx.app, s.org.host);
    const read = await anon.get(`/api/calls/respond-link?token=${encodeURIComponent(links.declined)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      eventName: 'Rehearsal',
      startDateTime: '2031-03-04T19:00:00-05:00',
      endDateTime: '2031-03-04T22:00:00-05:00',
      callTime: '18:30',
      spaces: ['Annex'],
      organizationName: s.org.name,
      memberName: 'Ada',
      status: 'called',
    });
    const answered = await anon.post('/api/calls/respond-link', {
      token: links.confirmed,
      status: 'confirmed',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().status).toBe('confirmed');
    const [row] = await ctx.database.query<{ status: string }>(
      'select status from event_calls where event_id = $1',
      [eventId],
    );
    expect(row.status).toBe('confirmed');

    // Reused (either link of that mail): refused; the signed-in answer still works.
    for (const token of [links.confirmed, links.declined]) {
      const again = await anon.post('/api/calls/respond-link', { token, status: 'declined' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(LINK_USED);
    }
    expect(
      (await anon.get(`/api/calls/respond-link?token=${encodeURIComponent(links.declined)}`)).statusCode,
    ).toBe(409);
    expect((await s.actorAgent.post(`${url}/respond`, { status: 'declined' })).json().status).toBe(
      'declined',
    );

    // Kept people are not mailed again, unless the call time changes (new links; old ones die).
    await s.agents.owner.put(url, { userIds: [s.actor.id, s.castB.id], callTime: '18:30' });
    expect((await runCallMails(ctx, s.org.id)).map((m) => m.to)).toEqual([s.castB.email]);
    await s.agents.owner.put(url, { userIds: [s.actor.id, s.castB.id], callTime: '18:00' });
    const retimed = await runCallMails(ctx, s.org.id);
    expect(retimed.map((m) => m.to).sort()).toEqual([s.actor.email, s.castB.email].sort());
    const fresh = linksOf(retimed.find((m) => m.to === s.actor.email)!);
    expect(
      (await anon.post('/api/calls/respond-link', { token: fresh.confirmed, status: 'confirmed' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses tampered, expired and orphaned links, and respects the mail preferences', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    await s.agents.owner.put(callsUrl(s, eventId), { userIds: [s.actor.id] });
    const { confirmed } = linksOf((await runCallMails(ctx, s.org.id))[0]);
    const anon = new Agent(ctx.app, s.org.host);
    const [callId, userId, , nonce, expires] = confirmed.split('.');
    const tampered = [
      `${callId}.${s.castB.id}.${confirmed.split('.').slice(2).join('.')}`,
      `${confirmed.slice(0, -2)}xx`,
      'not-a-token',
    ];
    for (const token of tampered) {
      const res = await anon.post('/api/calls/respond-link', { token, status: 'confirmed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LINK_INVALID);
    }
    const expired = issueCallToken('test-secret', {
      callId: Number(callId),
      userId: Number(userId),
      eventId,
      nonce: Number(nonce),
      expires: Math.floor(Date.now() / 1000) - 60,
    });
    const old = await anon.post('/api/calls/respond-link', { token: expired, status: 'confirmed' });
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(LINK_EXPIRED);
    expect(Number(expires)).toBe(Date.parse('2031-03-05T03:00:00Z') / 1000);
    const missing = await anon.post('/api/calls/respond-link', { token: '', status: 'confirmed' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBe(SM.token);

    // Opened in a browser, the same refusals are a small page with the words, not JSON.
    const pages: [string, number, string][] = [
      [tampered[1], 400, LINK_INVALID],
      [expired, 410, LINK_EXPIRED],
      ['', 400, SM.token],
    ];
    for (const [token, status, message] of pages) {
      const res = await anon.get(`/api/calls/respond-link?token=${encodeURIComponent(token)}`, {
        accept: BROWSER_ACCEPT,
      });
      expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'text/html; charset=utf-8']);
      expect(res.body).toContain(`<p>${escapeHtml(message)}</p>`);
      expect(res.body).not.toContain('"message"');
    }
    const [row] = await ctx.database.query<{ status: string }>(
      'select status from event_calls where event_id = $1',
      [eventId],
    );
    expect(row.status).toBe('called');

    // Uncalled: the link names a call that is gone.
    await s.agents.owner.put(callsUrl(s, eventId), { userIds: [] });
    const gone = await anon.post('/api/calls/respond-link', { token: confirmed, status: 'confirmed' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(CALL_GONE);

    // A member who turned schedule reminders off gets no call mail.
    await ctx.database.query(
      `update users set notification_settings = '{"scheduleReminders": false}'::jsonb where id = $1`,
      [s.castB.id],
    );
    await s.agents.owner.put(callsUrl(s, eventId), { userIds: [s.castB.id, s.actor.id] });
    expect((await runCallMails(ctx, s.org.id)).map((m) => m.to)).toEqual([s.actor.email]);
  });
});
