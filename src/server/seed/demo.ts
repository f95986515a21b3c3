// SEED_DEMO: an approved organization `demo` with people in every permission level, seeded only
// into an empty database. Later features add their own demo data through `demoSeeders`.
import type { Database } from '../db/client';
import { hashPassword } from '../features/auth/passwords';
import { seedDemoBreakdown } from '../features/breakdown/demo';
import { seedDemoCalendar } from '../features/calendar/demo';
import { seedDemoScheduling } from '../features/scheduling/demo';
import { seedDemoTeams } from '../features/teams/demo';
import type { DemoSeeder } from './seeder';
import { seedDemoVolunteering } from '../features/volunteer/demo';
import { seedDemoLibrary } from '../features/library/demo';

export const DEMO_PASSWORD = 'Greenroom-demo-2026';

export const DEMO_PEOPLE = [
  { username: 'olivia', first: 'Olivia', last: 'Owens', role: 'owner', roles: ['Administration'] },
  {
    username: 'adam',
    first: 'Adam',
    last: 'Alvarez',
    role: 'admin',
    roles: ['Administration', 'Instructor'],
  },
  { username: 'beatrice', first: 'Beatrice', last: 'Barnes', role: 'board', roles: ['Board'] },
  { username: 'victor', first: 'Victor', last: 'Vance', role: 'volunteer_coordinator', roles: ['Coach'] },
  {
    username: 'tara',
    first: 'Tara',
    last: 'Thompson',
    role: 'team_lead',
    roles: ['Instructor', 'Performer'],
  },
  { username: 'sam', first: 'Sam', last: 'Singh', role: 'standard_user', roles: ['Student', 'Performer'] },
  { username: 'maya', first: 'Maya', last: 'Moreno', role: 'standard_user', roles: ['Performer'] },
  { username: 'leo', first: 'Leo', last: 'Lindqvist', role: 'standard_user', roles: ['Student'] },
] as const;

export const demoSeeders: DemoSeeder[] = [];
// Teams first: later seeders (the calendar's shows) may put their events in these teams.
demoSeeders.push(seedDemoTeams);
demoSeeders.push(seedDemoCalendar);
demoSeeders.push(seedDemoScheduling);
// The breakdown names the coming rehearsals' scenes, so it follows the calendar.
demoSeeders.push(seedDemoBreakdown);
demoSeeders.push(seedDemoLibrary);
demoSeeders.push(seedDemoVolunteering);

export async function seedDemo(database: Database): Promise<boolean> {
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from organizations');
  if (n > 0) return false;
  const password = await hashPassword(DEMO_PASSWORD);
  const [org] = await database.query<{ id: number }>(
    `insert into organizations (name, shortname, description, contact_email, approval_status, approved_at,
       enable_public_registration, require_admin_approval)
     values ('Demo Community Theater', 'demo', 'A community theater putting on three shows a season.',
       'hello@demo.greenroom.local', 'approved', now(), true, true) returning id`,
  );
  const userIds: Record<string, number> = {};
  for (const p of DEMO_PEOPLE) {
    const [user] = await database.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name, roles)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [p.username, `${p.username}@demo.greenroom.local`, password, p.first, p.last, p.roles],
    );
    userIds[p.username] = user.id;
    await database.query(
      `insert into user_organizations (user_id, organization_id, role, organization_roles, status, approved_at)
       values ($1, $2, $3, $4, 'active', now())`,
      [user.id, org.id, p.role, p.roles],
    );
  }
  for (const seed of demoSeeders) await seed(database, { organizationId: org.id, userIds });
  return true;
}
