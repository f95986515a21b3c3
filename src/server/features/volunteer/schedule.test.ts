// A member's shifts outside the Volunteer page: the personal iCalendar feed, the reminders and the
// coordinators' digest of open shifts (through the notification engine).
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { addDays, todayIn } from '../../../common/zoned-time';
import { bookEvent } from '../scheduling/test-helpers';
import { scanOpenShiftDigests, scanShiftReminders } from './reminders';
import { addShift, type VolunteerOrg, volunteerOrg } from './test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

/** A show the day after tomorrow (inside the feed's year and the reminders' week) with an usher shift. */
async function comingShow(v: VolunteerOrg) {
  const day = addDays(todayIn('America/New_York'), 2);
  const eventId = await bookEvent(v, {
    name: 'Coming show',
    eventType: 'show',
    teamIds: [],
    startDateTime: `${day}T19:00:00`,
    endDateTime: `${day}T22:00:00`,
  });
  const shiftId = await addShift(v, { places: 2 }, eventId);
  const [{ start }] = await ctx.database.query<{ start: Date }>(
    'select start_date_time as start from volunteer_shifts where id = $1',
    [shiftId],
  );
  return { eventId, shiftId, start: new Date(start) };
}

const notices = (orgId: number, prefix: string) =>
  ctx.database.query<{ userId: number; title: string; body: string }>(
    `select user_id as "userId", title, body from member_notifications
     where organization_id = $1 and unique_key like $2 order by user_id, id`,
    [orgId, `${prefix}%`],
  );

describe('My shifts elsewhere', () => {
  it("puts the shifts a member holds in their personal iCalendar feed, with a UID of the shift's own", async () => {
    const v = await volunteerOrg(ctx);
    const { shiftId } = await comingShow(v);
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    const created = await v.actorAgent.post(`${v.base}/feed`);
    const path = new URL(created.json().url).pathname;
    const feed = await new Agent(ctx.app, 'localhost').get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`UID:shift-${shiftId}@${v.org.shortname}.`);
    expect(feed.body).toContain('SUMMARY:Volunteer: Usher · Coming show');
    expect(feed.body).toContain('CATEGORIES:Volunteer');
    // Someone else's feed does not carry it.
    const other = await v.castBAgent.post(`${v.base}/feed`);
    const theirs = await new Agent(ctx.app, 'localhost').get(new URL(other.json().url).pathname);
    expect(theirs.body).not.toContain(`shift-${shiftId}@`);
  });

  it('reminds each holder before their shift, once, unless they turned volunteer reminders off', async () => {
    const v = await volunteerOrg(ctx);
    const { shiftId, start } = await comingShow(v);
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    await v.castBAgent.post(R.signup(v.orgId, shiftId));
    await v.castBAgent.patch('/api/me/notifications', { volunteerReminders: false });
    // Default timing: an hour before. Not yet two hours before.
    await scanShiftReminders(ctx.database, new Date(start.getTime() - 2 * 3_600_000));
    expect(await notices(v.orgId, 'shift-reminder:')).toEqual([]);
    const at = new Date(start.getTime() - 30 * 60_000);
    await scanShiftReminders(ctx.database, at);
    await scanShiftReminders(ctx.database, at);
    const sent = await notices(v.orgId, 'shift-reminder:');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userId: v.actor.id, title: 'Volunteer shift: Usher, Coming show' });
  });

  it("tells coordinators of a date's open shifts three days and one day before", async () => {
    const v = await volunteerOrg(ctx);
    const { shiftId, start } = await comingShow(v);
    await v.actorAgent.post(R.signup(v.orgId, shiftId));
    await scanOpenShiftDigests(ctx.database, new Date(start.getTime() - 4 * 86_400_000));
    expect(await notices(v.orgId, 'shift-digest:')).toEqual([]);
    await scanOpenShiftDigests(ctx.database, new Date(start.getTime() - 2.5 * 86_400_000));
    const three = await notices(v.orgId, 'shift-digest:');
    // Owner, admin and volunteer coordinator; nobody else.
    expect(three.map((n) => n.userId).sort()).toEqual(
      [v.people.owner.id, v.people.admin.id, v.people.volunteer_coordinator.id].sort(),
    );
    expect(three[0].body).toContain('Usher · Coming show: 1 place open');
    await scanOpenShiftDigests(ctx.database, new Date(start.getTime() - 2 * 86_400_000));
    expect(await notices(v.orgId, 'shift-digest:')).toHaveLength(3);
    await scanOpenShiftDigests(ctx.database, new Date(start.getTime() - 0.5 * 86_400_000));
    expect(await notices(v.orgId, 'shift-digest:')).toHaveLength(6);
  });
});
