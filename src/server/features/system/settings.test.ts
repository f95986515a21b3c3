import { createServer, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, getTestApp, type TestContext } from '../../../../tests/support/app';
import { buildOrg, buildSystemUser, buildUser } from '../../../../tests/support/factories';
import { RESPOND_PAGE_PATH } from '../../../common/scheduling';
import { composeMail, unsubscribeUrl } from '../notifications';
import { issueCallToken } from '../scheduling/respond-token';
import { CONNECTION_FAILED, PASSWORD_FOR_NEW_SERVER, settingsUrl } from './database-settings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestApp();
});

// The PostgreSQL server the test machines run (trust authentication).
const LOCAL_PG = {
  host: '127.0.0.1',
  port: 5432,
  database: 'postgres',
  username: 'postgres',
  password: 'unused-with-trust',
  ssl: false,
  maxConnections: 10,
  connectionTimeout: 5000,
};

/** A server that accepts connections and never answers; counts who came. */
async function listening() {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count++;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => count,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /api/system/info', () => {
  it('reports the database status, connections, uptime in seconds, version and which database', async () => {
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.get('/api/system/info');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ databaseStatus: 'connected', version: '0.1.0' });
    expect(info.connectionCount).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(info.uptime)).toBe(true);
    expect(info.database.kind).toBe(ctx.database.kind === 'pglite' ? 'embedded' : 'server');
    expect(typeof info.database.name).toBe('string');
  });
});

