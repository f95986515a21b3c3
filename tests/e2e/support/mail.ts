// The e2e mailbox: every message the app sent during this run, as captured by the SMTP catcher
// in support/web-server.ts (one JSON file per message in the run's mail directory).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './env';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export function allMail(): CapturedMail[] {
  return readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), 'utf8')) as CapturedMail);
}

/** Waits for the newest message to `to` (and matching `subject`, when given); fails after `timeoutMs`. */
export async function waitForMail(
  to: string,
  opts: { subject?: string | RegExp; since?: Date; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const address = to.toLowerCase();
  const matches = (mail: CapturedMail) =>
    mail.to.some((t) => t.toLowerCase() === address) &&
    (!opts.since || new Date(mail.receivedAt) >= opts.since) &&
    (opts.subject === undefined ||
      (typeof opts.subject === 'string'
        ? mail.subject.includes(opts.subject)
        : opts.subject.test(mail.subject)));
  for (;;) {
    const found = allMail().filter(matches).at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to}${opts.subject ? ` about ${opts.subject}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first http(s) link in a message's text, optionally the first one containing `contains`. */
export function linkIn(mail: CapturedMail, contains = ''): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(contains));
  if (!link) throw new Error(`No link${contains ? ` with ${contains}` : ''} in mail "${mail.subject}"`);
  return link;
}
