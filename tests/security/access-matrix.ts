// Who may call what: one entry per registered route (method + URL pattern), with the status every
// actor gets when calling it with real ids and a valid body. access-matrix.test.ts calls them all
// and fails on a registered route that has no entry here, so a new route must state its rights.
//
// To add a route: one object with `route` exactly as Fastify registered it, `expect` built from
// the helpers below, and `call` only when the defaults (ids of the world by parameter name, no
// body) are not a valid request. When a success would spoil the next actor's call (a delete, an
// archive), `call` builds a fresh object for each call.
import { randomBytes } from 'node:crypto';
import { uniqueId as baseId } from '../support/app';
import {
  type ActorName,
  eventBody,
  MEMBER_ACTORS,
  type MemberActor,
  png,
  send,
  type World,
} from '../support/access-world';
import { buildUser, PASSWORD } from '../support/factories';
import { formWithFile } from '../support/imports';
import { buildTeam, multipart } from '../support/teams';
import { buildPage } from '../support/library';
import { issueCallToken } from '../../src/server/features/scheduling/respond-token';

export type Expect = Record<ActorName, number>;

/**
 * In every name a call makes up (organizations, usernames, handles), so the suite can tell
 * whether a refused call created something outside the world's organizations.
 */
export const RUN_MARK = `mx${randomBytes(4).toString('hex')}`;
const uniqueId = () => `${RUN_MARK}${baseId()}`;
type OrgActor = MemberActor;

