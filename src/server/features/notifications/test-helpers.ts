// For notification tests: an SMTP server the test owns, a worker on a clock the test moves, and
// event times relative to now in the organization's zone.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { getTestApp, type TestContext, testConfig } from '../../../../tests/support/app';
import { instantToWallTime } from '../../../common/zoned-time';
import type { Database } from '../../db/client';
import { createMailer, type Mailer } from '../mail/mailer';
import { NotificationWorker } from './worker';

export interface Received {
  to: string[];
  data: string;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  /** Mail to one address, decoded enough to read (quoted-printable soft breaks removed). */
  to(address: string): string[];
  /** While true, every message is refused (a mail server that is down or failing). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failing)
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks)
            .toString()
            .replace(/=\r\n/g, '')
            .replace(/=3D/g, '=')
            .replace(/\r\n[ \t]+/g, ' '),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    to: (address) => received.filter((r) => r.to.includes(address)).map((r) => r.data),
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A clock the test sets; the worker reads it on every tick. */
export class TestClock {
  constructor(public current = new Date()) {}
  now = () => this.current;
  set(date: Date) {
    this.current = date;
  }
}

export function testWorker(
  database: Database,
  mailer: Mailer,
  clock: TestClock,
  options: { planDigests?: boolean } = {},
) {
  return new NotificationWorker(
    { database, mailer, config: testConfig(), sessionSecret: 'test-secret' },
    { now: clock.now, ...options },
  );
}

export function smtpMailer(ctx: TestContext, smtp: TestSmtp) {
  return createMailer(ctx.database, smtp.url, 'Greenroom <no-reply@test>');
}

export interface SmtpTestEnv {
  ctx: TestContext;
  smtp: TestSmtp;
  mailer: Mailer;
}

/** The test app with an SMTP server of the file's own and a mailer to it, for a whole file. */
export function withSmtp(): SmtpTestEnv {
  const env = {} as SmtpTestEnv;
  beforeAll(async () => {
    env.ctx = await getTestApp();
    env.smtp = await startSmtp();
    env.mailer = smtpMailer(env.ctx, env.smtp);
  });
  afterAll(async () => {
    env.mailer.close();
    await env.smtp.close();
  });
  return env;
}

const MINUTE = 60_000;

/** A whole minute `minutes` from now, and its wall time in the zone for an event body. */
export function minutesFromNow(minutes: number, timeZone: string) {
  const at = new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE);
  return { at, wall: `${instantToWallTime(at, timeZone).slice(0, 16)}:00` };
}

export const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);
