import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../../tests/support/factories';
import { openDatabase } from '../../db/client';
import { calendarOrg, eventBody } from '../calendar/test-helpers';
import { claimJobs } from './jobs';
import { later, minutesFromNow, smtpMailer, TestClock, testWorker, withSmtp } from './test-helpers';

const env = withSmtp();
// These tests are about reminders: other files' organizations' digests stay out of their ticks.
const NO_DIGESTS = { planDigests: false };

const TZ = 'America/New_York';

/** A team rehearsal three hours from now: the owner reserved it, the team member `actor` follows it. */
async function rehearsalSoon() {
  const c = await calendarOrg(env.ctx, TZ);
  const start = minutesFromNow(180, TZ);
  const end = minutesFromNow(240, TZ);
  const res = await c.agents.owner.post(
    `${c.base}/events`,
    eventBody(c.people.owner.id, { startDateTime: start.wall, endDateTime: end.wall, teamIds: [c.teamId] }),
  );
  expect(res.statusCode).toBe(201);
  return { c, start: start.at, eventId: res.json().event.id as number };
}

const reminders = (address: string) =>
  env.smtp.to(address).filter((m) => m.includes('Subject: Reminder: Rehearsal'));

describe('schedule reminders', () => {
  it('mails a follower once, reminderTiming before the start, with unsubscribe headers and org links', async () => {
    const { c, start } = await rehearsalSoon();
    const clock = new TestClock(later(start, -61));
    const worker = testWorker(env.ctx.database, env.mailer, clock, NO_DIGESTS);
    await worker.tick();
    expect(reminders(c.actor.email)).toHaveLength(0);

    clock.set(later(start, -59));
    await worker.tick();
    await worker.tick();
    expect(reminders(c.actor.email)).toHaveLength(1);
    const mail = reminders(c.actor.email)[0];
    expect(mail).toContain(`Theater ${c.org.shortname}`);
    expect(mail).toContain('#6b46c1');
    expect(mail).toContain(`http://${c.org.shortname}.localhost:5000/calendar/my-schedule`);
    expect(mail).toMatch(/List-Unsubscribe: <http:\/\/org-[^>]+\/api\/unsubscribe\?user=\d+&token=[\w-]+>/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    // The owner reserved it, so follows it too; a board member does not.
    expect(reminders(c.people.owner.email)).toHaveLength(1);
    expect(reminders(c.people.board.email)).toHaveLength(0);
    // A later worker (another instance, or after a restart) does not send it again.
    clock.set(later(start, -30));
    await testWorker(env.ctx.database, env.mailer, clock, NO_DIGESTS).tick();
    expect(reminders(c.actor.email)).toHaveLength(1);
    // The reminder is in the member's notification centre too.
    const inbox = (await c.actorAgent.get('/api/me/inbox')).json();
    expect(inbox.items.filter((i: { kind: string }) => i.kind === 'reminder')).toHaveLength(1);
  });

  it('follows each member’s timing and preferences', async () => {
    const { c, start } = await rehearsalSoon();
    const owner = c.agents.owner;
    expect((await owner.patch('/api/me/notifications', { reminderTiming: '15min' })).statusCode).toBe(200);
    expect(
      (await c.actorAgent.patch('/api/me/notifications', { emailNotifications: false })).statusCode,
    ).toBe(200);
    const clock = new TestClock(later(start, -59));
    const worker = testWorker(env.ctx.database, env.mailer, clock, NO_DIGESTS);
    await worker.tick();
    expect(reminders(c.people.owner.email)).toHaveLength(0);
    // No mail for the member who turned e-mail off, but the notice still reaches their bell.
    expect(reminders(c.actor.email)).toHaveLength(0);
    const inbox = (await c.actorAgent.get('/api/me/inbox')).json();
    expect(inbox.items.map((i: { title: string }) => i.title)).toContain('Reminder: Rehearsal');
    clock.set(later(start, -14));
    await worker.tick();
    expect(reminders(c.people.owner.email)).toHaveLength(1);
    expect(reminders(c.actor.email)).toHaveLength(0);
  });

  it('reminds a day or a week ahead those who ask for it, and the others only at their time', async () => {
    const c = await calendarOrg(env.ctx, TZ);
    const start = minutesFromNow(60 * 24 * 3, TZ);
    const end = minutesFromNow(60 * 24 * 3 + 60, TZ);
    const res = await c.agents.owner.post(
      `${c.base}/events`,
      eventBody(c.people.owner.id, { startDateTime: start.wall, endDateTime: end.wall, teamIds: [c.teamId] }),
    );
    expect(res.statusCode).toBe(201);
    const eventId = res.json().event.id as number;
    expect((await c.actorAgent.patch('/api/me/notifications', { reminderTiming: '1day' })).statusCode).toBe(
      200,
    );
    const board = c.agents.board;
    expect((await board.post(`${c.base}/events/${eventId}/follow`)).statusCode).toBe(200);
    expect((await board.patch('/api/me/notifications', { reminderTiming: '1week' })).statusCode).toBe(200);

    const clock = new TestClock(later(start.at, -(60 * 24 + 1)));
    const worker = testWorker(env.ctx.database, env.mailer, clock, NO_DIGESTS);
    await worker.tick();
    expect(reminders(c.people.board.email)).toHaveLength(1);
    expect(reminders(c.actor.email)).toHaveLength(0);
    clock.set(later(start.at, -(60 * 24 - 1)));
    await worker.tick();
    expect(reminders(c.actor.email)).toHaveLength(1);
    expect(reminders(c.people.owner.email)).toHaveLength(0);
    clock.set(later(start.at, -59));
    await worker.tick();
    expect(reminders(c.people.owner.email)).toHaveLength(1);
    expect(reminders(c.people.board.email)).toHaveLength(1);
  });

  it('reminds whoever follows by any rule: an explicit follow, not a team member who unfollowed', async () => {
    const { c, start, eventId } = await rehearsalSoon();
    expect((await c.agents.board.post(`${c.base}/events/${eventId}/follow`)).statusCode).toBe(200);
    expect((await c.actorAgent.delete(`${c.base}/events/${eventId}/follow`)).statusCode).toBe(200);
    await testWorker(env.ctx.database, env.mailer, new TestClock(later(start, -30)), NO_DIGESTS).tick();
    expect(reminders(c.people.board.email)).toHaveLength(1);
    expect(reminders(c.actor.email)).toHaveLength(0);
    expect(reminders(c.people.owner.email)).toHaveLength(1);
  });

  it('sends nothing when scheduleReminders is off, or for an unfollowed, moved or deleted occurrence', async () => {
    const { c, start, eventId } = await rehearsalSoon();
    await c.actorAgent.patch('/api/me/notifications', { scheduleReminders: false });
    const board = c.people.board;
    const boardAgent = c.agents.board;
    await boardAgent.post(`${c.base}/events/${eventId}/follow`);
    await boardAgent.delete(`${c.base}/events/${eventId}/follow`);
    const other = await rehearsalSoon();
    const moved = minutesFromNow(60 * 24 * 3, TZ);
    const movedEnd = minutesFromNow(60 * 24 * 3 + 60, TZ);
    expect(
      (
        await other.c.agents.owner.patch(`${other.c.base}/events/${other.eventId}`, {
          startDateTime: moved.wall,
          endDateTime: movedEnd.wall,
        })
      ).statusCode,
    ).toBe(200);
    const third = await rehearsalSoon();
    const deleted = await third.c.agents.owner.delete(`${third.c.base}/events/${third.eventId}`);
    expect(deleted.json()).toEqual({ deletedCount: 1 });

    await testWorker(env.ctx.database, env.mailer, new TestClock(later(start, -30)), NO_DIGESTS).tick();
    expect(reminders(c.actor.email)).toHaveLength(0);
    expect(reminders(board.email)).toHaveLength(0);
    expect(reminders(other.c.actor.email)).toHaveLength(0);
    expect(reminders(third.c.actor.email)).toHaveLength(0);
    expect(reminders(c.people.owner.email)).toHaveLength(1);
  });

  it('retries a failed delivery with back-off and resumes leased work after a restart', async () => {
    const { c, start } = await rehearsalSoon();
    const due = later(start, -59);
    env.smtp.failing = true;
    try {
      await testWorker(env.ctx.database, env.mailer, new TestClock(due), NO_DIGESTS).tick();
    } finally {
      env.smtp.failing = false;
    }
    expect(reminders(c.actor.email)).toHaveLength(0);
    const [job] = await env.ctx.database.query<{ attempts: number; lastError: string; runAt: Date }>(
      `select attempts, last_error as "lastError", run_at as "runAt" from jobs where unique_key = $1`,
      [`mail:reminder:${c.actor.id}:${await eventIdOf(c.org.id)}`],
    );
    expect(job.attempts).toBe(1);
    expect(job.lastError).toContain('Try again later');
    expect(new Date(job.runAt).getTime()).toBe(later(due, 0.5).getTime());

    // A worker that claims the job and dies: its lease keeps others off for five minutes.
    const dying = await claimJobs(env.ctx.database, later(due, 1));
    expect(dying.some((j) => j.attempts === 2)).toBe(true);
    const restarted = testWorker(env.ctx.database, env.mailer, new TestClock(later(due, 2)), NO_DIGESTS);
    await restarted.tick();
    expect(reminders(c.actor.email)).toHaveLength(0);
    await testWorker(env.ctx.database, env.mailer, new TestClock(later(due, 7)), NO_DIGESTS).tick();
    expect(reminders(c.actor.email)).toHaveLength(1);
    const [done] = await env.ctx.database.query<{ doneAt: Date | null }>(
      `select done_at as "doneAt" from jobs where unique_key like $1`,
      [`mail:reminder:${c.actor.id}:%`],
    );
    expect(done.doneAt).not.toBeNull();
  });

  // PGlite is one in-process database: two connections to it cannot exist, so the race between
  // two instances is only real on a PostgreSQL server.
  it.skipIf(!process.env.DATABASE_URL)(
    'two workers on one PostgreSQL send each reminder once (PostgreSQL only: PGlite has one connection)',
    async () => {
      const second = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
      const otherMailer = smtpMailer({ ...env.ctx, database: second }, env.smtp);
      try {
        const runs = await Promise.all(
          Array.from({ length: 4 }, async () => {
            const { c, start } = await rehearsalSoon();
            return { c, start };
          }),
        );
        const clock = new TestClock(later(runs[0].start, -55));
        const a = testWorker(env.ctx.database, env.mailer, clock, NO_DIGESTS);
        const b = testWorker(second, otherMailer, clock, NO_DIGESTS);
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        for (const { c } of runs) {
          expect(reminders(c.actor.email)).toHaveLength(1);
          expect(reminders(c.people.owner.email)).toHaveLength(1);
        }
      } finally {
        otherMailer.close();
        await second.close();
      }
    },
  );
});

async function eventIdOf(organizationId: number) {
  const [row] = await env.ctx.database.query<{ id: number }>(
    'select id from calendar_events where organization_id = $1 order by id limit 1',
    [organizationId],
  );
  return row.id;
}

describe('one-click unsubscribe from a real mail', () => {
  it('turns e-mail off without signing in; later reminders are not mailed', async () => {
    const { c, start } = await rehearsalSoon();
    await testWorker(env.ctx.database, env.mailer, new TestClock(later(start, -59)), NO_DIGESTS).tick();
    const mail = reminders(c.actor.email)[0];
    const url = new URL(/List-Unsubscribe: <([^>]+)>/.exec(mail)?.[1] ?? '');
    expect(url.host).toBe(`${c.org.shortname}.localhost:5000`);
    // A mail provider's RFC 8058 POST: no cookie, no Origin.
    const res = await env.ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const prefs = (await (await signedIn(env.ctx, c.actor, c.org)).get('/api/me/notifications')).json();
    expect(prefs.emailNotifications).toBe(false);
  });
});
