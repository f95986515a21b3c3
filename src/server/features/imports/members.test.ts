import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext, uniqueId } from '../../../../tests/support/app';
import { buildOrg, buildOrgWithRoles, buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { csvFile, upload } from '../../../../tests/support/imports';
import { buildTeam } from '../../../../tests/support/teams';
import { MEMBER_IMPORTS } from './member-import';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

const importUrl = (orgId: number, dry = false) =>
  `/api/organizations/${orgId}/users/import${dry ? '?dryRun=1' : ''}`;
const send = (agent: Agent, orgId: number, data: string | Buffer, dry = false) =>
  upload(agent, importUrl(orgId, dry), csvFile(data));

async function memberCount(orgId: number) {
  const [row] = await ctx.database.query<{ n: number }>(
    'select count(*)::int as n from user_organizations where organization_id = $1',
    [orgId],
  );
  return row.n;
}

const CANNOT_USE = 'Cannot be imported: this username or email cannot be used.';

const importAudits = (orgId: number) =>
  ctx.database.query<{ details: Record<string, unknown> }>(
    `select details from audit_log where organization_id = $1 and action = 'users.imported'`,
    [orgId],
  );

describe('POST /api/organizations/{orgId}/users/import', () => {
  it('previews, then creates active members with roles and teams, mails a 7-day set-password link, and they sign in', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const team = await buildTeam(ctx, org);
    const id = uniqueId();
    // A BOM, semicolons, quoted cells with the delimiter inside, and a missing username.
    const csv =
      '\uFEFFusername;email;firstName;lastName;role;organizationRoles;teams\r\n' +
      `ada_${id};ada_${id}@example.test;Ada;"Love;lace";admin;"Performer;Coach";${team.handle}\r\n` +
      `;grace_${id}@example.test;Grace;Hopper;;;\r\n`;
    const before = await memberCount(org.id);

    const preview = await send(agents.owner, org.id, csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 2, skipped: 0, errors: 0 });
    expect(await memberCount(org.id)).toBe(before);

    const res = await send(agents.admin, org.id, csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: false, created: 2, skipped: 0, errors: 0 });
    expect(body.rows).toEqual([
      { line: 2, status: 'create', username: `ada_${id}`, message: null, userId: expect.any(Number) },
      { line: 3, status: 'create', username: `grace_${id}`, message: null, userId: expect.any(Number) },
    ]);
    expect(await memberCount(org.id)).toBe(before + 2);

    const [ada] = await ctx.database.query<Record<string, unknown>>(
      `select u.last_name, m.role, m.status, m.organization_roles,
              (select count(*)::int from team_members t where t.user_id = u.id and t.team_id = $2) as in_team,
              u.reset_token_expiry > now() + interval '6 days' as week_long
         from users u join user_organizations m on m.user_id = u.id and m.organization_id = $1
        where u.id = $3`,
      [org.id, team.id, body.rows[0].userId],
    );
    expect(ada).toMatchObject({
      last_name: 'Love;lace',
      role: 'admin',
      status: 'active',
      organization_roles: ['Performer', 'Coach'],
      in_team: 1,
      week_long: true,
    });
    const [grace] = await ctx.database.query<{ role: string }>(
      'select role from user_organizations where user_id = $1',
      [body.rows[1].userId],
    );
    expect(grace.role).toBe('standard_user');
    expect((await importAudits(org.id)).map((a) => a.details)).toEqual([
      expect.objectContaining({ created: 2, skipped: 0, usernames: [`ada_${id}`, `grace_${id}`] }),
    ]);

    // The mail holds a link to the organization's own address; it sets the password, then sign-in works.
    const mail = ctx.mail.filter((m) => m.to === `grace_${id}@example.test`).at(-1)!;
    expect(mail.text).toContain('expires in 7 days');
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)![1];
    expect(new URL(link).host).toBe(`${org.shortname}.localhost:5000`);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const password = 'First-time-pass9';
    const guest = new Agent(ctx.app, org.host);
    expect((await guest.post('/api/login', { username: `grace_${id}`, password })).statusCode).toBe(401);
    const reset = await guest.post('/api/reset-password', { token, password, confirmPassword: password });
    expect(reset.statusCode).toBe(200);
    const login = await guest.post('/api/login', { username: `grace_${id}`, password });
    expect(login.statusCode).toBe(200);
    expect(res.body).not.toContain(token);
  });

  it("reports every kind of row error in the spec's words and creates nothing", async () => {
    const { org, agents, people } = await buildOrgWithRoles(ctx);
    const outsider = await buildUser(ctx.database, { org: await buildOrg(ctx.database) });
    const id = uniqueId();
    const csv = [
      'Username,Email,First Name,Last Name,Role,Organization Roles,Teams',
      `ok_${id},ok_${id}@example.test,Ok,Row,,,`,
      `bad_${id},not-an-email,,,,,`,
      `ab,ab_${id}@example.test,,,,,`,
      `role_${id},role_${id}@example.test,,,wizard,,`,
      `own_${id},own_${id}@example.test,,,owner,,`,
      `team_${id},team_${id}@example.test,,,,,no-such-team`,
      `orgrole_${id},orgrole_${id}@example.test,,,,Juggler,`,
      `${people.board.username},${people.board.email},,,,,`,
      `else_${id},${outsider.email},,,,,`,
      `dup_${id},ok_${id}@example.test,,,,,`,
      `${'x'.repeat(51)},long_${id}@example.test,,,,,`,
      `${outsider.username},taken_${id}@example.test,,,,,`,
      `${people.admin.username},${outsider.email},,,,,`,
      `OK_${id},twice_${id}@example.test,,,,,`,
    ].join('\n');
    const before = await memberCount(org.id);
    const res = await send(agents.owner, org.id, csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 0, skipped: 2, errors: 11 });
    expect(
      body.rows.map((r: { line: number; status: string; message: string }) => [r.line, r.status, r.message]),
    ).toEqual([
      [2, 'create', 'Not imported: fix the errors in this file first'],
      [3, 'error', 'Invalid email address'],
      [4, 'error', 'Username must be at least 3 characters'],
      [5, 'error', 'This role cannot be assigned'],
      [6, 'error', 'This role cannot be assigned'],
      [7, 'error', 'Unknown team "no-such-team"'],
      [8, 'error', 'Unknown organization role "Juggler": choose organization roles from the list'],
      [9, 'skip', 'Already a member'],
      // An account outside this organization is neither confirmed nor told apart (e-mail or username).
      [10, 'error', CANNOT_USE],
      [11, 'error', 'This email is already on line 2'],
      [12, 'error', 'Username must be at most 50 characters'],
      [13, 'error', CANNOT_USE],
      // This organization's own member may be named.
      [14, 'skip', 'Already a member'],
      [15, 'error', 'This username appears twice in this file, lines 2 and 15'],
    ]);
    expect(res.body).not.toContain('already exists');
    expect(await memberCount(org.id)).toBe(before);
    expect(await importAudits(org.id)).toEqual([]);
  });

  it('stores hostile text inert and the export quotes formulas; export → import gives the same members back', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const id = uniqueId();
    const csv = [
      'email,firstName,lastName,role',
      `"one_${id}@example.test","<script>alert(1)</script>","=HYPERLINK(""http://x"")",Board`,
      `"two_${id}@example.test","@SUM(A1)","+1",Team Lead`,
    ].join('\r\n');
    expect((await send(agents.owner, org.id, csv)).json()).toMatchObject({ created: 2, errors: 0 });
    const [one] = await ctx.database.query<{ first_name: string; last_name: string }>(
      'select first_name, last_name from users where email = $1',
      [`one_${id}@example.test`],
    );
    expect(one).toEqual({ first_name: '<script>alert(1)</script>', last_name: '=HYPERLINK("http://x")' });

    const exported = (await agents.owner.get(`/api/organizations/${org.id}/users.csv`)).body;
    expect(exported).toContain(`"'=HYPERLINK(""http://x"")"`);
    const people = async () =>
      ctx.database.query(
        `select u.username, u.email, u.first_name, u.last_name, m.role from users u
           join user_organizations m on m.user_id = u.id and m.organization_id = $1 where m.role <> 'owner'
          order by u.username`,
        [org.id],
      );
    const original = await people();
    // Everyone already there: the whole export is skipped.
    const again = (await send(agents.owner, org.id, exported, true)).json();
    expect(again).toMatchObject({ created: 0, errors: 0, skipped: original.length + 1 });

    // Remove the non-owners and import the export: the same people come back, character for character.
    for (const p of original) {
      await ctx.database.query('delete from users where username = $1', [
        (p as { username: string }).username,
      ]);
    }
    const back = (await send(agents.owner, org.id, exported)).json();
    expect(back).toMatchObject({ created: original.length, errors: 0, skipped: 1 });
    expect(await people()).toEqual(original);
  });

  it('refuses unreadable files whole, with a clear message', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const cases: [string | Buffer, number, string][] = [
      [
        'email\n"unclosed@example.test\n',
        400,
        'The file could not be read at line 2: a quoted field is never closed.',
      ],
      [
        Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x41]),
        400,
        'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.',
      ],
      [
        'colour,size\nred,9\n',
        400,
        'The header must name at least one of username, email, firstName, lastName, role, organizationRoles, teams',
      ],
      ['email\n', 400, 'The file has a header but no rows'],
      ['', 400, 'The file is empty'],
      [`email\n${'a@example.test\n'.repeat(5001)}`, 400, 'A file can hold at most 5,000 rows'],
      [`email\n${'x'.repeat(2 * 1024 * 1024)}\n`, 413, 'File too large'],
    ];
    for (const [data, status, message] of cases) {
      const res = await send(agents.owner, org.id, data);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const noFile = await agents.owner.post(importUrl(org.id), {});
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, 'Please choose a CSV file']);
    const badQuery = await upload(agents.owner, `${importUrl(org.id)}?dryRun=maybe`, csvFile('email\n'));
    expect([badQuery.statusCode, badQuery.json().message]).toEqual([400, 'dryRun must be 1 or 0']);
  });

  it('answers 429 with Retry-After once one organization has previewed too often, for every admin of it', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const csv = `email\nprobe_${uniqueId()}@example.test\n`;
    for (let i = 0; i < MEMBER_IMPORTS.limit; i++) {
      expect((await send(agents.owner, org.id, csv, true)).statusCode).toBe(200);
    }
    const res = await send(agents.owner, org.id, csv, true);
    expect([res.statusCode, res.json()]).toEqual([
      429,
      { message: 'Too many attempts. Please try again later.' },
    ]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const before = await memberCount(org.id);
    expect((await send(agents.admin, org.id, csv)).statusCode).toBe(429);
    expect(await memberCount(org.id)).toBe(before);

    // Another organization has its own allowance.
    const fresh = await buildOrgWithRoles(ctx);
    expect((await send(fresh.agents.owner, fresh.org.id, csv, true)).statusCode).toBe(200);
  });

  it('counts previews per person across organizations', async () => {
    const { agent } = await buildSystemUser(ctx);
    const [first, second] = [await buildOrg(ctx.database), await buildOrg(ctx.database)];
    const csv = `email\nprobe_${uniqueId()}@example.test\n`;
    for (let i = 0; i < MEMBER_IMPORTS.limit; i++) {
      expect((await send(agent, first.id, csv, true)).statusCode).toBe(200);
    }
    expect((await send(agent, second.id, csv, true)).statusCode).toBe(429);
  });

  it('is for owners, admins and system users only: 401, 403, 404, and refusals change nothing', async () => {
    const { org, agents } = await buildOrgWithRoles(ctx);
    const other = await buildOrg(ctx.database);
    const csv = `email\nnew_${uniqueId()}@example.test\n`;
    const before = await memberCount(org.id);
    expect((await send(new Agent(ctx.app, org.host), org.id, csv)).statusCode).toBe(401);
    for (const role of ['board', 'volunteer_coordinator', 'team_lead', 'standard_user'] as const) {
      const res = await send(agents[role], org.id, csv);
      expect([res.statusCode, res.json().message]).toEqual([403, 'You do not have permission to do that']);
    }
    expect((await send(agents.owner, other.id, csv)).statusCode).toBe(404);
    expect(await memberCount(org.id)).toBe(before);

    const { agent } = await buildSystemUser(ctx);
    const res = await send(agent, org.id, csv);
    expect(res.json()).toMatchObject({ created: 1 });
  });
});