export interface Call {
  /** Path parameters by name; those not given come from defaultParams. */
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixEntry {
  /** 'METHOD /url/:pattern', as registered. */
  route: string;
  expect: Expect;
  call?: (w: World, actor: ActorName) => Call | Promise<Call>;
  /** Each call is made by a new person in the actor's place: the route ends or changes the session. */
  freshCaller?: boolean;
}

const MEMBERS: readonly OrgActor[] = MEMBER_ACTORS;
const MANAGERS: readonly OrgActor[] = ['admin', 'owner'];
/** Volunteering's coordinators (policy.manageVolunteers). */
const COORDINATORS: readonly OrgActor[] = ['volunteer_coordinator', ...MANAGERS];
/** Library writers (policy.editWiki): every member above standard_user. */
const LEADERS: readonly OrgActor[] = MEMBER_ACTORS.filter((a) => a !== 'standard_user');
/** Who reads the world team's breakdown: its members, its lead and the managers. */
const BREAKDOWN_READERS: readonly OrgActor[] = ['standard_user', 'team_lead', ...MANAGERS];

/** A deliberately public route: everyone gets the same answer. */
export function open(status: number, overrides: Partial<Expect> = {}): Expect {
  return { ...fill(status), ...overrides };
}

/** Any signed-in caller; anonymous 401. */
export function session(status: number, overrides: Partial<Expect> = {}): Expect {
  return { ...fill(status), anonymous: 401, ...overrides };
}

/**
 * A route of one organization: `allowed` members get `ok`, the other members 403, another
 * organization's member 404, anonymous 401; the system user `system` (default `ok`).
 */
export function org(
  ok: number,
  allowed: readonly OrgActor[] = MEMBERS,
  opts: { system?: number; denied?: number } = {},
): Expect {
  const expect = { ...fill(opts.denied ?? 403), anonymous: 401, other_org: 404, system: opts.system ?? ok };
  for (const actor of allowed) expect[actor] = ok;
  return expect;
}

export function systemOnly(ok: number): Expect {
  return { ...fill(403), anonymous: 401, system: ok };
}

function fill(status: number): Expect {
  return {
    anonymous: status,
    standard_user: status,
    team_lead: status,
    team_lead_other: status,
    volunteer_coordinator: status,
    board: status,
    admin: status,
    owner: status,
    system: status,
    other_org: status,
  };
}

/** Ids of the world by path parameter name. */
export function defaultParams(w: World): Record<string, string | number> {
  return {
    orgId: w.org.id,
    orgShortname: w.org.shortname,
    shortname: `free-${uniqueId()}`,
    teamId: w.team.id,
    teamHandle: w.team.handle,
    userId: w.member.id,
    username: w.member.username,
    linkId: w.linkId,
    assetId: w.assetId,
    eventId: w.eventId,
    pageId: w.page.id,
    slug: w.page.slug,
    version: 1,
    token: w.feedToken,
    table: 'teams',
  };
}

const fresh = {
  team: async (w: World) => buildTeam(w.ctx, w.org),
  member: async (w: World, status: 'active' | 'disabled' | 'pending_approval' = 'active') =>
    buildUser(w.ctx.database, { org: w.org, status }),
  organization: async (w: World, status: 'pending' | 'approved') => {
    const [row] = await w.ctx.database.query<{ id: number }>(
      `insert into organizations (name, shortname, approval_status) values ($1, $2, $3) returning id`,
      [`Fresh ${uniqueId()}`, `fresh-${uniqueId()}`, status],
    );
    return row.id;
  },
  /** An event reserved by the caller (when a member of the organization), else by the member. */
  event: async (w: World, actor: ActorName) => {
    const reserver = MEMBERS.includes(actor as OrgActor) ? w.callers[actor] : w.callers.owner;
    const res = await send(
      w.ctx,
      reserver,
      'POST',
      `/api/organizations/${w.org.id}/calendar/events`,
      eventBody(reserver.user?.id ?? 0),
    );
    if (res.statusCode !== 201) throw new Error(`fresh event: ${res.statusCode} ${res.body}`);
    return res.json().event.id as number;
  },
  page: async (w: World) => buildPage(w.ctx, w.org, w.people.owner.id, { title: `Fresh page ${uniqueId()}` }),
  /** A page at version 2, so version 1 can be restored. */
  editedPage: async (w: World) => {
    const page = await fresh.page(w);
    const res = await send(
      w.ctx,
      w.callers.owner,
      'PATCH',
      `/api/organizations/${w.org.id}/wiki/${page.id}`,
      {
        content: 'Second words.',
        currentVersion: page.currentVersion,
      },
    );
    if (res.statusCode !== 200) throw new Error(`fresh page edit: ${res.statusCode} ${res.body}`);
    return page;
  },
};

const upload = (field: string, name: string, type: string, data: Buffer): Call => {
  const form = multipart(field, name, type, data);
  return { body: form.body, headers: form.headers };
};
const imageUpload = async (field: string): Promise<Call> => upload(field, 'i.png', 'image/png', await png());

const CSV = 'username,email,first_name,last_name,role\n';
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:matrix-1@example.test',
  'DTSTART:20300601T180000Z',
  'DTEND:20300601T190000Z',
  'SUMMARY:Imported',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

export const MATRIX: MatrixEntry[] = [
  // Health, the API's own description, session and sign-in: public by design.
  { route: 'GET /api/health', expect: open(200) },
  { route: 'GET /api/openapi.json', expect: open(200) },
  { route: 'GET /api/me', expect: session(200) },
  {
    route: 'POST /api/login',
    expect: open(200),
    call: async (w, actor) => {
      const home = actor === 'system' ? undefined : actor === 'other_org' ? w.other : w.org;
      const user = await buildUser(w.ctx.database, home ? { org: home } : { isSystemUser: true });
      return { body: { username: user.username, password: PASSWORD } };
    },
    freshCaller: true,
  },
  { route: 'POST /api/logout', expect: open(200), freshCaller: true },
  { route: 'POST /api/verify-email', expect: open(400), call: () => ({ body: { token: 'not-a-token' } }) },
  { route: 'GET /api/temp-login', expect: open(404) },
  {
    route: 'GET /api/organization-context',
    expect: open(200),
    call: (w) => ({ query: `org=${w.org.shortname}` }),
  },
  {
    route: 'GET /api/support-contact',
    expect: open(200),
    call: (w) => ({ query: `org=${w.org.shortname}` }),
  },
  { route: 'GET /api/check-shortname/:shortname', expect: open(200) },
  { route: 'GET /api/security-challenge', expect: open(200) },
  {
    route: 'POST /api/security-challenge/verify',
    expect: open(400),
    call: () => ({ body: { token: 'forged', answer: '4' } }),
  },
  {
    route: 'POST /api/register-organization',
    expect: open(400),
    call: () => {
      const id = uniqueId();
      return {
        body: {
          username: `founder_${id}`,
          email: `founder_${id}@example.test`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          organizationName: `New ${id}`,
          organizationShortname: `new-${id}`,
          agreeToTerms: true,
          challengeToken: 'forged',
          challengeAnswer: '4',
        },
      };
    },
  },
  {
    route: 'POST /api/register',
    expect: open(403),
    call: (w) => {
      const id = uniqueId();
      return {
        query: `org=${w.org.shortname}`,
        body: {
          username: `joiner_${id}`,
          email: `joiner_${id}@example.test`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          agreeToTerms: true,
        },
      };
    },
  },
  {
    route: 'POST /api/forgot-password',
    expect: open(200),
    call: async (w) => ({ body: { email: (await fresh.member(w)).email } }),
  },
  { route: 'GET /api/reset-password/validate', expect: open(200), call: () => ({ query: 'token=forged' }) },
  {
    route: 'POST /api/reset-password',
    expect: open(400),
    call: () => ({ body: { token: 'forged', password: 'New-horse-9!', confirmPassword: 'New-horse-9!' } }),
  },

  // The organization's own figures.
  { route: 'GET /api/organizations/:orgId/stats', expect: org(200) },

  { route: 'GET /api/legal/:kind', expect: open(200), call: () => ({ params: { kind: 'terms' } }) },

  // System administration: system users only.
  { route: 'GET /api/system/stats', expect: systemOnly(200) },
  { route: 'GET /api/system/legal', expect: systemOnly(200) },
  {
    route: 'PUT /api/system/legal',
    expect: systemOnly(200),
    call: () => ({ body: { terms: 'Be kind to the crew.', privacy: 'We keep your email address.' } }),
  },
  { route: 'GET /api/system/pending-organizations', expect: systemOnly(200) },
  { route: 'GET /api/system/organizations', expect: systemOnly(200) },
  {
    route: 'POST /api/system/organizations',
    expect: systemOnly(201),
    call: () => {
      const id = uniqueId();
      return {
        body: {
          organizationName: `Made ${id}`,
          organizationShortname: `made-${id}`,
          ownerUsername: `made_${id}`,
          ownerEmail: `made_${id}@example.test`,
        },
      };
    },
  },
  {
    route: 'POST /api/system/organizations/:id/approve',
    expect: systemOnly(200),
    call: async (w) => ({ params: { id: await fresh.organization(w, 'pending') } }),
  },
  {
    route: 'POST /api/system/organizations/:id/reject',
    expect: systemOnly(200),
    call: async (w) => ({
      params: { id: await fresh.organization(w, 'pending') },
      body: { rejectionReason: 'No' },
    }),
  },
  {
    route: 'POST /api/system/organizations/:id/suspend',
    expect: systemOnly(200),
    call: async (w) => ({
      params: { id: await fresh.organization(w, 'approved') },
      body: { reason: 'Paused' },
    }),
  },
  { route: 'GET /api/system/database/tables', expect: systemOnly(200) },
  { route: 'GET /api/system/database/table/:table', expect: systemOnly(200) },
  { route: 'GET /api/system/database/table/:table/export', expect: systemOnly(200) },
  { route: 'GET /api/system/database/schema/:table', expect: systemOnly(200) },
  {
    route: 'POST /api/system/database/table/:table',
    expect: systemOnly(201),
    call: (w) => ({ body: { organization_id: w.org.id, name: 'By manager', handle: `mgr-${uniqueId()}` } }),
  },
  {
    route: 'PATCH /api/system/database/table/:table/:id',
    expect: systemOnly(200),
    call: async (w) => ({ params: { id: (await fresh.team(w)).id }, body: { name: 'Renamed by manager' } }),
  },
  {
    route: 'DELETE /api/system/database/table/:table/:id',
    expect: systemOnly(200),
    call: async (w) => ({ params: { id: (await fresh.team(w)).id } }),
  },
  { route: 'GET /api/system/info', expect: systemOnly(200) },
  { route: 'GET /api/system/database-settings', expect: systemOnly(200) },
  { route: 'GET /api/system/support-settings', expect: systemOnly(200) },
  {
    route: 'PATCH /api/system/support-settings',
    expect: systemOnly(200),
    // The default (empty), so the matrix leaves the address as the other tests expect it.
    call: () => ({ body: { supportEmail: '' } }),
  },
  {
    route: 'PATCH /api/system/database-settings',
    expect: systemOnly(200),
    call: () => ({ body: DATABASE_SETTINGS }),
  },
  // Nothing listens on the named port, so the system user's answer is "could not connect" (422).
  {
    route: 'POST /api/system/test-connection',
    expect: systemOnly(422),
    call: () => ({ body: DATABASE_SETTINGS }),
  },
  { route: 'GET /api/system/analytics', expect: systemOnly(200) },
  { route: 'GET /api/system/outbox', expect: systemOnly(200) },
  {
    route: 'GET /api/system/outbox/:id',
    expect: systemOnly(200),
    call: (w) => ({ params: { id: w.outboxId } }),
  },
  {
    route: 'POST /api/system/outbox/:id/resend',
    expect: systemOnly(200),
    call: (w) => ({ params: { id: w.outboxId }, body: {} }),
  },

  // Stored images: public by their unguessable key.
  { route: 'GET /files/:id/:key', expect: open(200), call: (w) => ({ params: w.image }) },

  // Members administration: owner and admin.
  { route: 'GET /api/organizations/:orgId/users', expect: org(200, MANAGERS) },
  { route: 'GET /api/organizations/:orgId/users.csv', expect: org(200, MANAGERS) },
  {
    route: 'POST /api/organizations/:orgId/users',
    expect: org(201, MANAGERS),
    call: () => {
      const id = uniqueId();
      return {
        body: {
          username: `added_${id}`,
          email: `added_${id}@example.test`,
          password: PASSWORD,
          role: 'standard_user',
        },
      };
    },
  },
  {
    route: 'PATCH /api/organizations/:orgId/users/:userId/role',
    expect: org(200, MANAGERS),
    call: async (w) => ({ params: { userId: (await fresh.member(w)).id }, body: { role: 'board' } }),
  },
  {
    route: 'POST /api/organizations/:orgId/users/:userId/approve',
    expect: org(200, MANAGERS),
    call: async (w) => ({ params: { userId: (await fresh.member(w, 'pending_approval')).id } }),
  },
  {
    route: 'POST /api/organizations/:orgId/users/:userId/disable',
    expect: org(200, MANAGERS),
    call: async (w) => ({ params: { userId: (await fresh.member(w)).id }, body: { reason: 'Left' } }),
  },
  {
    route: 'POST /api/organizations/:orgId/users/:userId/enable',
    expect: org(200, MANAGERS),
    call: async (w) => ({ params: { userId: (await fresh.member(w, 'disabled')).id } }),
  },
  {
    route: 'DELETE /api/organizations/:orgId/users/:userId',
    expect: org(200, MANAGERS),
    call: async (w) => ({ params: { userId: (await fresh.member(w)).id } }),
  },

  // Organization settings and branding: owner and admin.
  { route: 'GET /api/organizations/:orgId/settings', expect: org(200, MANAGERS) },
  {
    route: 'PATCH /api/organizations/:orgId',
    expect: org(200, MANAGERS),
    call: () => ({ body: { description: 'Updated by the matrix' } }),
  },
  { route: 'GET /api/organizations/:orgId/branding', expect: org(200) },
  {
    route: 'PUT /api/organizations/:orgId/branding',
    expect: org(200, MANAGERS),
    call: () => ({ body: { primaryColor: '#224466' } }),
  },
  {
    route: 'POST /api/organizations/:orgId/upload-logo',
    expect: org(200, MANAGERS),
    call: () => imageUpload('logo'),
  },
  {
    route: 'POST /api/organizations/:orgId/upload-favicon',
    expect: org(200, MANAGERS),
    call: () => imageUpload('favicon'),
  },
  { route: 'GET /api/organizations/:orgId/custom.css', expect: org(200) },
  { route: 'GET /api/public/:orgShortname/custom.css', expect: open(200) },
  { route: 'GET /api/public/:orgShortname/branding', expect: open(200) },
  // The installable app's manifest and icons: by the address asked, the same for everyone there.
  { route: 'GET /manifest.webmanifest', expect: open(200) },
  { route: 'GET /app-icons/:name', expect: open(200), call: () => ({ params: { name: 'icon-192.png' } }) },
  { route: 'GET /api/organizations/:orgId/audit', expect: org(200, MANAGERS) },

  // Directory and member details.
  { route: 'GET /api/organizations/:orgId/directory', expect: org(200) },
  { route: 'GET /api/organizations/:orgId/directory/:username', expect: org(200) },
  { route: 'GET /api/users/:userId/details', expect: org(200, MANAGERS, { system: 404 }) },
  {
    route: 'PATCH /api/users/:userId/details',
    expect: org(200, MANAGERS, { system: 404 }),
    call: async (w) => ({
      params: { userId: (await fresh.member(w)).id },
      body: { permissionRole: 'board', organizationRoles: ['Performer'], isActive: true },
    }),
  },

  // Presence: a WebSocket for members; a plain GET without the upgrade is refused.
  { route: 'GET /ws', expect: org(404, MEMBERS, { system: 403 }) },

  // Teams.
  { route: 'GET /api/organizations/:orgId/teams', expect: org(200) },
  { route: 'GET /api/organizations/:orgId/teams/handle/:teamHandle', expect: org(200) },
  { route: 'GET /api/organizations/:orgId/teams/candidates', expect: org(200, MANAGERS) },
  {
    route: 'POST /api/organizations/:orgId/teams',
    expect: org(201, MANAGERS),
    call: () => ({ body: { name: 'New team', handle: `new-${uniqueId()}` } }),
  },
  {
    route: 'PATCH /api/teams/:teamId',
    expect: teamScoped(200),
    call: () => ({ body: { description: 'Edited by the matrix' } }),
  },
  {
    route: 'POST /api/teams/:teamId/archive',
    expect: teamScoped(200),
    call: async (w) => ({ params: { teamId: (await leadTeam(w)).id } }),
  },
  {
    // An archived team is hidden from those who cannot restore it: 404, not 403.
    route: 'POST /api/teams/:teamId/restore',
    expect: teamScoped(200, ['team_lead'], 404),
    call: async (w) => ({ params: { teamId: (await leadTeam(w, true)).id } }),
  },
  {
    route: 'DELETE /api/teams/:teamId',
    expect: teamScoped(200, []),
    call: async (w) => ({ params: { teamId: (await leadTeam(w)).id } }),
  },
  { route: 'GET /api/teams/:teamId/candidates', expect: teamScoped(200) },
  {
    route: 'POST /api/teams/:teamId/members',
    expect: teamScoped(201),
    call: async (w) => ({ body: { userId: (await fresh.member(w)).id, role: 'member' } }),
  },
  {
    route: 'PATCH /api/teams/:teamId/members/:userId',
    expect: teamScoped(200),
    call: () => ({ body: { role: 'member' } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/members/:userId',
    expect: teamScoped(200),
    call: async (w) => {
      const user = await fresh.member(w);
      await w.ctx.database.query(
        `insert into team_members (organization_id, team_id, user_id, role) values ($1, $2, $3, 'member')`,
        [w.org.id, w.team.id, user.id],
      );
      return { params: { userId: user.id } };
    },
  },
  {
    route: 'POST /api/teams/:teamId/links',
    expect: teamScoped(201),
    call: () => ({ body: { url: 'https://example.test/more', label: 'More' } }),
  },
  {
    route: 'DELETE /api/teams/:teamId/links/:linkId',
    expect: teamScoped(200),
    call: async (w) => {
      const res = await send(w.ctx, w.callers.owner, 'POST', `/api/teams/${w.team.id}/links`, {
        url: 'https://example.test/gone',
      });
      return { params: { linkId: res.json().id } };
    },
  },
  {
    route: 'POST /api/teams/:teamId/header-image',
    expect: teamScoped(200),
    call: () => imageUpload('headerImage'),
  },
  { route: 'DELETE /api/teams/:teamId/header-image', expect: teamScoped(200) },
  {
    route: 'POST /api/teams/:teamId/assets',
    expect: teamScoped(201),
    call: () => upload('file', 'more.txt', 'text/plain', Buffer.from('more notes')),
  },
  {
    route: 'DELETE /api/teams/:teamId/assets/:assetId',
    expect: teamScoped(200),
    call: async (w) => {
      const form = multipart('file', 'gone.txt', 'text/plain', Buffer.from('gone'));
      const res = await send(
        w.ctx,
        w.callers.owner,
        'POST',
        `/api/teams/${w.team.id}/assets`,
        form.body,
        form.headers,
      );
      return { params: { assetId: res.json().id } };
    },
  },
  { route: 'GET /api/teams/:teamId/assets/:assetId/download', expect: teamScoped(200, MEMBERS) },

  // Calendar.
  {
    route: 'GET /api/organizations/:orgId/calendar/events',
    expect: org(200),
    call: () => ({ query: 'from=2030-03-01&to=2030-03-31' }),
  },
  { route: 'GET /api/organizations/:orgId/calendar/options', expect: org(200) },
  { route: 'GET /api/organizations/:orgId/calendar/events/:eventId', expect: org(200) },
  {
    // The system user belongs to no organization and may not reserve for someone else.
    route: 'POST /api/organizations/:orgId/calendar/events',
    expect: org(201, MEMBERS, { system: 403 }),
    // Each member reserves for themself; the others name a member of the organization.
    call: (w, actor) => ({
      body: eventBody(MEMBERS.includes(actor as OrgActor) ? w.people[actor as OrgActor].id : w.member.id),
    }),
  },
  {
    route: 'PATCH /api/organizations/:orgId/calendar/events/:eventId',
    expect: org(200, MANAGERS, { system: 403 }),
    call: () => ({ body: { description: 'Edited by the matrix' } }),
  },
  {
    // Only the person who reserved an event may delete it; each call reserves its own.
    route: 'DELETE /api/organizations/:orgId/calendar/events/:eventId',
    expect: org(200, MEMBERS, { system: 403 }),
    call: async (w, actor) => ({ params: { eventId: await fresh.event(w, actor) } }),
  },
  {
    route: 'GET /api/organizations/:orgId/calendar/events/followed',
    expect: org(200),
    call: () => ({ query: 'from=2030-03-01&to=2030-03-31' }),
  },
  {
    route: 'GET /api/me/followed-events',
    expect: session(200, { system: 404 }),
    call: () => ({ query: 'from=2030-03-01&to=2030-03-31' }),
  },
  { route: 'POST /api/organizations/:orgId/calendar/events/:eventId/follow', expect: org(200) },
  { route: 'DELETE /api/organizations/:orgId/calendar/events/:eventId/follow', expect: org(200) },
  { route: 'GET /api/organizations/:orgId/calendar/feed', expect: org(200) },
  { route: 'POST /api/organizations/:orgId/calendar/feed', expect: org(201) },
  { route: 'DELETE /api/organizations/:orgId/calendar/feed', expect: org(200) },
  { route: 'GET /api/feeds/:token', expect: open(200) },
  { route: 'GET /api/public/:orgShortname/calendar', expect: open(200) },
  { route: 'GET /api/public/:orgShortname/calendar.ics', expect: open(200) },

  // Own account.
  {
    // Aimed at the member's profile: only the member themself (not a caller here) and the
    // system user may edit it; 403 for the member's organization, 404 for anyone else. A new
    // username needs the caller's own password.
    route: 'PATCH /api/users/:id/profile',
    expect: { ...systemOnly(200), other_org: 404 },
    call: (w) => ({
      params: { id: w.member.id },
      body: {
        email: w.member.email,
        username: `p_${uniqueId()}`,
        firstName: 'P',
        lastName: 'Q',
        currentPassword: PASSWORD,
      },
    }),
  },
  {
    route: 'GET /api/users/:id/email-change',
    expect: { ...systemOnly(200), other_org: 404 },
    call: (w) => ({ params: { id: w.member.id } }),
  },
  {
    route: 'POST /api/users/:id/email-change',
    expect: { ...systemOnly(202), other_org: 404 },
    call: (w) => ({
      params: { id: w.member.id },
      body: { email: `p_${uniqueId()}@example.test`, currentPassword: PASSWORD },
    }),
  },
  {
    // Authorised by the link's token alone; a made-up one is refused for everyone alike.
    route: 'POST /api/email-change/confirm',
    expect: open(400),
    call: () => ({ body: { token: 'not-a-link-anyone-was-sent' } }),
  },
  {
    route: 'PATCH /api/me/password',
    expect: session(200),
    freshCaller: true,
    call: () => ({
      body: { currentPassword: PASSWORD, newPassword: 'Another-horse-7', confirmPassword: 'Another-horse-7' },
    }),
  },
  {
    route: 'POST /api/me/profile-picture',
    expect: session(200),
    freshCaller: true,
    call: () => imageUpload('profilePicture'),
  },
  { route: 'DELETE /api/me/profile-picture', expect: session(200), freshCaller: true },
  { route: 'GET /api/me/two-factor', expect: session(200) },
  { route: 'POST /api/me/two-factor/setup', expect: session(200), freshCaller: true },
  {
    route: 'POST /api/me/two-factor/enable',
    expect: session(400),
    freshCaller: true,
    call: () => ({ body: { code: '000000' } }),
  },
  {
    route: 'POST /api/me/two-factor/disable',
    expect: session(200),
    freshCaller: true,
    call: () => ({ body: { password: PASSWORD } }),
  },
  {
    route: 'POST /api/login/two-factor',
    expect: open(401),
    call: () => ({ body: { code: '000000', token: 'forged' } }),
  },

  // Notifications.
  { route: 'GET /api/me/notifications', expect: session(200) },
  {
    route: 'PATCH /api/me/notifications',
    expect: session(200),
    call: () => ({ body: { digestFrequency: 'weekly' } }),
  },
  { route: 'GET /api/me/inbox', expect: session(200, { system: 404 }) },
  {
    route: 'POST /api/me/inbox/read',
    expect: session(200, { system: 404 }),
    call: () => ({ body: { ids: [] } }),
  },
  { route: 'GET /api/organizations/:orgId/announcements', expect: org(200) },
  {
    // To the whole organization: leads post only to their own teams (notifications/routes.test.ts).
    route: 'POST /api/organizations/:orgId/announcements',
    expect: org(201, ['board', 'admin', 'owner'], { system: 403 }),
    call: () => ({ body: { kind: 'production', title: 'Matrix news', body: 'Hello' } }),
  },
  { route: 'GET /api/unsubscribe', expect: open(200), call: (w) => ({ query: w.unsubscribe.slice(1) }) },
  { route: 'POST /api/unsubscribe', expect: open(200), call: (w) => ({ query: w.unsubscribe.slice(1) }) },

  // Library.
  { route: 'GET /api/organizations/:orgId/wiki/pages', expect: org(200) },
  {
    route: 'GET /api/organizations/:orgId/wiki/search',
    expect: org(200),
    call: () => ({ query: 'q=matrix' }),
  },
  { route: 'GET /api/organizations/:orgId/wiki/:slug', expect: org(200) },
  // A page's history is for the people who can edit it.
  { route: 'GET /api/organizations/:orgId/wiki/:pageId/versions', expect: org(200, LEADERS) },
  { route: 'GET /api/organizations/:orgId/wiki/:pageId/versions/:version', expect: org(200, LEADERS) },
  {
    route: 'POST /api/organizations/:orgId/wiki',
    expect: org(201, LEADERS),
    call: () => ({ body: { title: `Written ${uniqueId()}`, content: 'Words.' } }),
  },
  {
    route: 'PATCH /api/organizations/:orgId/wiki/:pageId',
    expect: org(200, LEADERS),
    call: async (w) => {
      const page = await fresh.page(w);
      return {
        params: { pageId: page.id },
        body: { content: 'Edited.', currentVersion: page.currentVersion },
      };
    },
  },
  {
    route: 'DELETE /api/organizations/:orgId/wiki/:pageId',
    expect: org(200, LEADERS),
    call: async (w) => ({ params: { pageId: (await fresh.page(w)).id } }),
  },
  {
    route: 'POST /api/organizations/:orgId/wiki/:pageId/revert/:version',
    expect: org(200, LEADERS),
    call: async (w) => ({ params: { pageId: (await fresh.editedPage(w)).id } }),
  },
  { route: 'GET /api/public/:orgShortname/wiki', expect: open(200) },
  { route: 'GET /api/public/:orgShortname/wiki/:slug', expect: open(200) },

  // Moving in: previews (dryRun) so a success changes nothing.
  {
    route: 'POST /api/organizations/:orgId/users/import',
    expect: org(200, MANAGERS),
    call: () => {
      const form = formWithFile({
        name: 'm.csv',
        type: 'text/csv',
        data: `${CSV}new_${uniqueId()},n@example.test,N,M,standard_user\n`,
      });
      return { query: 'dryRun=1', body: form.body, headers: form.headers };
    },
  },
  {
    route: 'POST /api/organizations/:orgId/calendar/import',
    expect: org(200, MANAGERS),
    call: () => {
      const form = formWithFile({ name: 's.ics', type: 'text/calendar', data: ICS });
      return { query: 'dryRun=1', body: form.body, headers: form.headers };
    },
  },

  // Scheduling. The events are reserved by `member` for the world's team (led by
  // `team_lead`; `standard_user` and `member` are in it): its managers are the owner, admins, the
  // system user and that lead; its team members may read its calls.
  { route: 'GET /api/organizations/:orgId/availability', expect: org(200) },
  // Whom one manages: every member may ask (most get an empty list).
  { route: 'GET /api/organizations/:orgId/availability/people', expect: org(200) },
  {
    // The system user keeps no periods of its own: it is no member of the organization.
    route: 'POST /api/organizations/:orgId/availability',
    expect: org(201, MEMBERS, { system: 404 }),
    call: () => ({
      body: { startDateTime: '2031-02-03T18:00', endDateTime: '2031-02-03T20:00', weeklyUntil: '2031-03-03' },
    }),
  },
  {
    // The member's period: their managers (owner, admins, the lead of their team) may change it.
    route: 'PATCH /api/organizations/:orgId/availability/:id',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({
      params: { id: await scheduling.period(w) },
      body: { note: 'Changed by the matrix' },
    }),
  },
  {
    route: 'DELETE /api/organizations/:orgId/availability/:id',
    expect: org(204, ['team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { id: await scheduling.period(w) } }),
  },
  {
    // Conflicts for the body an actor could save: members reserve for themselves.
    route: 'POST /api/organizations/:orgId/calendar/conflicts',
    expect: org(200, MEMBERS, { system: 403 }),
    call: (w, actor) => ({
      body: {
        ...eventBody(MEMBERS.includes(actor as OrgActor) ? w.people[actor as OrgActor].id : w.member.id),
        teamIds: [w.team.id],
      },
    }),
  },
  {
    route: 'GET /api/organizations/:orgId/calendar/events/:eventId/calls',
    expect: org(200, ['standard_user', 'team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { eventId: await scheduling.teamEvent(w, 'future') } }),
  },
  {
    route: 'PUT /api/organizations/:orgId/calendar/events/:eventId/calls',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({
      params: { eventId: await scheduling.teamEvent(w, 'future') },
      body: { userIds: [w.member.id], callTime: '18:30' },
    }),
  },
  {
    // Every member is called to this one; the system user cannot be (no member).
    route: 'POST /api/organizations/:orgId/calendar/events/:eventId/calls/respond',
    expect: org(200, MEMBERS, { system: 403 }),
    call: async (w) => ({
      params: { eventId: await scheduling.everyoneCalled(w) },
      body: { status: 'confirmed' },
    }),
  },
  { route: 'GET /api/organizations/:orgId/calls/mine', expect: org(200) },
  {
    // The mail's one-click links: the signed token is the whole authority, whoever holds it.
    route: 'GET /api/calls/respond-link',
    expect: open(200),
    call: async (w) => ({ query: `token=${encodeURIComponent(await scheduling.callToken(w))}` }),
  },
  {
    route: 'POST /api/calls/respond-link',
    expect: open(200),
    call: async (w) => ({ body: { token: await scheduling.callToken(w), status: 'declined' } }),
  },
  {
    route: 'GET /api/organizations/:orgId/calendar/events/:eventId/attendance',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { eventId: await scheduling.teamEvent(w, 'past') } }),
  },
  {
    route: 'PUT /api/organizations/:orgId/calendar/events/:eventId/attendance',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({
      params: { eventId: await scheduling.teamEvent(w, 'past') },
      body: { records: [{ userId: w.member.id, status: 'present' }] },
    }),
  },
  {
    // Owners and admins for everyone; each team lead for the teams they lead.
    route: 'GET /api/organizations/:orgId/attendance/report',
    expect: org(200, ['team_lead', 'team_lead_other', ...MANAGERS]),
  },
  {
    route: 'GET /api/organizations/:orgId/attendance/report.csv',
    expect: org(200, ['team_lead', 'team_lead_other', ...MANAGERS]),
  },
  // A team's breakdown: the team's members and managers read it; its managers write it.
  { route: 'GET /api/teams/:teamId/breakdown', expect: org(200, BREAKDOWN_READERS) },
  {
    route: 'GET /api/teams/:teamId/rehearsable',
    expect: org(200, BREAKDOWN_READERS),
    call: () => ({ query: 'start=2031-02-04T19:00&end=2031-02-04T22:00' }),
  },
  {
    route: 'POST /api/teams/:teamId/characters',
    expect: teamScoped(201),
    call: (w) => ({ body: { name: `Character ${uniqueId()}`, memberIds: [w.member.id] } }),
  },
  {
    route: 'PATCH /api/teams/:teamId/characters/:characterId',
    expect: teamScoped(200),
    call: async (w) => ({
      params: { characterId: await breakdown.row(w, 'production_characters') },
      body: { name: `Renamed ${uniqueId()}` },
    }),
  },
  {
    route: 'DELETE /api/teams/:teamId/characters/:characterId',
    expect: teamScoped(204),
    call: async (w) => ({ params: { characterId: await breakdown.row(w, 'production_characters') } }),
  },
  {
    route: 'POST /api/teams/:teamId/scenes',
    expect: teamScoped(201),
    call: () => ({ body: { name: `Scene ${uniqueId()}`, act: '1', pages: 9 } }),
  },
  {
    route: 'PATCH /api/teams/:teamId/scenes/:sceneId',
    expect: teamScoped(200),
    call: async (w) => ({
      params: { sceneId: await breakdown.row(w, 'production_scenes') },
      body: { pages: 12, position: 0 },
    }),
  },
  {
    route: 'DELETE /api/teams/:teamId/scenes/:sceneId',
    expect: teamScoped(204),
    call: async (w) => ({ params: { sceneId: await breakdown.row(w, 'production_scenes') } }),
  },
  // Reports: the world event's managers write (owner, admins, the system user, the team's lead).
  // Published, it is read by the people it concerns (the team's members) and the departments.
  {
    route: 'GET /api/organizations/:orgId/calendar/events/:eventId/report',
    expect: org(200, ['standard_user', 'team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { eventId: await reports.published(w) } }),
  },
  {
    route: 'PUT /api/organizations/:orgId/calendar/events/:eventId/report',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({
      params: { eventId: await scheduling.teamEvent(w, 'future') },
      body: {
        times: { start: '19:00', end: '22:00' },
        notes: [{ department: 'Props', text: 'Matrix note' }],
      },
    }),
  },
  {
    route: 'POST /api/organizations/:orgId/calendar/events/:eventId/report/publish',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { eventId: await reports.published(w) } }),
  },
  // Every member may ask; each is answered with the notes they may see.
  { route: 'GET /api/organizations/:orgId/report-notes', expect: org(200) },
  {
    // The event's managers answer its notes; the other members neither receive Props nor manage it.
    route: 'PATCH /api/organizations/:orgId/report-notes/:noteId',
    expect: org(200, ['team_lead', ...MANAGERS]),
    call: async (w) => ({ params: { noteId: await reports.note(w) }, body: { status: 'acknowledged' } }),
  },
  { route: 'GET /api/organizations/:orgId/report-departments', expect: org(200) },
  {
    route: 'PUT /api/organizations/:orgId/report-departments',
    expect: org(200, MANAGERS),
    call: () => ({
      body: [
        { name: 'Props', recipientIds: [] },
        { name: 'Sound', recipientIds: [] },
      ],
    }),
  },
  {
    route: 'GET /api/organizations/:orgId/calendar/call-sheet',
    expect: org(200),
    call: () => ({ query: 'date=2031-01-05' }),
  },
  { route: 'GET /api/organizations/:orgId/volunteer-positions', expect: org(200) },
  {
    // The list as it stands is sent back, so no position a shift uses is removed.
    route: 'PUT /api/organizations/:orgId/volunteer-positions',
    expect: org(200, COORDINATORS),
    call: async (w) => ({ body: await volunteer.positions(w) }),
  },
  {
    route: 'POST /api/organizations/:orgId/calendar/events/:eventId/shifts',
    expect: org(201, COORDINATORS),
    call: async (w) => ({
      params: { eventId: await scheduling.teamEvent(w, 'future') },
      body: { positionId: await volunteer.positionId(w), places: 2 },
    }),
  },
  {
    route: 'POST /api/organizations/:orgId/calendar/events/:eventId/shifts/copy',
    expect: org(200, COORDINATORS),
    call: async (w) => {
      const shift = await volunteer.shift(w);
      return {
        params: { eventId: shift.eventId },
        body: { toEventIds: [await scheduling.teamEvent(w, 'fresh')] },
      };
    },
  },
  {
    route: 'PATCH /api/organizations/:orgId/calendar/events/:eventId/shifts/:shiftId',
    expect: org(200, COORDINATORS),
    call: async (w) => {
      const shift = await volunteer.shift(w);
      return {
        params: { eventId: shift.eventId, shiftId: shift.id },
        body: { places: 3, note: 'Matrix note' },
      };
    },
  },
  {
    route: 'DELETE /api/organizations/:orgId/calendar/events/:eventId/shifts/:shiftId',
    expect: org(204, COORDINATORS),
    call: async (w) => {
      const shift = await volunteer.shift(w);
      return { params: { eventId: shift.eventId, shiftId: shift.id } };
    },
  },
  { route: 'GET /api/organizations/:orgId/shifts', expect: org(200), call: () => ({ query: 'open=1' }) },
  {
    // A member's own place; a system user is no member.
    route: 'POST /api/organizations/:orgId/shifts/:shiftId/signup',
    expect: org(201, MEMBERS, { system: 403 }),
    call: async (w) => ({ params: { shiftId: (await volunteer.shift(w)).id } }),
  },
  {
    route: 'DELETE /api/organizations/:orgId/shifts/:shiftId/signup',
    expect: org(204, MEMBERS, { system: 403 }),
    call: async (w, actor) => ({
      params: { shiftId: (await volunteer.shift(w, { holder: holderOf(w, actor) })).id },
    }),
  },
  {
    route: 'POST /api/organizations/:orgId/shifts/:shiftId/offer',
    expect: org(200, MEMBERS, { system: 403 }),
    call: async (w, actor) => ({
      params: { shiftId: (await volunteer.shift(w, { holder: holderOf(w, actor) })).id },
    }),
  },
  {
    // Another member offered their place; any member may take it.
    route: 'POST /api/organizations/:orgId/shifts/:shiftId/take',
    expect: org(200, MEMBERS, { system: 403 }),
    call: async (w) => ({
      params: { shiftId: (await volunteer.shift(w, { holder: w.member.id, offered: true, places: 1 })).id },
    }),
  },
  {
    route: 'PUT /api/organizations/:orgId/shifts/:shiftId/volunteers',
    expect: org(200, COORDINATORS),
    call: async (w) => ({
      params: { shiftId: (await volunteer.shift(w)).id },
      body: { userIds: [w.member.id] },
    }),
  },
  {
    // Coordinators, or whoever holds the date's House Manager shift (none of the actors here).
    route: 'PUT /api/organizations/:orgId/shifts/:shiftId/check-in',
    expect: org(200, COORDINATORS),
    call: async (w) => ({
      params: { shiftId: (await volunteer.shift(w, { holder: w.member.id, past: true })).id },
      body: [{ userId: w.member.id, status: 'present' }],
    }),
  },
  { route: 'GET /api/organizations/:orgId/volunteer-hours', expect: org(200, COORDINATORS) },
  { route: 'GET /api/organizations/:orgId/volunteer-hours.csv', expect: org(200, COORDINATORS) },
];

const DATABASE_SETTINGS = {
  host: '127.0.0.1',
  password: 'not-a-real-one',
  port: 1,
  database: 'nowhere',
  username: 'nobody',
  maxConnections: 5,
  connectionTimeout: 1000,
};

/**
 * A route on /api/teams/:teamId: the managers, the system user (policy.manageTeam) and the team's
 * own lead may; another team's lead and other members 403; another organization 404.
 */
function teamScoped(ok: number, extra: readonly OrgActor[] = ['team_lead'], denied = 403): Expect {
  return org(ok, [...MANAGERS, ...extra], { denied });
}

/** A team led by `team_lead` (so its lead and the managers may act on it), archived if asked. */
async function leadTeam(w: World, archived = false) {
  return buildTeam(w.ctx, w.org, {
    archived,
    members: [{ userId: w.people.team_lead.id, role: 'team_lead' }],
  });
}

const breakdown = {
  /** A fresh character or scene of the world's team, one per call (a delete spends it). */
  async row(w: World, table: 'production_characters' | 'production_scenes') {
    const [row] = await w.ctx.database.query<{ id: number }>(
      `insert into ${table} (organization_id, team_id, name, position) values ($1, $2, $3, 100) returning id`,
      [w.org.id, w.team.id, `Matrix ${uniqueId()}`],
    );
    return row.id;
  },
};

const reportEvents = new WeakMap<World, number>();
const reports = {
  /** A past team event of the world with a published report holding one Props note. */
  async published(w: World) {
    const kept = reportEvents.get(w);
    if (kept) return kept;
    const eventId = await scheduling.teamEvent(w, 'fresh');
    const [report] = await w.ctx.database.query<{ id: number }>(
      `insert into event_reports (organization_id, event_id, published_at) values ($1, $2, now()) returning id`,
      [w.org.id, eventId],
    );
    await w.ctx.database.query(
      `insert into report_notes (organization_id, report_id, position, department, text)
       values ($1, $2, 0, 'Props', 'Matrix prop note')`,
      [w.org.id, report.id],
    );
    reportEvents.set(w, eventId);
    return eventId;
  },
  async note(w: World) {
    const eventId = await reports.published(w);
    const [note] = await w.ctx.database.query<{ id: number }>(
      `select n.id from report_notes n join event_reports r on r.id = n.report_id where r.event_id = $1`,
      [eventId],
    );
    return note.id;
  },
};

/** Scheduling's objects, made with SQL so no space or date clashes with the other entries. */
const schedulingEvents = new WeakMap<World, Map<string, number>>();
let scheduledDay = 0;
const scheduling = {
  /** An event of the world's team reserved by `member`: one future and one past per world. */
  async teamEvent(w: World, when: 'future' | 'past' | 'fresh') {
    const known = schedulingEvents.get(w) ?? new Map<string, number>();
    schedulingEvents.set(w, known);
    const kept = known.get(when);
    if (kept) return kept;
    scheduledDay += 1;
    const start = new Date(Date.UTC(when === 'past' ? 2024 : 2031, 5, 1) + scheduledDay * 86_400_000);
    const [event] = await w.ctx.database.query<{ id: number }>(
      `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, event_type, reserved_by)
       values ($1, 'Matrix rehearsal', '{Annex}', $2, $3, 'rehearsal', $4) returning id`,
      [w.org.id, start, new Date(start.getTime() + 3_600_000), w.member.id],
    );
    await w.ctx.database.query(
      'insert into calendar_event_teams (organization_id, event_id, team_id) values ($1, $2, $3)',
      [w.org.id, event.id, w.team.id],
    );
    if (when !== 'fresh') known.set(when, event.id);
    return event.id;
  },
  /** A future team event to which every member of the organization is called. */
  async everyoneCalled(w: World) {
    const known = schedulingEvents.get(w)?.get('everyone');
    if (known) return known;
    const eventId = await scheduling.teamEvent(w, 'fresh');
    await w.ctx.database.query(
      `insert into event_calls (organization_id, event_id, user_id)
       select $1, $2, user_id from user_organizations where organization_id = $1 and status = 'active'`,
      [w.org.id, eventId],
    );
    schedulingEvents.get(w)?.set('everyone', eventId);
    return eventId;
  },
  /** A fresh call of `member` and its signed one-click token (each works once). */
  async callToken(w: World) {
    const eventId = await scheduling.teamEvent(w, 'fresh');
    const [call] = await w.ctx.database.query<{ id: number; end: Date }>(
      `insert into event_calls (organization_id, event_id, user_id) values ($1, $2, $3)
       returning id, (select end_date_time from calendar_events where id = $2) as "end"`,
      [w.org.id, eventId, w.member.id],
    );
    return issueCallToken(w.ctx.app.deps.sessionSecret, {
      callId: call.id,
      userId: w.member.id,
      eventId,
      nonce: 0,
      expires: Math.floor(new Date(call.end).getTime() / 1000),
    });
  },
  /** A weekly period of `member`, one per call (a delete spends it). */
  async period(w: World) {
    const [row] = await w.ctx.database.query<{ id: number }>(
      `insert into availability_periods (organization_id, user_id, start_wall, end_wall, start_date_time,
         end_date_time, weekly_until, time_zone, last_end, note)
       values ($1, $2, '2031-02-04T18:00', '2031-02-04T20:00', '2031-02-04 23:00Z', '2031-02-05 01:00Z',
         '2031-03-04', 'America/New_York', '2031-03-05 01:00Z', 'Matrix period') returning id`,
      [w.org.id, w.member.id],
    );
    return row.id;
  },
};

/** The caller's own member id when they have one, else `member` (whose place a refused call must not touch). */
function holderOf(w: World, actor: ActorName): number {
  return (MEMBERS as readonly string[]).includes(actor) ? w.people[actor as OrgActor].id : w.member.id;
}

/** Volunteering's objects, made with SQL; each shift on an hour of its own, so no holder overlaps. */
let shiftHour = 0;
const volunteer = {
  async positionId(w: World) {
    const [row] = await w.ctx.database.query<{ id: number }>(
      `insert into volunteer_positions (organization_id, name) values ($1, 'Usher')
       on conflict (organization_id, lower(name)) do update set name = excluded.name returning id`,
      [w.org.id],
    );
    return row.id;
  },
  async positions(w: World) {
    await volunteer.positionId(w);
    return w.ctx.database.query<{ id: number; name: string }>(
      'select id, name from volunteer_positions where organization_id = $1 order by sort_order, id',
      [w.org.id],
    );
  },
  /** A fresh shift on a fresh team event, held by `holder` if given (offered if asked). */
  async shift(w: World, opts: { holder?: number; offered?: boolean; places?: number; past?: boolean } = {}) {
    shiftHour += 1;
    const start = new Date(Date.UTC(opts.past ? 2024 : 2032, 0, 1) + shiftHour * 3_600_000);
    const eventId = await scheduling.teamEvent(w, 'fresh');
    const [row] = await w.ctx.database.query<{ id: number }>(
      `insert into volunteer_shifts (organization_id, event_id, position_id, places, start_date_time, end_date_time)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        w.org.id,
        eventId,
        await volunteer.positionId(w),
        opts.places ?? 3,
        start,
        new Date(start.getTime() + 1_800_000),
      ],
    );
    if (opts.holder !== undefined)
      await w.ctx.database.query(
        `insert into volunteer_signups (organization_id, shift_id, user_id, offered_at) values ($1, $2, $3, $4)`,
        [w.org.id, row.id, opts.holder, opts.offered ? new Date() : null],
      );
    return { id: row.id, eventId };
  },
};
