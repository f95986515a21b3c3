// Demo scheduling (SEED_DEMO): the cast's coming week shows availability (a weekly swim practice
// that clashes with Thursday rehearsals, a one-off family evening), calls to the next rehearsals
// with mixed answers, and attendance taken at the last rehearsal. Availability goes through the
// service; calls and attendance are written as they stand after the fact (no mail at seed time).
import { availabilityCreateSchema } from '../../../common/schemas/scheduling';
import { addDays, todayIn, weekdayOf } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';
import { organizationTimeZone } from '../calendar';
import { createPeriod } from './availability';

const next = (from: string, weekday: number) => addDays(from, (weekday - weekdayOf(from) + 7) % 7);
const REHEARSAL = 'Into the Woods rehearsal';

export const seedDemoScheduling: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  const today = todayIn(await organizationTimeZone(database, organizationId));
  const owner = { organizationId, actor: { isSystemUser: false, role: 'owner', userId: userIds.olivia } };
  const periods = [
    {
      userId: userIds.sam,
      day: next(today, 4),
      from: '17:30',
      to: '19:30',
      weeks: 6,
      note: 'Swim team practice',
    },
    {
      userId: userIds.maya,
      day: next(addDays(today, 1), 2),
      from: '18:00',
      to: '23:00',
      weeks: 0,
      note: 'Family dinner',
    },
    {
      userId: userIds.leo,
      day: next(today, 1),
      from: '16:00',
      to: '18:00',
      weeks: 10,
      note: 'Homework club',
    },
    { userId: userIds.beatrice, day: next(today, 6), from: '09:00', to: '13:00', weeks: 0, note: null },
  ];
  for (const p of periods) {
    await createPeriod(
      database,
      owner,
      availabilityCreateSchema.parse({
        userId: p.userId,
        startDateTime: `${p.day}T${p.from}`,
        endDateTime: `${p.day}T${p.to}`,
        weeklyUntil: p.weeks ? addDays(p.day, 7 * p.weeks) : null,
        note: p.note,
      }),
    );
  }

  const rehearsals = await database.query<{ id: number; past: boolean }>(
    `select id, end_date_time < now() as past from calendar_events
     where organization_id = $1 and name = $2 and start_date_time < now() + interval '8 days'
     order by start_date_time`,
    [organizationId, REHEARSAL],
  );
  const coming = rehearsals.filter((r) => !r.past).slice(0, 2);
  const last = rehearsals.filter((r) => r.past).at(-1);
  const cast = ['sam', 'maya', 'leo', 'beatrice'] as const;
  // The first coming rehearsal: mixed answers; the second: only Sam has answered yet.
  const answers: Record<string, [string, string | null]>[] = [
    {
      sam: ['confirmed', null],
      maya: ['declined', 'Family dinner, sorry!'],
      leo: ['called', null],
      beatrice: ['confirmed', null],
    },
    {
      sam: ['confirmed', 'Might be 10 minutes late'],
      maya: ['called', null],
      leo: ['called', null],
      beatrice: ['called', null],
    },
  ];
  for (const [i, rehearsal] of coming.entries()) {
    for (const who of cast) {
      const [status, responseNote] = answers[i][who];
      await database.query(
        `insert into event_calls (organization_id, event_id, user_id, status, call_time, note, response_note,
           responded_at, called_by)
         values ($1, $2, $3, $4, '18:45', 'Act 2 run-through: bring your script and a pencil', $5,
           case when $4 = 'called' then null else now() end, $6)`,
        [organizationId, rehearsal.id, userIds[who], status, responseNote, userIds.tara],
      );
    }
  }
  if (last) {
    const marks: [string, string, string | null][] = [
      ['sam', 'present', null],
      ['maya', 'present', null],
      ['leo', 'late', 'Bus was late'],
      ['beatrice', 'excused', 'Board meeting ran over'],
      ['tara', 'present', null],
    ];
    for (const [who, status, note] of marks) {
      await database.query(
        `insert into attendance_records (organization_id, event_id, user_id, status, note, recorded_by)
         values ($1, $2, $3, $4, $5, $6)`,
        [organizationId, last.id, userIds[who], status, note, userIds.tara],
      );
    }
  }
};
