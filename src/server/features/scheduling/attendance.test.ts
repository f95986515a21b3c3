import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { SM } from '../../../common/schemas/scheduling';
import { ATTENDANCE_REFUSED, NOT_ELIGIBLE, NOT_STARTED, REPORT_REFUSED, TEAM_NOT_FOUND } from './attendance';
import { bookEvent, schedulingOrg } from './test-helpers';
import { PRESENCE_CHANNEL } from '../../http/presence-signal';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const past = { startDateTime: '2025-02-04T19:00', endDateTime: '2025-02-04T22:00' };
const attendanceUrl = (s: { orgBase: string }, eventId: number) =>
  `${s.orgBase}/calendar/events/${eventId}/attendance`;

describe('attendance', () => {
  it('managers mark called and team members once the occurrence has started', async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s, past);
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${eventId}/calls`, { userIds: [s.outsider.id] });
    const url = attendanceUrl(s, eventId);
    const before = await s.leadAgent.get(url);
    expect(before.statusCode).toBe(200);
    // Team members (Ada, Bea, the lead) and Otto who was called, none marked yet.
    expect(
      before.json().map((e: { name: string; called: boolean; status: null }) => [e.name, e.called, e.status]),
    ).toEqual([
      ['Ada Person', false, null],
      ['Bea Cast', false, null],
      ['Lee Lead', false, null],
      ['Otto Person', true, null],
    ]);
    const put = await s.leadAgent.put(url, {
      records: [
        { userId: s.actor.id, status: 'present' },
        { userId: s.castB.id, status: 'late', note: 'Bus' },
        { userId: s.outsider.id, status: 'excused' },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().find((e: { userId: number }) => e.userId === s.castB.id)).toEqual({
      userId: s.castB.id,
      name: 'Bea Cast',
      called: false,
      status: 'late',
      note: 'Bus',
    });
    // A second PUT changes and clears only what it names.
    await s.agents.admin.put(url, {
      records: [
        { userId: s.actor.id, status: 'absent' },
        { userId: s.outsider.id, status: null },
      ],
    });
    const after = (await s.agents.owner.get(url)).json();
    expect(after.map((e: { status: string | null }) => e.status)).toEqual(['absent', 'late', null, null]);
  });

  it('refuses before the start, people not concerned, bad statuses and non-managers; 401 and 404', async () => {
    const s = await schedulingOrg(ctx);
    const future = await bookEvent(s);
    const started = await bookEvent(s, past);
    const early = await s.agents.owner.put(attendanceUrl(s, future), {
      records: [{ userId: s.actor.id, status: 'present' }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_STARTED);
    const notConcerned = await s.agents.owner.put(attendanceUrl(s, started), {
      records: [{ userId: s.outsider.id, status: 'present' }],
    });
    expect(notConcerned.statusCode).toBe(400);
    expect(notConcerned.json()).toEqual({ message: NOT_ELIGIBLE, errors: { records: NOT_ELIGIBLE } });
    const badStatus = await s.agents.owner.put(attendanceUrl(s, started), {
      records: [{ userId: s.actor.id, status: 'here' }],
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors['records.0.status']).toBe(SM.attendanceStatus);
    const twice = await s.agents.owner.put(attendanceUrl(s, started), {
      records: [
        { userId: s.actor.id, status: 'present' },
        { userId: s.actor.id, status: 'absent' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    for (const agent of [s.actorAgent, s.agents.board, s.agents.team_lead]) {
      const res = await agent.put(attendanceUrl(s, started), {
        records: [{ userId: s.actor.id, status: 'present' }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ATTENDANCE_REFUSED);
      expect((await agent.get(attendanceUrl(s, started))).statusCode).toBe(403);
    }
    const anon = new Agent(ctx.app, s.org.host);
    expect((await anon.get(attendanceUrl(s, started))).statusCode).toBe(401);
    expect((await anon.put(attendanceUrl(s, started), { records: [] })).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const stranger = await signedIn(ctx, await buildUser(ctx.database, { org: other, role: 'owner' }), other);
    expect(
      (await stranger.get(`/api/organizations/${other.id}/calendar/events/${started}/attendance`)).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.put(`/api/organizations/${other.id}/calendar/events/${started}/attendance`, {
          records: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.get(attendanceUrl(s, started))).statusCode).toBe(404);
    const [{ n }] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from attendance_records where organization_id = $1',
      [s.org.id],
    );
    expect(n).toBe(0);
  });

  it("a class's instructor takes its attendance", async () => {
    const s = await schedulingOrg(ctx);
    const eventId = await bookEvent(s, {
      ...past,
      eventType: 'class',
      teamIds: [],
      instructorId: s.instructor.id,
    });
    const agent = await signedIn(ctx, s.instructor, s.org);
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${eventId}/calls`, { userIds: [s.actor.id] });
    const res = await agent.put(attendanceUrl(s, eventId), {
      records: [{ userId: s.actor.id, status: 'present' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { userId: s.actor.id, name: 'Ada Person', called: true, status: 'present', note: null },
    ]);
  });

  it('signals attendance-changed to those who see it: managers, and a class’s instructor', async () => {
    const s = await schedulingOrg(ctx);
    const rehearsal = await bookEvent(s, past);
    const lesson = await bookEvent(s, {
      ...past,
      spaces: ['Office'],
      eventType: 'class',
      teamIds: [],
      instructorId: s.instructor.id,
    });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${lesson}/calls`, { userIds: [s.castB.id] });
    const notify = vi.spyOn(ctx.database, 'notifySoon');
    try {
      const sent = () =>
        notify.mock.calls
          .filter(([channel]) => channel === PRESENCE_CHANNEL)
          .map(([, payload]) => JSON.parse(payload))
          .filter((m) => m.t === 'user' && m.o === s.org.id && m.m?.type === 'attendance-changed');
      const to = () => new Set(sent().map((m) => m.u));
      await s.leadAgent.put(attendanceUrl(s, rehearsal), {
        records: [{ userId: s.actor.id, status: 'present' }],
      });
      expect(sent().every((m) => m.m.eventId === rehearsal)).toBe(true);
      // Owner and admin (everyone's managers), the reserver (the owner), the team's lead; not the
      // people marked, who do not see the register.
      expect(to()).toEqual(new Set([s.people.owner.id, s.people.admin.id, s.lead.id]));
      notify.mockClear();
      await s.agents.owner.put(attendanceUrl(s, lesson), {
        records: [{ userId: s.castB.id, status: 'late' }],
      });
      expect(sent().every((m) => m.m.eventId === lesson)).toBe(true);
      expect(to()).toEqual(new Set([s.people.owner.id, s.people.admin.id, s.instructor.id]));
      // A refused change signals nothing.
      notify.mockClear();
      const refused = await s.actorAgent.put(attendanceUrl(s, rehearsal), {
        records: [{ userId: s.actor.id, status: 'absent' }],
      });
      expect(refused.statusCode).toBe(403);
      expect(sent()).toEqual([]);
    } finally {
      notify.mockRestore();
    }
  });
});

describe('attendance report', () => {
  async function withRecords() {
    const s = await schedulingOrg(ctx);
    const first = await bookEvent(s, past);
    const second = await bookEvent(s, { startDateTime: '2025-02-06T19:00', endDateTime: '2025-02-06T22:00' });
    const [otherTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, '=Crew', $2) returning id`,
      [s.org.id, `crew-${s.org.id}`],
    );
    await ctx.database.query(
      'insert into team_members (organization_id, team_id, user_id) values ($1, $2, $3)',
      [s.org.id, otherTeam.id, s.outsider.id],
    );
    const crewCall = await bookEvent(s, { ...past, teamIds: [otherTeam.id], spaces: ['Office'] });
    await s.agents.owner.put(attendanceUrl(s, first), {
      records: [
        { userId: s.actor.id, status: 'present' },
        { userId: s.castB.id, status: 'absent' },
      ],
    });
    await s.agents.owner.put(attendanceUrl(s, second), {
      records: [
        { userId: s.actor.id, status: 'late' },
        { userId: s.castB.id, status: 'excused' },
      ],
    });
    await s.agents.owner.put(attendanceUrl(s, crewCall), {
      records: [{ userId: s.outsider.id, status: 'present' }],
    });
    await ctx.database.query(`update users set first_name = '=HYPERLINK("x")' where id = $1`, [
      s.outsider.id,
    ]);
    return { s, otherTeam: otherTeam.id };
  }

  it('counts per member and per team with rates; team leads see their teams only', async () => {
    const { s, otherTeam } = await withRecords();
    const url = `${s.orgBase}/attendance/report?from=2025-02-01&to=2025-02-28`;
    const res = await s.agents.owner.get(url);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.members).toEqual([
      {
        userId: s.outsider.id,
        name: '=HYPERLINK("x") Person',
        present: 1,
        late: 0,
        absent: 0,
        excused: 0,
        total: 1,
        rate: 1,
      },
      {
        userId: s.actor.id,
        name: 'Ada Person',
        present: 1,
        late: 1,
        absent: 0,
        excused: 0,
        total: 2,
        rate: 1,
      },
      { userId: s.castB.id, name: 'Bea Cast', present: 0, late: 0, absent: 1, excused: 1, total: 2, rate: 0 },
    ]);
    expect(report.teams).toEqual([
      { teamId: otherTeam, name: '=Crew', present: 1, late: 0, absent: 0, excused: 0, total: 1, rate: 1 },
      {
        teamId: s.teamId,
        name: 'Hamlet Cast',
        present: 1,
        late: 1,
        absent: 1,
        excused: 1,
        total: 4,
        rate: 0.5,
      },
    ]);
    // The lead of Hamlet Cast sees that team's events only; another team's id is refused.
    const lead = (await s.leadAgent.get(url)).json();
    expect(lead.teams.map((t: { teamId: number }) => t.teamId)).toEqual([s.teamId]);
    expect(lead.members.map((m: { userId: number }) => m.userId)).toEqual([s.actor.id, s.castB.id]);
    expect((await s.leadAgent.get(`${url}&teamId=${otherTeam}`)).statusCode).toBe(403);
    expect((await s.agents.admin.get(`${url}&teamId=${otherTeam}`)).json().members).toHaveLength(1);
    const empty = (
      await s.agents.owner.get(`${s.orgBase}/attendance/report?from=2024-01-01&to=2024-01-31`)
    ).json();
    expect(empty).toMatchObject({ members: [], teams: [] });
  });

  it('exports the same rows as CSV with formulas neutralised', async () => {
    const { s } = await withRecords();
    const res = await s.agents.owner.get(`${s.orgBase}/attendance/report.csv?from=2025-02-01&to=2025-02-28`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${s.org.shortname}-attendance.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      '"Kind","Name","Present","Late","Absent","Excused","Total","Rate"',
      `"Member","'=HYPERLINK(""x"") Person","1","0","0","0","1","1"`,
      '"Member","Ada Person","1","1","0","0","2","1"',
      '"Member","Bea Cast","0","0","1","1","2","0"',
      `"Team","'=Crew","1","0","0","0","1","1"`,
      '"Team","Hamlet Cast","1","1","1","1","4","0.5"',
    ]);
  });

  it('refuses members, bad ranges and signed-out callers; 404 for other organizations and teams', async () => {
    const s = await schedulingOrg(ctx);
    const url = `${s.orgBase}/attendance/report`;
    for (const agent of [s.actorAgent, s.agents.board, s.agents.team_lead]) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REPORT_REFUSED);
      expect((await agent.get(`${url}.csv`)).statusCode).toBe(403);
    }
    expect((await s.agents.owner.get(`${url}?from=2025-02-30`)).statusCode).toBe(400);
    expect((await s.agents.owner.get(`${url}?teamId=abc`)).statusCode).toBe(400);
    const anon = new Agent(ctx.app, s.org.host);
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await anon.get(`${url}.csv`)).statusCode).toBe(401);
    const other = await buildOrg(ctx.database);
    const [theirTeam] = await ctx.database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle) values ($1, 'Theirs', $2) returning id`,
      [other.id, `theirs-${other.id}`],
    );
    const foreign = await s.agents.owner.get(`${url}?teamId=${theirTeam.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(TEAM_NOT_FOUND);
    expect((await s.agents.owner.get(`/api/organizations/${other.id}/attendance/report`)).statusCode).toBe(
      404,
    );
  });
});
