// The notification centre: every signed-in page reads it once (and again after each live notice).
// The owner holds 500 notices, 30 of them shown, half unread.
import { benchCases } from '../registry';

benchCases.push({
  name: 'notification centre (500 notices)',
  path: '/api/me/inbox',
  async setup(ctx) {
    await ctx.database.query(
      `insert into member_notifications
         (organization_id, user_id, kind, unique_key, title, body, link, in_app, digest_pending, read_at)
       select $1::int, $2::int, 'announcement', 'bench:' || $1::int || ':' || i, 'General Theater Announcement: Notice ' || i,
         'Rehearsal moved to the Annex, bring your script.', '/dashboard', true, false,
         case when i % 2 = 0 then now() end
       from generate_series(1, 500) as i`,
      [ctx.organizationId, ctx.ownerId],
    );
  },
});
