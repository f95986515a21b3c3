// Builders for volunteering tests: a scheduling organization with the usual positions and a
// future show date, and a helper to add a shift to it.
import type { TestContext } from '../../../../tests/support/app';
import type { ShiftCreateRequest } from '../../../common/schemas/volunteer';
import { DEFAULT_POSITIONS, VOLUNTEER_ROUTES as R } from '../../../common/volunteer';
import { bookEvent, schedulingOrg } from '../scheduling/test-helpers';

export async function volunteerOrg(ctx: TestContext) {
  const s = await schedulingOrg(ctx);
  const orgId = s.org.id;
  const put = await s.agents.volunteer_coordinator.put(
    R.positions(orgId),
    DEFAULT_POSITIONS.map((name) => ({ name })),
  );
  if (put.statusCode !== 200) throw new Error(`positions: ${put.statusCode} ${put.body}`);
  const positions = Object.fromEntries(
    (put.json() as { id: number; name: string }[]).map((p) => [p.name, p.id]),
  ) as Record<string, number>;
  // A show on 2031-03-04, 19:00-22:00 in New York.
  const eventId = await bookEvent(s, { name: 'Hamlet', eventType: 'show', teamIds: [] });
  return { ...s, orgId, positions, eventId, coordinator: s.agents.volunteer_coordinator };
}
export type VolunteerOrg = Awaited<ReturnType<typeof volunteerOrg>>;

/** Adds a shift as the coordinator; its id. */
export async function addShift(v: VolunteerOrg, body: Partial<ShiftCreateRequest> = {}, eventId = v.eventId) {
  const res = await v.coordinator.post(R.eventShifts(v.orgId, eventId), {
    positionId: v.positions.Usher,
    places: 2,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`shift: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
