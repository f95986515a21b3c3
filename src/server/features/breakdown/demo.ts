// Demo breakdown (SEED_DEMO): the Into the Woods cast gets its characters, cast with the demo
// people, and a dozen scenes over two acts; the coming rehearsals name the scenes they work, and
// the last one has a published report with open notes for three departments. Written as it would
// stand after the fact (no mail at seed time).
import { DEFAULT_DEPARTMENTS } from '../../../common/schemas/breakdown';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';

const CHARACTERS: [name: string, cast: string[]][] = [
  ['Narrator', ['tara']],
  ['Baker', ['sam']],
  ["Baker's Wife", ['maya']],
  ['Witch', ['tara']],
  ['Jack', ['leo']],
  ['Little Red Ridinghood', ['beatrice']],
  ['Cinderella', ['maya', 'beatrice']],
  ['Wolf', ['sam']],
];

// [name, act, pages in eighths, characters]
const SCENES: [string, string, number, string[]][] = [
  [
    'Prologue: Into the Woods',
    '1',
    92,
    ['Narrator', 'Baker', "Baker's Wife", 'Witch', 'Jack', 'Cinderella', 'Little Red Ridinghood'],
  ],
  ["1.2 The Baker's House", '1', 20, ['Baker', "Baker's Wife", 'Witch']],
  ['1.3 Hello, Little Girl', '1', 26, ['Wolf', 'Little Red Ridinghood']],
  ['1.4 Giants in the Sky', '1', 18, ['Jack', 'Narrator']],
  ['1.5 Agony and the Festival', '1', 30, ['Cinderella', 'Narrator']],
  ['1.6 It Takes Two', '1', 22, ['Baker', "Baker's Wife"]],
  [
    '1.7 Ever After',
    '1',
    16,
    ['Narrator', 'Baker', "Baker's Wife", 'Witch', 'Jack', 'Cinderella', 'Little Red Ridinghood'],
  ],
  ['2.1 So Happy', '2', 36, ['Narrator', 'Baker', "Baker's Wife", 'Jack', 'Cinderella']],
  ['2.2 Lament', '2', 12, ['Witch']],
  ['2.3 Moments in the Woods', '2', 20, ["Baker's Wife"]],
  ['2.4 Your Fault', '2', 24, ['Baker', 'Witch', 'Jack', 'Little Red Ridinghood']],
  ['2.5 No One Is Alone', '2', 28, ['Cinderella', 'Little Red Ridinghood', 'Baker', 'Jack']],
];

// The coming rehearsals, in order, and the scenes each works.
const PLAN = [
  ['1.3 Hello, Little Girl', '1.4 Giants in the Sky', '1.5 Agony and the Festival'],
  ["1.2 The Baker's House", '1.6 It Takes Two', '2.3 Moments in the Woods'],
  ['2.2 Lament', '2.4 Your Fault', '2.5 No One Is Alone'],
];

export const seedDemoBreakdown: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  const [team] = await database.query<{ id: number }>(
    `select id from teams where organization_id = $1 and handle = 'into-the-woods-cast'`,
    [organizationId],
  );
  if (!team) return;
  const characterIds = new Map<string, number>();
  for (const [position, [name, cast]] of CHARACTERS.entries()) {
    const [row] = await database.query<{ id: number }>(
      `insert into production_characters (organization_id, team_id, name, position) values ($1, $2, $3, $4) returning id`,
      [organizationId, team.id, name, position],
    );
    characterIds.set(name, row.id);
    await database.query(
      `insert into production_character_cast (organization_id, character_id, user_id)
       select $1, $2, unnest($3::int[])`,
      [organizationId, row.id, cast.map((u) => userIds[u])],
    );
  }
  const sceneIds = new Map<string, number>();
  for (const [position, [name, act, pages, characters]] of SCENES.entries()) {
    const [row] = await database.query<{ id: number }>(
      `insert into production_scenes (organization_id, team_id, name, act, pages, position)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [organizationId, team.id, name, act, pages, position],
    );
    sceneIds.set(name, row.id);
    await database.query(
      `insert into production_scene_characters (organization_id, scene_id, character_id)
       select $1, $2, unnest($3::int[])`,
      [organizationId, row.id, characters.map((c) => characterIds.get(c))],
    );
  }

  const rehearsals = await database.query<{ id: number; past: boolean }>(
    `select e.id, e.end_date_time < now() as past from calendar_events e
     join calendar_event_teams et on et.event_id = e.id and et.team_id = $2
     where e.organization_id = $1 and e.event_type = 'rehearsal'
       and e.start_date_time between now() - interval '8 days' and now() + interval '22 days'
     order by e.start_date_time`,
    [organizationId, team.id],
  );
  for (const [i, rehearsal] of rehearsals
    .filter((r) => !r.past)
    .slice(0, PLAN.length)
    .entries())
    await database.query(
      `insert into calendar_event_scenes (organization_id, event_id, scene_id) select $1, $2, unnest($3::int[])`,
      [organizationId, rehearsal.id, PLAN[i].map((s) => sceneIds.get(s))],
    );

  // The departments, with who receives each report's notes.
  const recipients: Record<string, string[]> = {
    Direction: ['adam'],
    Costumes: ['beatrice'],
    Props: ['victor'],
    'Stage Management': ['tara'],
  };
  for (const [position, name] of DEFAULT_DEPARTMENTS.entries())
    await database.query(
      `insert into report_departments (organization_id, name, position, recipient_ids) values ($1, $2, $3, $4::int[])`,
      [organizationId, name, position, (recipients[name] ?? []).map((u) => userIds[u])],
    );

  const last = rehearsals.filter((r) => r.past).at(-1);
  if (!last) return;
  await database.query(
    `insert into calendar_event_scenes (organization_id, event_id, scene_id) select $1, $2, unnest($3::int[])`,
    [organizationId, last.id, ['Prologue: Into the Woods', '1.7 Ever After'].map((s) => sceneIds.get(s))],
  );
  const [report] = await database.query<{ id: number }>(
    `insert into event_reports (organization_id, event_id, times, summary, published_at, published_by, updated_by)
     values ($1, $2, $3::jsonb, $4, now() - interval '5 days', $5, $5) returning id`,
    [
      organizationId,
      last.id,
      JSON.stringify({ start: '19:02', end: '21:55', breaks: [{ start: '20:25', end: '20:35' }] }),
      'Worked the Prologue twice with the new entrances, then a stumble-through of Ever After.',
      userIds.tara,
    ],
  );
  const notes: [string, string, string, boolean][] = [
    ['Props', "Jack's cow needs wheels: the Prologue cross is too slow", 'open', false],
    [
      'Costumes',
      "Cinderella's quick change before Ever After took 90 seconds; aim for 40",
      'acknowledged',
      false,
    ],
    ['Direction', 'Re-stage the Baker entrance in the Prologue so the Narrator is not masked', 'open', false],
    ['Stage Management', 'Rehearsal ran 10 minutes over: start warm-ups at 18:50', 'done', false],
  ];
  for (const [position, [department, text, status, confidential]] of notes.entries())
    await database.query(
      `insert into report_notes (organization_id, report_id, position, department, text, status, confidential)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [organizationId, report.id, position, department, text, status, confidential],
    );
};
