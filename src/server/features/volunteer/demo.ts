// Demo volunteering (SEED_DEMO): the usual positions and a target of 10 hours a season; the coming
// show run's dates have shifts, the first two partly filled and one place offered for a swap;
// last month's run (added here) has its shifts held and checked in, so the ledger shows totals
// and who is short. Places are written as they stand (no mail at seed time).
import { eventInputSchema } from '../../../common/schemas/calendar';
import { DEFAULT_POSITIONS } from '../../../common/volunteer';
import { addDays, todayIn, weekdayOf } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';
import { createEvent, organizationTimeZone } from '../calendar';
import { putPositions } from './positions';
import { copyShifts, createShift } from './shifts';

const SHOW = 'Into the Woods';
const PAST_SHOW = 'A Christmas Carol';

export const seedDemoVolunteering: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  const coordinator = {
    organizationId,
    actor: { isSystemUser: false, role: 'volunteer_coordinator', userId: userIds.victor },
  };
  const positions = new Map(
    (
      await putPositions(
        database,
        coordinator,
        DEFAULT_POSITIONS.map((name) => ({ name })),
      )
    ).map((p) => [p.name, p.id]),
  );
  await database.query('update organizations set volunteer_hours_target = 10 where id = $1', [
    organizationId,
  ]);
  const timeZone = await organizationTimeZone(database, organizationId);
  const today = todayIn(timeZone);

  // Last month's run: Friday, Saturday and Sunday evenings four to five weeks ago.
  const friday = addDays(today, -28 - ((weekdayOf(today) - 5 + 7) % 7));
  const owner = { organizationId, actor: { isSystemUser: false, role: 'owner', userId: userIds.olivia } };
  for (const day of [friday, addDays(friday, 1), addDays(friday, 2)])
    await createEvent(
      database,
      owner,
      eventInputSchema.parse({
        name: PAST_SHOW,
        description: 'Our winter show.',
        spaces: ['Main Stage'],
        eventType: 'show',
        startDateTime: `${day}T19:30`,
        endDateTime: `${day}T22:00`,
        reservedBy: userIds.olivia,
      }),
    );

  const dates = async (name: string, past: boolean) =>
    database.query<{ id: number }>(
      `select id from calendar_events where organization_id = $1 and name = $2 and event_type = 'show'
         and (start_date_time < now()) = $3 order by start_date_time`,
      [organizationId, name, past],
    );
  const shiftsOf = (eventId: number) =>
    database.query<{ id: number; position: string }>(
      `select s.id, p.name as position from volunteer_shifts s join volunteer_positions p on p.id = s.position_id
       where s.organization_id = $1 and s.event_id = $2 order by s.id`,
      [organizationId, eventId],
    );
  const hold = (shiftId: number, userId: number, extra: { offered?: boolean; checkIn?: string } = {}) =>
    database.query(
      `insert into volunteer_signups (organization_id, shift_id, user_id, offered_at, check_in, checked_in_by, checked_in_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        organizationId,
        shiftId,
        userId,
        extra.offered ? new Date() : null,
        extra.checkIn ?? null,
        extra.checkIn ? userIds.victor : null,
        extra.checkIn ? new Date() : null,
      ],
    );
  const addShifts = async (eventId: number, toEventIds: number[]) => {
    const plan: [string, number][] = [
      ['House Manager', 1],
      ['Usher', 4],
      ['Concessions', 2],
      ['Box Office', 1],
    ];
    for (const [name, places] of plan)
      await createShift(database, coordinator, eventId, {
        positionId: positions.get(name)!,
        places,
        note: null,
      });
    if (toEventIds.length) await copyShifts(database, coordinator, eventId, { toEventIds });
  };
  const place = (list: { id: number; position: string }[], position: string) =>
    list.find((s) => s.position === position)!.id;

  const coming = await dates(SHOW, false);
  if (coming.length > 0) {
    await addShifts(
      coming[0].id,
      coming.slice(1).map((e) => e.id),
    );
    const first = await shiftsOf(coming[0].id);
    await hold(place(first, 'House Manager'), userIds.victor);
    await hold(place(first, 'Usher'), userIds.beatrice);
    await hold(place(first, 'Usher'), userIds.leo);
    await hold(place(first, 'Box Office'), userIds.adam);
    if (coming[1]) {
      const second = await shiftsOf(coming[1].id);
      await hold(place(second, 'Concessions'), userIds.leo, { offered: true });
      await hold(place(second, 'Usher'), userIds.beatrice);
    }
  }

  const past = await dates(PAST_SHOW, true);
  if (past.length > 0) {
    await addShifts(
      past[0].id,
      past.slice(1).map((e) => e.id),
    );
    const marks: [number, string, number, string][] = [
      [0, 'House Manager', userIds.victor, 'present'],
      [0, 'Usher', userIds.maya, 'present'],
      [0, 'Usher', userIds.sam, 'present'],
      [1, 'Usher', userIds.maya, 'present'],
      [1, 'Concessions', userIds.leo, 'no_show'],
      [1, 'Box Office', userIds.beatrice, 'present'],
      [2, 'Usher', userIds.maya, 'present'],
      [2, 'House Manager', userIds.victor, 'present'],
    ];
    for (const [date, position, userId, checkIn] of marks)
      if (past[date]) await hold(place(await shiftsOf(past[date].id), position), userId, { checkIn });
  }
};
