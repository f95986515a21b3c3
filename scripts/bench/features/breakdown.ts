// A team's breakdown and "what can we rehearse?": a 40-person cast (one character each), 30
// scenes of eight characters, and 200 availability periods (weekly and one-off) in the cast; its
// own organization, so other cases do not weigh on it.
import { addDays } from '../../../src/common/zoned-time';
import { type BenchContext, benchCases } from '../registry';
import { insertPeriods } from './scheduling';

const FIRST = '2031-02-24';

benchCases.push({
  name: 'breakdown (40 characters, 30 scenes)',
  organization: 'benchscenes',
  path: (ctx) => `/api/teams/${ctx.values.breakdownTeamId}/breakdown`,
  setup: seedBreakdown,
});
benchCases.push({
  name: 'rehearsable (40-person cast, 30 scenes, 200 periods)',
  organization: 'benchscenes',
  path: (ctx) =>
    `/api/teams/${ctx.values.breakdownTeamId}/rehearsable?start=2031-03-05T19:00&end=2031-03-05T22:00`,
  setup: (ctx) => (ctx.values.breakdownTeamId ? Promise.resolve() : seedBreakdown(ctx)),
});

async function seedBreakdown(ctx: BenchContext) {
  const { organizationId, memberIds } = await ctx.addOrganization('benchscenes', 40);
  const [team] = await ctx.database.query<{ id: number }>(
    `insert into teams (organization_id, name, handle) values ($1, 'Scenes cast', 'bench-scenes') returning id`,
    [organizationId],
  );
  ctx.values.breakdownTeamId = team.id;
  await ctx.database.query(
    `insert into team_members (organization_id, team_id, user_id) select $1, $2, m from unnest($3::int[]) as m`,
    [organizationId, team.id, memberIds],
  );
  const characters = await ctx.database.query<{ id: number }>(
    `insert into production_characters (organization_id, team_id, name, position)
     select $1, $2, 'Character ' || i, i from generate_series(0, 39) as i returning id`,
    [organizationId, team.id],
  );
  await ctx.database.query(
    `insert into production_character_cast (organization_id, character_id, user_id)
     select $1, c.id, ($3::int[])[c.n] from unnest($2::int[]) with ordinality as c(id, n)`,
    [organizationId, characters.map((c) => c.id), memberIds],
  );
  const scenes = await ctx.database.query<{ id: number }>(
    `insert into production_scenes (organization_id, team_id, name, act, pages, position)
     select $1, $2, 'Scene ' || i, case when i < 15 then '1' else '2' end, 8 + i % 24, i
     from generate_series(0, 29) as i returning id`,
    [organizationId, team.id],
  );
  await ctx.database.query(
    `insert into production_scene_characters (organization_id, scene_id, character_id)
     select $1, s.id, ($3::int[])[1 + (s.n * 3 + k) % 40]
     from unnest($2::int[]) with ordinality as s(id, n) cross join generate_series(0, 7) as k
     on conflict do nothing`,
    [organizationId, scenes.map((s) => s.id), characters.map((c) => c.id)],
  );
  const rows = Array.from({ length: 200 }, (_, i) => {
    const weekly = i % 2 === 0;
    const day = addDays(FIRST, (i * 3) % 28);
    const hour = 12 + (i % 10);
    const startWall = `${day}T${String(hour).padStart(2, '0')}:00`;
    const endWall = `${day}T${String(hour + 1).padStart(2, '0')}:30`;
    const weeklyUntil = weekly ? addDays(day, 7 * (2 + (i % 6))) : null;
    return { userId: memberIds[i % memberIds.length], startWall, endWall, weeklyUntil };
  });
  await insertPeriods(ctx, organizationId, rows);
  await ctx.database.query(
    'analyze production_characters, production_character_cast, production_scenes, production_scene_characters, availability_periods',
  );
}
