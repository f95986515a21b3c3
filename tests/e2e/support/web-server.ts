// The e2e webServer command: a catch-all SMTP server, then the real app exactly as `npm start`
// runs it, in this one process. The app sends over SMTP_URL to the catcher, which writes each
// message as JSON into E2E_MAIL_DIR, where tests in any worker read it (support/mail.ts).
// Mail is captured here rather than inside a test worker because the server has one SMTP_URL
// while tests run in several worker processes.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMessage } from './mime';

const mailDir = process.env.E2E_MAIL_DIR;
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const runDir = process.env.E2E_RUN_DIR;
if (!mailDir || !smtpPort || !runDir)
  throw new Error('Run through playwright.config.ts (E2E_* variables missing)');

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const message = parseMessage(Buffer.concat(chunks).toString('utf8'));
      const to = session.envelope.rcptTo.map((r) => r.address);
      count += 1;
      const file = path.join(mailDir, `${Date.now()}-${String(count).padStart(5, '0')}.json`);
      writeFileSync(file, JSON.stringify({ ...message, to, receivedAt: new Date().toISOString() }));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

// The run's folder (embedded database, captured mail) is this run's alone; the app exits on
// SIGTERM once the tests are done, and takes the folder with it.
process.on('exit', () => {
  rmSync(runDir, { recursive: true, force: true });
});

// Held in a variable so the type checker does not look for declarations of a plain .mjs script.
const start = '../../../scripts/start.mjs';
await import(start);
