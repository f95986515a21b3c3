// The shared column lists read what their row types say, as statements on the real database
// return it, whatever alias the statement gives users.
import { beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '../../common/teams';
import { buildUser } from '../../../tests/support/factories';
import { getTestApp, type TestContext } from '../../../tests/support/app';
import {
  displayNameSql,
  type MemberRow,
  memberColumns,
  memberJson,
  type NameRow,
  nameColumns,
  nameJson,
  type ProfileRow,
  profileColumns,
} from './columns';

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await getTestApp();
  ({ id: userId } = await buildUser(ctx.database, { firstName: 'Ada', lastName: 'Lovelace' }));
});

describe('user column lists', () => {
  it('spell each key as its column, under the alias given', () => {
    expect(nameColumns('u')).toBe('u.username, u.first_name as "firstName", u.last_name as "lastName"');
    expect(memberJson('p')).toBe(
      "'username', p.username, 'firstName', p.first_name, 'lastName', p.last_name, 'profilePicture', p.profile_picture",
    );
  });

  it('select rows with exactly the keys of their types', async () => {
    const { database } = ctx;
    const [name] = await database.query<NameRow>(`select ${nameColumns('x')} from users x where x.id = $1`, [
      userId,
    ]);
    expect(name).toEqual({ username: expect.any(String), firstName: 'Ada', lastName: 'Lovelace' });
    const [member] = await database.query<MemberRow>(
      `select ${memberColumns('u')} from users u where u.id = $1`,
      [userId],
    );
    expect(member).toEqual({ ...name, profilePicture: null });
    const [profile] = await database.query<ProfileRow>(
      `select ${profileColumns('u')} from users u where u.id = $1`,
      [userId],
    );
    expect(profile).toEqual({ ...member, email: expect.stringContaining('@'), bio: null });
    const [json] = await database.query<{ a: NameRow; b: MemberRow }>(
      `select json_build_object(${nameJson('u')}) as a, json_build_object(${memberJson('u')}) as b
       from users u where u.id = $1`,
      [userId],
    );
    expect(json).toEqual({ a: name, b: member });
  });

  it('names a person in SQL as displayName does', async () => {
    const cases: [string | null, string | null][] = [
      ['Ada', 'Lovelace'],
      ['Ada', null],
      [null, 'Lovelace'],
      ['  ', ''],
      [null, null],
    ];
    for (const [firstName, lastName] of cases) {
      const [row] = await ctx.database.query<{ name: string }>(
        `select ${displayNameSql('p')} as name
         from (select $1::text as first_name, $2::text as last_name, 'ada_l' as username) p`,
        [firstName, lastName],
      );
      expect(row.name).toBe(displayName({ firstName, lastName, username: 'ada_l' }));
    }
  });
});
