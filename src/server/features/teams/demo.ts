// Demo teams (SEED_DEMO): a cast, a crew and a class with leads and members, a few links and a
// header image drawn here, so the Teams tab shows every kind of card from the first start.
import sharp from 'sharp';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';
import { storeImage } from '../files';

const TEAMS = [
  {
    name: 'Into the Woods Cast',
    handle: 'into-the-woods-cast',
    description:
      'The company of our spring musical. Rehearsals Tuesday and Thursday evenings on the Main Stage.',
    teamUrl: 'https://www.mtishows.com/into-the-woods',
    banner: ['#3b1f6b', '#6b46c1', '#10b981'],
    members: [
      ['tara', 'team_lead'],
      ['maya', 'member'],
      ['sam', 'member'],
      ['leo', 'member'],
      ['beatrice', 'member'],
    ],
    links: [
      ['https://www.youtube.com/@demotheater', 'Rehearsal highlights'],
      ['https://www.instagram.com/demotheater', null],
    ],
  },
  {
    name: 'Run Crew',
    handle: 'run-crew',
    description: 'Sets, props, lights and sound: the people who make every show run on time.',
    teamUrl: null,
    banner: null,
    members: [
      ['victor', 'team_lead'],
      ['leo', 'member'],
      ['sam', 'member'],
    ],
    links: [['https://www.example.org/crew-handbook', 'Crew handbook']],
  },
  {
    name: 'Youth Acting Class',
    handle: 'youth-acting-class',
    description: null,
    teamUrl: null,
    banner: null,
    members: [
      ['adam', 'team_lead'],
      ['sam', 'member'],
      ['leo', 'member'],
    ],
    links: [],
  },
] as const;

/** A soft curtain-and-spotlight banner at the header's 3.73 aspect, drawn without any font. */
function banner(colors: readonly string[]) {
  const [a, b, c] = colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="214">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <radialGradient id="s" cx="0.5" cy="0.2" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <rect width="800" height="214" fill="url(#g)"/><rect width="800" height="214" fill="url(#s)"/>
    <rect y="196" width="800" height="18" fill="${c}" opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const seedDemoTeams: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  for (const t of TEAMS) {
    let headerImage: string | null = null;
    if (t.banner) {
      headerImage = (
        await storeImage(database, await banner(t.banner), { organizationId, createdBy: userIds.adam })
      ).url;
    }
    const [team] = await database.query<{ id: number }>(
      `insert into teams (organization_id, name, handle, description, team_url, header_image)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [organizationId, t.name, t.handle, t.description, t.teamUrl, headerImage],
    );
    for (const [username, role] of t.members) {
      await database.query(
        'insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, $4)',
        [organizationId, team.id, userIds[username], role],
      );
    }
    for (const [url, label] of t.links) {
      await database.query(
        'insert into team_links (organization_id, team_id, url, label) values ($1, $2, $3, $4)',
        [organizationId, team.id, url, label],
      );
    }
  }
};
