// The edit's body (eventPatchSchema): each field it names is checked as on create, yet who may
// edit the event is still answered first, and a refusal names what the merged edit breaks too.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../../tests/support/app';
import { M } from '../../../../common/schemas/calendar';
import { EDIT_REFUSED, EVENT_NOT_FOUND } from '../service';
import { calendarOrg, eventBody } from '../test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function booked() {
  const c = await calendarOrg(ctx);
  const { event } = (await c.actorAgent.post(`${c.base}/events`, eventBody(c.actor.id))).json();
  return { c, url: `${c.base}/events/${event.id}` };
}

describe('PATCH /api/organizations/{orgId}/calendar/events/{eventId} body', () => {
  it('refuses a field of the wrong type with its message, changing nothing', async () => {
    const { c, url } = await booked();
    const res = await c.actorAgent.patch(url, { spaces: 'Main Stage', name: 'Renamed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ spaces: M.spaces });
    expect((await c.actorAgent.get(url)).json().name).toBe('Rehearsal');
  });

  it('answers who may edit, and whether the event exists, before what is wrong with the body', async () => {
    const { c, url } = await booked();
    const bad = { name: '', spaces: 'Main Stage' };
    const board = await c.agents.board.patch(url, bad);
    expect(board.statusCode).toBe(403);
    expect(board.json().message).toBe(EDIT_REFUSED);
    const missing = await c.actorAgent.patch(`${c.base}/events/999999`, bad);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(EVENT_NOT_FOUND);
  });

  it('refuses a bad strategy as such when the body is wrong too', async () => {
    const { c, url } = await booked();
    const res = await c.actorAgent.patch(`${url}?strategy=all`, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Strategy must be this, future or series');
  });

  it('ignores keys that are not the event’s, and keeps the type of an event the edit does not name', async () => {
    const { c, url } = await booked();
    const res = await c.actorAgent.patch(url, { name: 'Blocking', occurrenceDate: '2031-03-04' });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ name: 'Blocking', eventType: 'rehearsal' });
  });
});
