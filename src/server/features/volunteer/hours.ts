// The hours ledger: every active member's shifts starting in a range (a season), the hours of
// those they were present at (from the shift's times), their no-shows, and how far they fall
// short of the organization's target. Also as CSV rows. For coordinators: their routes say so.
import type { z } from 'zod';
import type { HoursLedger, hoursQuery } from '../../../common/schemas/volunteer';
import { displayName } from '../../../common/teams';
import { addDays, todayIn } from '../../../common/zoned-time';
import { type NameRow, nameColumns } from '../../db/columns';
import type { Database } from '../../db/client';
import { organizationTimeZone, resolveRange } from '../calendar';
import type { Caller } from '../scheduling';

/** Without a range: the past year up to today. */
const DEFAULT_DAYS = 365;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function hoursLedger(
  database: Database,
  access: Caller,
  query: z.output<typeof hoursQuery>,
): Promise<HoursLedger> {
  const { organizationId } = access;
  const timeZone = await organizationTimeZone(database, organizationId);
  const today = todayIn(timeZone);
  const { from, to } = resolveRange(
    {
      from: query.from ?? (query.to ? undefined : addDays(today, -DEFAULT_DAYS)),
      to: query.to ?? (query.from ? undefined : today),
    },
    timeZone,
  );
  const rows = await database.query<
    NameRow & {
      userId: number;
      shifts: number;
      hours: number;
      noShows: number;
      target: number | null;
    }
  >(
    `select u.id as "userId", ${nameColumns('u')},
       count(s.id)::int as shifts,
       coalesce(sum(extract(epoch from s.end_date_time - s.start_date_time) / 3600)
         filter (where v.check_in = 'present'), 0)::float8 as hours,
       count(s.id) filter (where v.check_in = 'no_show')::int as "noShows",
       o.volunteer_hours_target::float8 as target
     from user_organizations m
     join users u on u.id = m.user_id
     join organizations o on o.id = m.organization_id
     left join volunteer_signups v on v.organization_id = $1 and v.user_id = m.user_id
     left join volunteer_shifts s on s.id = v.shift_id and s.organization_id = $1
       and s.start_date_time >= $2 and s.start_date_time < $3
     where m.organization_id = $1 and m.status = 'active'
     group by u.id, o.volunteer_hours_target`,
    [organizationId, from, to],
  );
  const [org] = await database.query<{ target: number | null }>(
    'select volunteer_hours_target::float8 as target from organizations where id = $1',
    [organizationId],
  );
  const members = rows
    .map((r) => {
      const hours = round2(r.hours);
      return {
        userId: r.userId,
        name: displayName(r),
        shifts: r.shifts,
        hours,
        noShows: r.noShows,
        target: r.target,
        shortBy: r.target === null ? 0 : round2(Math.max(0, r.target - hours)),
      };
    })
    .sort((a, b) => b.shortBy - a.shortBy || a.name.localeCompare(b.name) || a.userId - b.userId);
  return { from: from.toISOString(), to: to.toISOString(), target: org?.target ?? null, members };
}

export function hoursRows(ledger: HoursLedger): unknown[][] {
  return [
    ['Member', 'Shifts', 'Hours', 'No-shows', 'Target', 'Short by'],
    ...ledger.members.map((m) => [m.name, m.shifts, m.hours, m.noShows, m.target ?? '', m.shortBy]),
  ];
}
