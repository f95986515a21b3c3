// Calendar subscriptions (beyond the spec): the public calendar of an approved organization, and
// each member's own schedule at a secret, revocable address. Only a hash of the secret is kept for
// look-up; the secret itself is an HMAC of the row under the server's secret, so My Schedule can
// show the same address again without storing it.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { organizationOrigin } from '../../../../common/tenancy';
import type { Database } from '../../../db/client';
import { buildCalendar, type IcsEvent } from './ics';
import { isFollowingSql } from '../events/queries';
import { calendarTransaction, lockKey } from '../sql';

const DAY_MS = 86_400_000;
/** What a subscription carries: the recent past and the year ahead. */
export const FEED_BACK_DAYS = 31;
export const FEED_AHEAD_DAYS = 366;

interface TokenRow {
  id: number;
  userId: number;
  createdAt: Date;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const secretFor = (secret: string, row: TokenRow) =>
  createHmac('sha256', secret)
    .update(`calendar-feed:${row.id}:${row.userId}:${new Date(row.createdAt).getTime()}`)
    .digest('base64url');

export interface FeedLinks {
  active: boolean;
  url: string | null;
  webcalUrl: string | null;
  createdAt: string | null;
}

function links(
  publicUrl: string,
  shortname: string,
  token: string | null,
  createdAt: Date | null,
): FeedLinks {
  if (!token || !createdAt) return { active: false, url: null, webcalUrl: null, createdAt: null };
  const url = `${organizationOrigin(publicUrl, shortname)}/api/feeds/${token}.ics`;
  return {
    active: true,
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: new Date(createdAt).toISOString(),
  };
}

interface FeedContext {
  database: Database;
  secret: string;
  publicUrl: string;
  organizationId: number;
  shortname: string;
  userId: number;
}

export async function currentFeed(ctx: FeedContext): Promise<FeedLinks> {
  const [row] = await ctx.database.query<TokenRow>(
    `select id, user_id as "userId", created_at as "createdAt" from calendar_feed_tokens
     where organization_id = $1 and user_id = $2 and revoked_at is null order by id desc limit 1`,
    [ctx.organizationId, ctx.userId],
  );
  return links(ctx.publicUrl, ctx.shortname, row ? secretFor(ctx.secret, row) : null, row?.createdAt ?? null);
}

/** A new address; any earlier one stops working at once. */
export async function createFeed(ctx: FeedContext): Promise<FeedLinks> {
  const { token, createdAt } = await calendarTransaction(ctx.database, ctx.organizationId, [], async (q) => {
    await lockKey(q, `calendar-feed:${ctx.organizationId}:${ctx.userId}`);
    await q.query(
      `update calendar_feed_tokens set revoked_at = now()
       where organization_id = $1 and user_id = $2 and revoked_at is null`,
      [ctx.organizationId, ctx.userId],
    );
    // Millisecond precision, so the HMAC input read back later is exactly this one.
    const created = new Date();
    const [row] = await q.query<{ id: number }>(
      `insert into calendar_feed_tokens (organization_id, user_id, token_hash, created_at)
       values ($1, $2, $3, $4) returning id`,
      [ctx.organizationId, ctx.userId, `pending:${randomBytes(16).toString('hex')}`, created],
    );
    const secret = secretFor(ctx.secret, { id: row.id, userId: ctx.userId, createdAt: created });
    await q.query('update calendar_feed_tokens set token_hash = $2 where id = $1', [row.id, hash(secret)]);
    return { token: secret, createdAt: created };
  });
  return links(ctx.publicUrl, ctx.shortname, token, createdAt);
}

export async function revokeFeed(database: Database, organizationId: number, userId: number) {
  const rows = await database.query(
    `update calendar_feed_tokens set revoked_at = now()
     where organization_id = $1 and user_id = $2 and revoked_at is null returning id`,
    [organizationId, userId],
  );
  return { revokedCount: rows.length };
}

export interface FeedOwner {
  organizationId: number;
  userId: number;
  timeZone: string;
  organizationName: string;
  shortname: string;
}

/** The owner of a presented feed secret, while the member and the organization are in good standing. */
export async function feedOwner(database: Database, token: string): Promise<FeedOwner | null> {
  const [row] = await database.query<FeedOwner>(
    `select t.organization_id as "organizationId", t.user_id as "userId", o.timezone as "timeZone",
       o.name as "organizationName", o.shortname
     from calendar_feed_tokens t
     join organizations o on o.id = t.organization_id and o.approval_status = 'approved'
     join user_organizations m on m.organization_id = t.organization_id and m.user_id = t.user_id
       and m.status = 'active'
     where t.token_hash = $1 and t.revoked_at is null`,
    [hash(token)],
  );
  return row ?? null;
}

export function feedWindow(now = Date.now()) {
  return { from: new Date(now - FEED_BACK_DAYS * DAY_MS), to: new Date(now + FEED_AHEAD_DAYS * DAY_MS) };
}

/** Occurrences for a feed; with a user, only those the user follows. */
export async function feedEvents(
  database: Database,
  organizationId: number,
  window: { from: Date; to: Date },
  userId: number | null,
): Promise<IcsEvent[]> {
  // The public feed shows public events only; a member's own feed shows all they follow.
  const followed = userId === null ? 'and e.is_public' : `and ${isFollowingSql('$4')}`;
  const rows = await database.query<IcsEvent>(
    `select e.id, e.name, e.description, e.spaces, e.start_date_time as start, e.end_date_time as "end",
       e.event_type as "eventType", e.event_url as "eventUrl", e.created_at as "createdAt",
       e.updated_at as "updatedAt"
     from calendar_events e
     ${userId === null ? '' : 'left join calendar_event_followers f on f.event_id = e.id and f.user_id = $4 and f.organization_id = $1'}
     where e.organization_id = $1 and e.start_date_time < $3 and e.end_date_time > $2 ${followed}
     order by e.start_date_time, e.id`,
    userId === null
      ? [organizationId, window.from, window.to]
      : [organizationId, window.from, window.to, userId],
  );
  return rows.map((r) => ({
    ...r,
    start: new Date(r.start),
    end: new Date(r.end),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  }));
}

export function renderFeed(
  name: string,
  timeZone: string,
  uidDomain: string,
  events: IcsEvent[],
  description?: string,
): string {
  return buildCalendar({ name, description, timeZone, uidDomain, events, refreshMinutes: 60 });
}
