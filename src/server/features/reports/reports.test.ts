import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, testConfig, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import type { Mail, Mailer } from '../mail';
import type { Job } from '../notifications';
import { runJob } from '../notifications/mail-jobs';
import { bookEvent, type SchedulingOrg, schedulingOrg } from '../scheduling/test-helpers';
import { NOT_PUBLISHED, REPORT_MAIL_JOB } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** Lee leads the cast; Props is received by Otto (outside the cast), Direction by nobody. */
async function withDepartments(s: SchedulingOrg) {
  const res = await s.agents.admin.put(`${s.orgBase}/report-departments`, [
    { name: 'Direction', recipientIds: [] },
    { name: 'Props', recipientIds: [s.outsider.id] },
  ]);
  expect(res.statusCode).toBe(200);
}

const body = {
  times: { start: '19:00', end: '22:00', breaks: [{ start: '20:20', end: '20:30' }] },
  summary: 'Good run of act one.',
  notes: [
    { department: 'props', text: 'Juliet needs a lighter dagger' },
    { department: 'Direction', text: 'Talk to Bea about lateness', confidential: true },
  ],
};

async function runReportMails(s: SchedulingOrg): Promise<Mail[]> {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(m) {
      sent.push(m);
    },
    async deliver(m) {
      sent.push(m);
    },
    close() {},
  };
  const jobs = await ctx.database.query<Job>(
    `update jobs set done_at = now() where kind = $1 and done_at is null
       and (payload->>'reportId')::int in (select id from event_reports where organization_id = $2)
     returning id, kind, payload, attempts`,
    [REPORT_MAIL_JOB, s.org.id],
  );
  const deps = { database: ctx.database, mailer, config: testConfig(), sessionSecret: 'test-secret' };
  for (const job of jobs) await runJob(deps, job, new Date());
  return sent;
}

