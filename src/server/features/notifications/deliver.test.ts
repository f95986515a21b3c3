// Many notices are recorded at once: each member's preferences route their own notice, a key
// recorded before is not recorded again, and the number of statements does not grow with the
// number of members (an announcement to a whole school is one insert).
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestContext } from '../../../../tests/support/app';
import { type BuiltOrg, buildOrg, buildUser } from '../../../../tests/support/factories';
import type { NotificationPreferences } from '../../../common/schemas/notifications';
import type { Runner } from '../calendar';
import { deliverAll, type Notice } from './deliver';
import { inTransaction } from './scans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

async function member(org: BuiltOrg, prefs: Partial<NotificationPreferences> = {}) {
  const user = await buildUser(ctx.database, { org });
  await ctx.database.query('update users set notification_settings = $2::jsonb where id = $1', [
    user.id,
    JSON.stringify(prefs),
  ]);
  return user.id;
}

const notice = (organizationId: number, userId: number, key: string, over: Partial<Notice> = {}): Notice => ({
  organizationId,
  userId,
  kind: 'announcement',
  key,
  title: `Title ${key}`,
  body: 'Body',
  link: '/dashboard',
  ...over,
});

/** deliverAll in a transaction, counting the statements it sends. */
async function deliverCounted(notices: Notice[], now = new Date()) {
  let statements = 0;
  const pushed = await inTransaction(ctx.database, (q) => {
    const counted: Runner = {
      query: (text, params) => {
        statements++;
        return q.query(text, params);
      },
    };
    return deliverAll(counted, notices, now);
  });
  return { pushed, statements };
}

describe('recording many notices at once', () => {
  it("routes each by its member's preferences, in the notices' order", async () => {
    const org = await buildOrg(ctx.database);
    const other = await buildOrg(ctx.database);
    const inAppOnly = await member(org, { emailNotifications: false });
    const immediate = await member(org, { digestFrequency: 'immediate', pushNotifications: false });
    const gatedOff = await member(org, { productionAnnouncements: false });
    const elsewhere = await member(other);
    const run = `k${Date.now()}`;
    const notices = [
      notice(org.id, inAppOnly, `${run}:a`),
      notice(org.id, immediate, `${run}:b`),
      notice(org.id, gatedOff, `${run}:c`, { gate: 'productionAnnouncements' }),
      notice(other.id, elsewhere, `${run}:a`),
    ];
    const { pushed } = await deliverCounted(notices);

    expect(pushed.map((p) => p && [p.organizationId, p.userId, p.item.title])).toEqual([
      [org.id, inAppOnly, `Title ${run}:a`],
      null, // mailed, not shown in the app
      null, // its preference is off
      [other.id, elsewhere, `Title ${run}:a`],
    ]);
    const rows = await ctx.database.query<{ userId: number; inApp: boolean; digest: boolean }>(
      `select user_id as "userId", in_app as "inApp", digest_pending as digest from member_notifications
       where unique_key like $1 order by organization_id, unique_key`,
      [`${run}:%`],
    );
    expect(rows).toEqual([
      { userId: inAppOnly, inApp: true, digest: false },
      { userId: immediate, inApp: false, digest: false },
      { userId: elsewhere, inApp: true, digest: true },
    ]);
    const mails = await ctx.database.query<{ key: string }>(
      `select unique_key as key from jobs where unique_key like $1`,
      [`mail:${run}:%`],
    );
    expect(mails.map((m) => m.key)).toEqual([`mail:${run}:b`]);
  });

  it('records a key once, and sends three statements however many members there are', async () => {
    const org = await buildOrg(ctx.database);
    const members = [];
    for (let i = 0; i < 30; i++) members.push(await member(org, { digestFrequency: 'immediate' }));
    const run = `k${Date.now()}`;
    const first = await deliverCounted([notice(org.id, members[0], `${run}:0`)]);
    expect(first.statements).toBe(3);

    const all = await deliverCounted(members.map((id, i) => notice(org.id, id, `${run}:${i}`)));
    expect(all.statements).toBe(3);
    expect(all.pushed[0]).toBeNull(); // recorded by the first call
    expect(all.pushed.slice(1).every((p) => p !== null)).toBe(true);
    const [{ notices, mails }] = await ctx.database.query<{ notices: number; mails: number }>(
      `select (select count(*)::int from member_notifications where unique_key like $1) as notices,
         (select count(*)::int from jobs where unique_key like 'mail:' || $1) as mails`,
      [`${run}:%`],
    );
    expect({ notices, mails }).toEqual({ notices: 30, mails: 30 });
  });
});