describe('database settings', () => {
  it('validates with the spec messages', async () => {
    const { agent } = await buildSystemUser(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ host: ' ' }, 'Host is required'],
      [{ port: 0 }, 'Port must be between 1 and 65535'],
      [{ port: 65536 }, 'Port must be between 1 and 65535'],
      [{ database: '' }, 'Database name is required'],
      [{ username: '' }, 'Username is required'],
      [{ maxConnections: 101 }, 'Max connections must be between 1 and 100'],
      [{ maxConnections: 0 }, 'Max connections must be between 1 and 100'],
      [{ connectionTimeout: 999 }, 'Connection timeout must be between 1000 and 60000 ms'],
      [{ connectionTimeout: 60001 }, 'Connection timeout must be between 1000 and 60000 ms'],
    ];
    for (const [change, message] of cases) {
      for (const url of ['/api/system/database-settings', '/api/system/test-connection']) {
        const res = await agent.request(url.endsWith('settings') ? 'PATCH' : 'POST', url, {
          ...LOCAL_PG,
          ...change,
        });
        expect(res.statusCode, `${url} ${message}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
  });

  it('starts from the defaults, saves (audited), never sends the password back, keeps it when left empty', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const before = await agent.get('/api/system/database-settings');
    expect(before.statusCode).toBe(200);
    expect(before.json().password).toBe('');
    if (!before.json().saved) {
      expect(before.json()).toMatchObject({
        host: 'localhost',
        port: 5432,
        ssl: true,
        maxConnections: 10,
        connectionTimeout: 10000,
        hasPassword: false,
      });
    }
    const secret = `pw-${Date.now()}`;
    const saved = await agent.patch('/api/system/database-settings', {
      ...LOCAL_PG,
      password: secret,
      maxConnections: 7,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      host: '127.0.0.1',
      maxConnections: 7,
      password: '',
      hasPassword: true,
    });
    expect(saved.body).not.toContain(secret);
    const again = await agent.patch('/api/system/database-settings', {
      ...LOCAL_PG,
      password: '',
      maxConnections: 8,
    });
    expect(again.statusCode).toBe(200);
    const [row] = await ctx.database.query<{ value: unknown }>(
      "select value from system_settings where key = 'database'",
    );
    const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as Record<
      string,
      unknown
    >;
    expect(value).toMatchObject({ password: secret, maxConnections: 8 });
    const read = await agent.get('/api/system/database-settings');
    expect(read.body).not.toContain(secret);
    const audit = await ctx.database.query<{ details: unknown }>(
      `select details from audit_log where actor_id = $1 and action = 'system.database_settings_updated'`,
      [admin.id],
    );
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('builds the next start address from the settings', () => {
    expect(settingsUrl({ ...LOCAL_PG, password: 'p@ss/word', ssl: true })).toBe(
      'postgres://postgres:p%40ss%2Fword@127.0.0.1:5432/postgres?sslmode=require',
    );
  });
});

describe('POST /api/system/test-connection', () => {
  it('connects to the PostgreSQL server and reports the response time', async () => {
    const { agent } = await buildSystemUser(ctx);
    const res = await agent.post('/api/system/test-connection', LOCAL_PG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, serverVersion: expect.any(String) });
    expect(res.json().responseTime).toBeGreaterThanOrEqual(0);
  });

  it('answers one generic message for every failure: closed port, silent server, unknown database', async () => {
    const { agent } = await buildSystemUser(ctx);
    const silent = await listening();
    try {
      const answers = [
        await agent.post('/api/system/test-connection', { ...LOCAL_PG, port: await closedPort() }),
        await agent.post('/api/system/test-connection', {
          ...LOCAL_PG,
          port: silent.port,
          connectionTimeout: 1000,
        }),
        await agent.post('/api/system/test-connection', { ...LOCAL_PG, database: 'no_such_db_here' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: CONNECTION_FAILED });
      }
    } finally {
      await silent.close();
    }
  });

  it('sends the saved password only to the saved host, port, database and user', async () => {
    const { agent } = await buildSystemUser(ctx);
    expect(
      (await agent.patch('/api/system/database-settings', { ...LOCAL_PG, password: 'saved-secret' }))
        .statusCode,
    ).toBe(200);
    const elsewhere = await listening();
    try {
      const changes = [
        { port: elsewhere.port },
        { host: 'localhost' },
        { database: 'other_db' },
        { username: 'someone_else' },
      ];
      for (const change of changes) {
        for (const [method, url] of [
          ['POST', '/api/system/test-connection'],
          ['PATCH', '/api/system/database-settings'],
        ] as const) {
          const res = await agent.request(method, url, { ...LOCAL_PG, ...change, password: '' });
          expect(res.statusCode, `${method} ${JSON.stringify(change)}`).toBe(400);
          expect(res.json()).toEqual({
            message: PASSWORD_FOR_NEW_SERVER,
            errors: { password: PASSWORD_FOR_NEW_SERVER },
          });
        }
      }
      expect(elsewhere.connections()).toBe(0);
      // The same server keeps it: the test connects with the stored password.
      const same = await agent.post('/api/system/test-connection', { ...LOCAL_PG, password: '' });
      expect(same.statusCode).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('GET /api/system/analytics', () => {
  it('gives weekly series in total and per organization, and a per-organization table', async () => {
    const { agent } = await buildSystemUser(ctx);
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const member = await buildUser(ctx.database, { org });
    // The owner was active last week and this week; the member only last week.
    const activeAt = (userId: number, when: string) =>
      ctx.database.query(`update user_organizations set last_active_at = ${when} where user_id = $1`, [
        userId,
      ]);
    await activeAt(owner.id, "now() - interval '7 days'");
    await activeAt(member.id, "now() - interval '7 days'");
    await activeAt(owner.id, 'now()');
    await ctx.database.query(
      `insert into calendar_events (organization_id, name, spaces, start_date_time, end_date_time, reserved_by)
       values ($1, 'Show', '{Main Stage}', now(), now() + interval '1 hour', $2)`,
      [org.id, owner.id],
    );
    const res = await agent.get(
      `/api/system/analytics?weeks=8&organizationId=${org.id}&search=${org.shortname}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const name of ['organizations', 'members', 'events', 'activeMembers']) {
      expect(body.series[name]).toHaveLength(8);
    }
    const last = (name: string) => body.series[name].at(-1).value;
    expect([last('organizations'), last('members'), last('events'), last('activeMembers')]).toEqual([
      1, 2, 1, 1,
    ]);
    expect(body.series.activeMembers.at(-2).value).toBe(2);
    expect(body.organization).toEqual({ id: org.id, name: org.name, shortname: org.shortname });
    expect(body.organizations.items.find((o: { id: number }) => o.id === org.id)).toMatchObject({
      members: 2,
      events: 1,
      activeMembers: 1,
    });
    const total = (await agent.get('/api/system/analytics')).json();
    expect(total.series.members).toHaveLength(12);
    expect(total.series.members.at(-1).value).toBeGreaterThanOrEqual(2);
    expect((await agent.get('/api/system/analytics?weeks=1000')).statusCode).toBe(400);
    expect((await agent.get('/api/system/analytics?organizationId=2147483647')).statusCode).toBe(404);
  });
});