describe('rehearsal reports', () => {
  it('a lead writes a draft, publishes it to the departments and the leads, each reading what they may', async () => {
    const s = await schedulingOrg(ctx);
    await withDepartments(s);
    const eventId = await bookEvent(s, {
      startDateTime: '2031-03-04T19:00',
      endDateTime: '2031-03-04T22:00',
    });
    // Attendance is taken once a rehearsal starts; this one is ahead, so it is written here.
    await ctx.database.query(
      `insert into attendance_records (organization_id, event_id, user_id, status, note)
       values ($1, $2, $3, 'late', 'Bus'), ($1, $2, $4, 'absent', null)`,
      [s.org.id, eventId, s.castB.id, s.actor.id],
    );
    const url = `${s.orgBase}/calendar/events/${eventId}/report`;
    const empty = await s.leadAgent.get(url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ id: null, canWrite: true, notes: [] });

    const saved = await s.leadAgent.put(url, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      publishedAt: null,
      times: body.times,
      late: [{ userId: s.castB.id, note: 'Bus' }],
      absent: [{ userId: s.actor.id }],
      notes: [
        { department: 'Props', status: 'open', confidential: false },
        { department: 'Direction', confidential: true },
      ],
    });
    // A draft is for its writers only.
    expect((await s.castBAgent.get(url)).json().message).toBe(NOT_PUBLISHED);

    const published = await s.leadAgent.post(`${url}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().publishedAt).not.toBeNull();
    const castView = (await s.castBAgent.get(url)).json();
    expect(castView.notes.map((n: { text: string }) => n.text)).toEqual(['Juliet needs a lighter dagger']);
    expect(castView.canWrite).toBe(false);

    const mails = await runReportMails(s);
    const to = (m: Mail) => m.to;
    expect(mails.map(to).sort()).toEqual([s.lead.email, s.outsider.email].sort());
    const propsMail = mails.find((m) => m.to === s.outsider.email) as Mail;
    expect(propsMail.text).toContain('Juliet needs a lighter dagger');
    expect(propsMail.text).not.toContain('lateness');
    expect(propsMail.html).toContain('Props');
    expect((mails.find((m) => m.to === s.lead.email) as Mail).text).toContain('(Confidential) Talk to Bea');
    const bell = (await s.outsiderAgent.get('/api/me/inbox')).json();
    expect(bell.items[0]).toMatchObject({ kind: 'report', link: `/calendar/events/${eventId}/report` });
  });

  it('a department lists its open notes and closes one; others may not', async () => {
    const s = await schedulingOrg(ctx);
    await withDepartments(s);
    const eventId = await bookEvent(s);
    const url = `${s.orgBase}/calendar/events/${eventId}/report`;
    await s.leadAgent.put(url, body);
    await s.leadAgent.post(`${url}/publish`);
    const list = await s.outsiderAgent.get(`${s.orgBase}/report-notes?department=Props&status=open`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ department: 'Props', eventId, text: 'Juliet needs a lighter dagger' }),
    ]);
    const noteId = list.json()[0].id;
    // The confidential note is listed for the event's managers only.
    expect((await s.outsiderAgent.get(`${s.orgBase}/report-notes`)).json()).toHaveLength(1);
    expect((await s.leadAgent.get(`${s.orgBase}/report-notes`)).json()).toHaveLength(2);
    const confidential = (await s.leadAgent.get(`${s.orgBase}/report-notes?department=Direction`)).json()[0];
    expect(
      (await s.outsiderAgent.patch(`${s.orgBase}/report-notes/${confidential.id}`, { status: 'done' }))
        .statusCode,
    ).toBe(403);

    const acknowledged = await s.outsiderAgent.patch(`${s.orgBase}/report-notes/${noteId}`, {
      status: 'acknowledged',
      reply: 'On it',
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ status: 'acknowledged', reply: 'On it' });
    expect(
      (await s.outsiderAgent.patch(`${s.orgBase}/report-notes/${noteId}`, { status: 'done' })).json(),
    ).toMatchObject({
      status: 'done',
      reply: 'On it',
    });
    expect((await s.outsiderAgent.get(`${s.orgBase}/report-notes?status=open`)).json()).toEqual([]);
    // Saving the report again keeps a note's answer when the note keeps its id.
    const kept = (await s.leadAgent.get(url)).json().notes;
    await s.leadAgent.put(url, { ...body, notes: kept.map((n: object) => n) });
    expect((await s.leadAgent.get(url)).json().notes[0]).toMatchObject({ status: 'done', reply: 'On it' });
    // Someone neither in Props nor managing the event.
    expect(
      (await s.castBAgent.patch(`${s.orgBase}/report-notes/${noteId}`, { status: 'open' })).statusCode,
    ).toBe(403);
  });

  it('refuses non-writers (403), bad input (400), another organization (404) and the anonymous (401)', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s);
    const url = `${s.orgBase}/calendar/events/${eventId}/report`;
    expect((await s.castBAgent.put(url, body)).statusCode).toBe(403);
    expect((await s.castBAgent.post(`${url}/publish`)).statusCode).toBe(403);
    expect((await s.leadAgent.post(`${url}/publish`)).statusCode).toBe(409);
    const badTime = await s.leadAgent.put(url, { ...body, times: { start: '7pm' } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Times must be written HH:MM');
    const badDepartment = await s.leadAgent.put(url, { notes: [{ department: 'Catering', text: 'Tea' }] });
    expect(badDepartment.statusCode).toBe(400);
    expect((await s.leadAgent.put(url, { notes: [{ department: 'Props', text: '' }] })).json().message).toBe(
      'Note text is required',
    );
    expect((await s.castBAgent.put(`${s.orgBase}/report-departments`, [])).statusCode).toBe(403);
    const duplicate = await s.agents.admin.put(`${s.orgBase}/report-departments`, [
      { name: 'Props', recipientIds: [] },
      { name: 'props', recipientIds: [] },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(
      (await s.agents.admin.put(`${s.orgBase}/report-departments`, [{ name: 'X', recipientIds: [999999] }]))
        .statusCode,
    ).toBe(400);
    expect((await s.castBAgent.patch(`${s.orgBase}/report-notes/1`, { status: 'closed' })).statusCode).toBe(
      400,
    );
    expect((await s.castBAgent.get(`${s.orgBase}/report-departments`)).json()).toHaveLength(8);

    const other = await buildOrg(ctx.database);
    const stranger = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await stranger.put(url, body)).statusCode).toBe(404);
    expect((await stranger.get(`${s.orgBase}/report-notes`)).statusCode).toBe(404);
    expect((await stranger.put(`${s.orgBase}/report-departments`, [])).statusCode).toBe(404);
    // Their own organization's paths do not reach this one's event or notes.
    const own = `/api/organizations/${other.id}`;
    expect((await stranger.get(`${own}/calendar/events/${eventId}/report`)).statusCode).toBe(404);
    await s.leadAgent.put(url, { notes: [{ department: 'Props', text: 'Ours' }] });
    const noteId = (await s.leadAgent.get(url)).json().notes[0].id;
    expect((await stranger.patch(`${own}/report-notes/${noteId}`, { status: 'done' })).statusCode).toBe(404);
    const anonymous = new Agent(ctx.app, s.org.host);
    expect((await anonymous.get(url)).statusCode).toBe(401);
    expect((await anonymous.put(url, body)).statusCode).toBe(401);
    expect((await anonymous.get(`${s.orgBase}/report-notes`)).statusCode).toBe(401);
  });
});
