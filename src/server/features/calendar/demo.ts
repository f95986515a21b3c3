// Demo calendar (SEED_DEMO): a season's rhythm around today — twice-weekly rehearsals for the
// cast, tech rehearsals and a two-weekend show run, a Saturday class and a monthly workshop with
// instructors, and the board's monthly meeting. Made through the same service as the API, so
// the demo data obeys every rule (no double-booked space).
import { type EventRequest, eventInputSchema } from '../../../common/schemas/calendar';
import { addDays, todayIn, weekdayOf } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';
import { organizationTimeZone } from './events/queries';
import { createEvent } from './service';

/** The next date on or after `from` that falls on `weekday`. */
const next = (from: string, weekday: number) => addDays(from, (weekday - weekdayOf(from) + 7) % 7);

export const seedDemoCalendar: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  const teams = new Map(
    (
      await database.query<{ id: number; handle: string }>(
        'select id, handle from teams where organization_id = $1',
        [organizationId],
      )
    ).map((t) => [t.handle, t.id]),
  );
  const team = (handle: string) => (teams.has(handle) ? [teams.get(handle)!] : []);
  const today = todayIn(await organizationTimeZone(database, organizationId));
  const showOpens = next(addDays(today, 18), 4);
  const rehearsalsFrom = next(addDays(today, -14), 2);
  const at = (date: string, from: string, to: string) => ({
    startDateTime: `${date}T${from}`,
    endDateTime: `${date}T${to}`,
  });

  const events: EventRequest[] = [
    {
      name: 'Into the Woods rehearsal',
      description: 'Blocking and music. Bring your script and a pencil.',
      spaces: ['Main Stage'],
      eventType: 'rehearsal',
      ...at(rehearsalsFrom, '19:00', '22:00'),
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringWeeklyDays: ['2', '4'],
      recurringEndType: 'date',
      recurringEnd: addDays(showOpens, -1),
      teamIds: team('into-the-woods-cast'),
      reservedBy: userIds.tara,
    },
    {
      name: 'Tech rehearsal',
      description: 'Lights, sound and scene changes with the full crew.',
      spaces: ['Main Stage'],
      eventType: 'rehearsal',
      ...at(next(addDays(showOpens, -21), 0), '13:00', '17:00'),
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'count',
      recurringEndCount: 3,
      teamIds: [...team('run-crew'), ...team('into-the-woods-cast')],
      reservedBy: userIds.victor,
    },
    {
      name: 'Into the Woods',
      description: 'Our spring musical. Doors open at 19:00.',
      spaces: ['Main Stage'],
      eventType: 'show',
      ...at(showOpens, '19:30', '22:00'),
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringWeeklyDays: ['0', '4', '5', '6'],
      recurringEndType: 'count',
      recurringEndCount: 8,
      eventUrl: 'https://www.mtishows.com/into-the-woods',
      teamIds: [...team('into-the-woods-cast'), ...team('run-crew')],
      reservedBy: userIds.olivia,
    },
    {
      name: 'Youth Acting Class',
      description: 'Games, scenes and monologues for ages 10–16.',
      spaces: ['Annex'],
      eventType: 'class',
      ...at(next(addDays(today, -21), 6), '10:00', '12:00'),
      isRecurring: true,
      recurringPattern: 'weekly',
      recurringEndType: 'never',
      instructorId: userIds.adam,
      reservedBy: userIds.adam,
    },
    {
      name: 'Improv Workshop',
      description: 'Drop-in improvisation for adults; no experience needed.',
      spaces: ['Annex'],
      eventType: 'class',
      ...at(next(`${today.slice(0, 8)}01`, 0), '14:00', '16:00'),
      isRecurring: true,
      recurringPattern: 'monthly',
      recurringEndType: 'never',
      instructorId: userIds.tara,
      reservedBy: userIds.tara,
    },
    {
      name: 'Board meeting',
      description: 'Budget, season planning and volunteer updates.',
      spaces: ['Office'],
      eventType: 'other',
      ...at(next(addDays(`${today.slice(0, 8)}01`, 7), 3), '18:30', '20:00'),
      isRecurring: true,
      recurringPattern: 'monthly',
      recurringEndType: 'never',
      reservedBy: userIds.olivia,
      // Members see it; the public calendar does not (not every event is for visitors).
      isPublic: false,
    },
  ];
  const access = { organizationId, actor: { isSystemUser: false, role: 'owner', userId: userIds.olivia } };
  for (const event of events) await createEvent(database, access, eventInputSchema.parse(event));
};