describe('the mail outbox', () => {
  it('lists, reads and resends a message (audited)', async () => {
    const { user: admin, agent } = await buildSystemUser(ctx);
    const to = `outbox-${Date.now()}@example.test`;
    await ctx.app.deps.mailer.send({ to, subject: 'Hello', text: 'Body text' });
    const [row] = await ctx.database.query<{ id: number }>(
      'select id from mail_outbox where to_address = $1',
      [to],
    );
    const list = await agent.get('/api/system/outbox?limit=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((m: { id: number }) => m.id === row.id)).toMatchObject({
      toAddress: to,
      subject: 'Hello',
    });
    const read = await agent.get(`/api/system/outbox/${row.id}`);
    expect(read.json()).toMatchObject({ id: row.id, textBody: 'Body text' });
    const resent = await agent.post(`/api/system/outbox/${row.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().id).toBeGreaterThan(row.id);
    const copies = await ctx.database.query('select 1 from mail_outbox where to_address = $1', [to]);
    expect(copies).toHaveLength(2);
    const audit = await ctx.database.query(
      `select target_id from audit_log where actor_id = $1 and action = 'mail.resent'`,
      [admin.id],
    );
    expect(audit).toEqual([{ target_id: row.id }]);
    expect((await agent.get('/api/system/outbox/2147483647')).statusCode).toBe(404);
    // Once delivered, a one-time link is no longer readable here; resending keeps the original.
    await ctx.database.query(
      "update mail_outbox set text_body = 'Open http://x.test/reset-password?token=abc123 now', sent_at = now() where id = $1",
      [row.id],
    );
    const delivered = await agent.get(`/api/system/outbox/${row.id}`);
    expect(delivered.json().textBody).toBe('Open http://x.test/reset-password?token=[hidden: delivered] now');
    await agent.post(`/api/system/outbox/${row.id}/resend`);
    expect(ctx.mail.filter((m) => m.to === to).at(-1)?.text).toContain('token=abc123');
    expect((await agent.get('/api/system/outbox/abc')).statusCode).toBe(400);
  });

  it('hides every secret of a delivered message, in the text, the HTML (entity-encoded too) and the subject', async () => {
    const { agent } = await buildSystemUser(ctx);
    const to = `secrets-${Date.now()}@example.test`;
    const origin = 'http://club.localhost:5000';
    const unsubscribe = unsubscribeUrl(origin, 'a-secret', 42);
    const call = issueCallToken('a-secret', { callId: 1, userId: 42, eventId: 3, nonce: 0, expires: 9e9 });
    const mail = composeMail({
      to,
      org: { name: 'Club', primaryColor: '#123456', origin },
      subject: 'Reset with ?token=subject-secret-1',
      sections: [{ heading: 'Called', lines: ['Rehearsal'] }],
      link: '/calendar',
      unsubscribeUrl: unsubscribe,
      actions: [
        {
          label: 'Confirm',
          url: `${origin}${RESPOND_PAGE_PATH}?token=${encodeURIComponent(call)}&status=confirmed`,
        },
      ],
    });
    const extra = [
      `<a href="${origin}/verify?user=1&#38;token&#61;numeric-secret-2">x</a>`,
      `<a href="${origin}/verify?user=1&#x26;secret&#x3D;hex-secret-3">x</a>`,
      `<a href="${origin}/next?to=%2Fa%3Fuser%3D1%26token%3Dnested-secret-4">x</a>`,
      `<a href="${origin}/x?user=1&amp;sig=signed-secret-5">x</a>`,
    ].join('');
    await ctx.app.deps.mailer.send({ ...mail, html: mail.html!.replace('</body>', `${extra}</body>`) });
    const [row] = await ctx.database.query<{ id: number }>(
      'select id from mail_outbox where to_address = $1',
      [to],
    );
    await ctx.database.query('update mail_outbox set sent_at = now() where id = $1', [row.id]);

    const secrets = [
      new URL(unsubscribe).searchParams.get('token')!,
      call.split('.').at(-1)!,
      'subject-secret-1',
      'numeric-secret-2',
      'hex-secret-3',
      'nested-secret-4',
      'signed-secret-5',
    ];
    const read = await agent.get(`/api/system/outbox/${row.id}`);
    const list = await agent.get('/api/system/outbox?limit=100');
    for (const body of [read.body, list.body]) {
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
    const message = read.json();
    expect(message.htmlBody).toContain('user=42&amp;token=[hidden: delivered]');
    expect(message.htmlBody).toContain('user=1&#38;token&#61;[hidden: delivered]');
    expect(message.textBody).toContain('/api/unsubscribe?user=42&token=[hidden: delivered]');
    expect(message.subject).toBe('Reset with ?token=[hidden: delivered]');
  });
});

describe('the support address', () => {
  const URL = '/api/system/support-settings';

  it("defaults to the system user's email, is set and cleared by a system user, and is where pending sign-ups write", async () => {
    const { agent } = await buildSystemUser(ctx);
    const [first] = await ctx.database.query<{ email: string }>(
      'select email from users where is_system_user order by id limit 1',
    );
    const initial = await agent.get(URL);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ supportEmail: '', defaultEmail: first.email });

    const bare = await buildOrg(ctx.database);
    const saved = await agent.patch(URL, { supportEmail: 'help@greenroom.test' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ supportEmail: 'help@greenroom.test', defaultEmail: first.email });
    const contact = async (query = '') =>
      (await new Agent(ctx.app).get(`/api/support-contact${query}`)).json();
    expect(await contact()).toEqual({ email: 'help@greenroom.test', reviewer: 'system' });
    // An organization with no contact address of its own sends its joiners here too.
    expect(await contact(`?org=${bare.shortname}`)).toEqual({
      email: 'help@greenroom.test',
      reviewer: 'organization',
    });
    const [audit] = await ctx.database.query<{ action: string }>(
      `select action from audit_log where action = 'system.support_address_updated' order by id desc limit 1`,
    );
    expect(audit?.action).toBe('system.support_address_updated');

    const cleared = await agent.patch(URL, { supportEmail: '' });
    expect(cleared.json()).toEqual({ supportEmail: '', defaultEmail: first.email });
    expect(await contact()).toEqual({ email: first.email, reviewer: 'system' });
  });

  it('refuses an address that is not one, and anyone but a system user', async () => {
    const { agent } = await buildSystemUser(ctx);
    const bad = await agent.patch(URL, { supportEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.supportEmail).toBe('Invalid email address');

    expect((await new Agent(ctx.app).get(URL)).statusCode).toBe(401);
    expect((await new Agent(ctx.app).patch(URL, { supportEmail: 'x@y.test' })).statusCode).toBe(401);
    const org = await buildOrg(ctx.database);
    const owner = await buildUser(ctx.database, { org, role: 'owner' });
    const ownerAgent = new Agent(ctx.app, org.host);
    await ownerAgent.post('/api/login', { username: owner.username, password: owner.password });
    expect((await ownerAgent.get(URL)).statusCode).toBe(403);
    expect((await ownerAgent.patch(URL, { supportEmail: 'x@y.test' })).statusCode).toBe(403);
  });
});
