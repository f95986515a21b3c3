// The open-shifts list (the Volunteer page): a season of 40 show dates × 6 positions (240 shifts,
// 4 places each) in an organization of 200 members, about half the places held and a few offered
// for a swap; asked for the whole season with open=1, as the page does. Its own organization, so
// other cases do not weigh on it.
import { DEFAULT_POSITIONS } from '../../../src/common/volunteer';
import { type BenchContext, benchCases } from '../registry';

const DATES = 40;
const FIRST = Date.UTC(2031, 1, 6, 0, 30); // 19:30 in New York

async function seedVolunteering(ctx: BenchContext) {
  const org = await ctx.addOrganization('benchvol', 200);
  const { organizationId, ownerId, memberIds } = org;
  ctx.values.volunteerOrganizationId = organizationId;
  const positions = await ctx.database.query<{ id: number }>(
    `insert into volunteer_positions (organization_id, name, sort_order)
     select $1, name, ord from unnest($2::text[]) with ordinality as p(name, ord) returning id`,
    [organizationId, DEFAULT_POSITIONS],
  );
  // Thursday to Sunday evenings over ten weeks.
  const starts = Array.from(
    { length: DATES },
    (_, i) => new Date(FIRST + (Math.floor(i / 4) * 7 + (i % 4)) * 86_400_000),
  );
  await ctx.database.query(
    `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
     select $1, 'Season show', '{Main Stage}', s, s + interval '150 minutes', 'show', $2 from unnest($3::timestamptz[]) as s
`,
    [organizationId, ownerId, starts],
  );
  const shifts = await ctx.database.query<{ id: number }>(
    `insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time)
     select $1, e.id, p.id, 4, e.start_date_time - interval '1 hour', e.end_date_time
     from calendar_events e cross join unnest($2::int[]) as p(id)
     where e.organization_id = $1 returning id`,
    [organizationId, positions.map((p) => p.id)],
  );
  // Two places of each shift held, by members taking turns; every tenth shift has one of them
  // offered for a swap.
  const holders = shifts.flatMap((s, i) =>
    [0, 1].map((k) => [s.id, memberIds[(i * 2 + k) % memberIds.length], i % 10 === 0 && k === 0] as const),
  );
  await ctx.database.query(
    `insert into volunteer_signups (organization_id, shift_id, user_id, offered_at)
     select $1, s, u, case when o then now() end from unnest($2::int[], $3::int[], $4::boolean[]) as t(s, u, o)`,
    [organizationId, holders.map((h) => h[0]), holders.map((h) => h[1]), holders.map((h) => h[2])],
  );
}

benchCases.push({
  name: 'open shifts (40 dates × 6 positions, 200 members)',
  organization: 'benchvol',
  path: (ctx) =>
    `/api/organizations/${ctx.values.volunteerOrganizationId}/shifts?from=2031-02-01&to=2031-04-30&open=1`,
  setup: seedVolunteering,
});
