// The world the access matrix (tests/security/access-matrix.test.ts) calls every route in: one
// organization with a person of every role and an object of every kind, a second organization
// whose owner tries the first one's ids, and a system user. Built fresh for each run.
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { unsubscribeUrl } from '../../src/server/features/notifications/unsubscribe';
import { type TestContext, randomAddress, uniqueId } from './app';
import { type BuiltOrg, type BuiltUser, buildOrg, buildUser, PASSWORD } from './factories';
import { buildTeam, multipart } from './teams';
import { buildPage } from './library';

/** Members of the organization under test; `team_lead_other` leads a team other than the one aimed at. */
export const MEMBER_ACTORS = [
  'standard_user',
  'team_lead',
  'team_lead_other',
  'volunteer_coordinator',
  'board',
  'admin',
  'owner',
] as const;
export const ACTORS = ['anonymous', ...MEMBER_ACTORS, 'system', 'other_org'] as const;
export type ActorName = (typeof ACTORS)[number];
export type MemberActor = (typeof MEMBER_ACTORS)[number];

/** A caller: the address it speaks to and the session it carries (none when anonymous). */
export interface Caller {
  host: string;
  address: string;
  cookie?: string;
  user?: BuiltUser;
}

export interface World {
  ctx: TestContext;
  org: BuiltOrg;
  other: BuiltOrg;
  people: Record<Exclude<ActorName, 'anonymous'>, BuiltUser>;
  callers: Record<ActorName, Caller>;
  /** A standard member the managers act on; its own name is in no caller. */
  member: BuiltUser;
  /** Led by `team_lead`; `standard_user` and `member` are in it. */
  team: { id: number; handle: string };
  /** Led by `team_lead_other`. */
  otherTeam: { id: number; handle: string };
  linkId: number;
  assetId: number;
  /** A stored image (the team's header), as /files/:id/:key serves it. */
  image: { id: number; key: string };
  /** Reserved by `member`: only owner and admin may edit it, only `member` may delete it. */
  eventId: number;
  page: { id: number; slug: string };
  feedToken: string;
  unsubscribe: string;
  outboxId: number;
}

/** A valid new event a month ahead, on a day of its own so no two calls clash over the stage. */
let eventDay = 0;
export function eventBody(reservedBy: number) {
  eventDay += 1;
  const day = new Date(Date.UTC(2031, 0, 1) + eventDay * 86_400_000).toISOString().slice(0, 10);
  return {
    name: `Matrix event ${eventDay}`,
    spaces: ['Office'],
    startDateTime: `${day}T18:00:00`,
    endDateTime: `${day}T19:00:00`,
    eventType: 'rehearsal',
    reservedBy,
  };
}

export const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** One request through the real app as this caller; the caller's session is left as it was. */
export function send(
  ctx: TestContext,
  caller: Caller,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    payload: body as string | undefined,
    remoteAddress: caller.address,
    headers: {
      host: caller.host,
      origin: `http://${caller.host}`,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...headers,
    },
  });
}

