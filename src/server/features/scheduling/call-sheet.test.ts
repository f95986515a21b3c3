import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildUser, signedIn } from '../../../../tests/support/factories';
import { SM } from '../../../common/schemas/scheduling';
import { bookEvent, schedulingOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

describe('call sheet', () => {
  it("lists the day's events with calls for those they concern, in the organization's zone", async () => {
    const s = await schedulingOrg(ctx);
    await ctx.database.query(
      "update organizations set logo_url = 'https://cdn.example.org/logo.png' where id = $1",
      [s.org.id],
    );
    const rehearsal = await bookEvent(s);
    // 23:30–00:30 the day before also touches the day; the next day's show does not.
    const lateNight = await bookEvent(s, {
      name: 'Night run',
      startDateTime: '2031-03-03T23:30',
      endDateTime: '2031-03-04T00:30',
      teamIds: [],
      spaces: ['Office', 'Annex'],
    });
    await bookEvent(s, {
      name: 'Next day',
      startDateTime: '2031-03-05T10:00',
      endDateTime: '2031-03-05T11:00',
    });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${rehearsal}/calls`, {
      userIds: [s.actor.id, s.castB.id],
      callTime: '18:30',
      note: 'Costumes',
    });
    await s.castBAgent.post(`${s.orgBase}/calendar/events/${rehearsal}/calls/respond`, {
      status: 'confirmed',
      note: 'private',
    });
    await s.agents.owner.put(`${s.orgBase}/calendar/events/${lateNight}/calls`, { userIds: [s.lead.id] });

    const url = `${s.orgBase}/calendar/call-sheet?date=2031-03-04`;
    const res = await s.actorAgent.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: '2031-03-04',
      timeZone: 'America/New_York',
      organization: { name: s.org.name, logoUrl: 'https://cdn.example.org/logo.png' },
      events: [
        {
          id: lateNight,
          name: 'Night run',
          eventType: 'rehearsal',
          startDateTime: '2031-03-03T23:30:00-05:00',
          endDateTime: '2031-03-04T00:30:00-05:00',
          space: 'Office, Annex',
          teams: [],
          scenes: [],
          note: null,
          callsVisible: false,
          calls: [],
        },
        {
          id: rehearsal,
          name: 'Rehearsal',
          eventType: 'rehearsal',
          startDateTime: '2031-03-04T19:00:00-05:00',
          endDateTime: '2031-03-04T22:00:00-05:00',
          space: 'Annex',
          teams: ['Hamlet Cast'],
          scenes: [],
          note: 'Costumes',
          callsVisible: true,
          calls: [
            {
              userId: s.actor.id,
              name: 'Ada Person',
              callTime: '18:30',
              status: 'called',
              note: 'Costumes',
              characters: [],
            },
            {
              userId: s.castB.id,
              name: 'Bea Cast',
              callTime: '18:30',
              status: 'confirmed',
              note: 'Costumes',
              characters: [],
            },
          ],
        },
      ],
    });
    // The owner sees every event's calls; someone outside the cast sees none of the rehearsal's.
    const owner = (await s.agents.owner.get(url)).json();
    expect(owner.events.map((e: { callsVisible: boolean }) => e.callsVisible)).toEqual([true, true]);
    const outsider = (await s.outsiderAgent.get(url)).json();
    expect(outsider.events[1]).toMatchObject({ callsVisible: false, calls: [], note: null });
    expect(
      (await s.actorAgent.get(`${s.orgBase}/calendar/call-sheet?date=2031-03-06`)).json().events,
    ).toEqual([]);
  });

  it('refuses a bad date, signed-out callers and other organizations', async () => {
    const s = await schedulingOrg(ctx);
    const bad = await s.actorAgent.get(`${s.orgBase}/calendar/call-sheet?date=2031-02-30`);
    expect(bad.statusCode).toBe(400);
    expect((await s.actorAgent.get(`${s.orgBase}/calendar/call-sheet`)).json().errors.date).toBe(SM.date);
    expect(
      (await new Agent(ctx.app, s.org.host).get(`${s.orgBase}/calendar/call-sheet?date=2031-03-04`))
        .statusCode,
    ).toBe(401);
    const other = await buildOrg(ctx.database);
    const stranger = await signedIn(ctx, await buildUser(ctx.database, { org: other }), other);
    expect((await stranger.get(`${s.orgBase}/calendar/call-sheet?date=2031-03-04`)).statusCode).toBe(404);
  });
});