export async function signIn(ctx: TestContext, user: BuiltUser, host: string): Promise<Caller> {
  const caller: Caller = { host, address: randomAddress(), user };
  const res = await send(ctx, caller, 'POST', '/api/login', { username: user.username, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const set = res.headers['set-cookie'];
  caller.cookie = [set].flat()[0]?.split(';')[0];
  return caller;
}

/** A new person in the same place as `actor` (role, team, organization), signed in. */
export async function freshCaller(w: World, actor: ActorName): Promise<Caller> {
  const { ctx, org } = w;
  const db = ctx.database;
  if (actor === 'anonymous') return { host: org.host, address: randomAddress() };
  if (actor === 'system') return signIn(ctx, await buildUser(db, { isSystemUser: true }), 'localhost');
  if (actor === 'other_org') {
    return signIn(ctx, await buildUser(db, { org: w.other, role: 'owner' }), w.other.host);
  }
  const role = actor === 'team_lead_other' ? 'team_lead' : actor;
  const user = await buildUser(db, { org, role });
  const team = actor === 'team_lead' ? w.team : actor === 'team_lead_other' ? w.otherTeam : undefined;
  if (team) {
    await db.query(
      `insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'team_lead')`,
      [org.id, team.id, user.id],
    );
  }
  return signIn(ctx, user, org.host);
}

export async function buildAccessWorld(ctx: TestContext): Promise<World> {
  const db = ctx.database;
  const org = await buildOrg(db);
  const other = await buildOrg(db);
  const role = (r: 'owner' | 'admin' | 'board' | 'volunteer_coordinator' | 'team_lead' | 'standard_user') =>
    buildUser(db, { org, role: r, firstName: r });
  const people = {
    standard_user: await role('standard_user'),
    team_lead: await role('team_lead'),
    team_lead_other: await role('team_lead'),
    volunteer_coordinator: await role('volunteer_coordinator'),
    board: await role('board'),
    admin: await role('admin'),
    owner: await role('owner'),
    system: await buildUser(db, { isSystemUser: true }),
    other_org: await buildUser(db, { org: other, role: 'owner' }),
  };
  const member = await buildUser(db, { org, firstName: 'Target', lastName: 'Member' });
  const team = await buildTeam(ctx, org, {
    members: [
      { userId: people.team_lead.id, role: 'team_lead' },
      { userId: people.standard_user.id, role: 'member' },
      { userId: member.id, role: 'member' },
    ],
  });
  const otherTeam = await buildTeam(ctx, org, {
    members: [{ userId: people.team_lead_other.id, role: 'team_lead' }],
  });

  const hosts: Record<ActorName, string> = {
    anonymous: org.host,
    standard_user: org.host,
    team_lead: org.host,
    team_lead_other: org.host,
    volunteer_coordinator: org.host,
    board: org.host,
    admin: org.host,
    owner: org.host,
    system: 'localhost',
    other_org: other.host,
  };
  const callers = { anonymous: { host: org.host, address: randomAddress() } } as Record<ActorName, Caller>;
  for (const [name, user] of Object.entries(people)) {
    callers[name as ActorName] = await signIn(ctx, user, hosts[name as ActorName]);
  }

  const owner = callers.owner;
  const link = await send(ctx, owner, 'POST', `/api/teams/${team.id}/links`, {
    url: 'https://example.test/a',
  });
  const file = multipart('file', 'notes.txt', 'text/plain', Buffer.from('team notes'));
  const asset = await send(ctx, owner, 'POST', `/api/teams/${team.id}/assets`, file.body, file.headers);
  const image = multipart('headerImage', 'h.png', 'image/png', await png());
  const header = await send(
    ctx,
    owner,
    'POST',
    `/api/teams/${team.id}/header-image`,
    image.body,
    image.headers,
  );
  for (const res of [link, asset, header]) {
    if (res.statusCode >= 300) throw new Error(`world: ${res.statusCode} ${res.body}`);
  }
  const [, imageId, imageKey] = /\/files\/(\d+)\/([^/?]+)/.exec(header.json().headerImage) ?? [];

  const reserver = await signIn(ctx, member, org.host);
  const event = await send(
    ctx,
    reserver,
    'POST',
    `/api/organizations/${org.id}/calendar/events`,
    eventBody(member.id),
  );
  // The member's own feed: the callers create and revoke theirs, which would spoil this token.
  const feed = await send(ctx, reserver, 'POST', `/api/organizations/${org.id}/calendar/feed`);
  if (event.statusCode !== 201 || feed.statusCode !== 201)
    throw new Error(`world: ${event.body} ${feed.body}`);
  const page = await buildPage(ctx, org, people.owner.id, {
    title: `Matrix page ${uniqueId()}`,
    isPublic: true,
  });
  const unsubscribe = new URL(unsubscribeUrl('http://x', ctx.app.deps.sessionSecret, member.id)).search;
  const [outbox] = await db.query<{ id: number }>(
    `insert into mail_outbox (to_address, subject, text_body, sent_at)
     values ('someone@example.test', 'Matrix', 'Hello', now()) returning id`,
  );

  return {
    ctx,
    org,
    other,
    people,
    callers,
    member,
    team,
    otherTeam,
    linkId: link.json().id,
    assetId: asset.json().id,
    image: { id: Number(imageId), key: imageKey },
    eventId: event.json().event.id,
    page: { id: page.id, slug: page.slug },
    feedToken:
      new URL(feed.json().url).pathname
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '',
    unsubscribe,
    outboxId: outbox.id,
  };
}
