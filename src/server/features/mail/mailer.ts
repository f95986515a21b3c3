// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table,
// which a system user can read. Every message is recorded in the outbox either way.
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Best effort: a failure is recorded in the outbox, never thrown (the request still succeeds). */
  send(mail: Mail): Promise<void>;
  /** For the job worker: like send, but a failed SMTP delivery throws so the job is retried. */
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(database: Database, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const deliver = async (mail: Mail) => {
    const [row] = await database.query<{ id: number }>(
      'insert into mail_outbox (to_address, subject, text_body, html_body) values ($1, $2, $3, $4) returning id',
      [mail.to, mail.subject, mail.text, mail.html ?? null],
    );
    if (!transport) return;
    try {
      await transport.sendMail({ from, ...mail });
      await database.query('update mail_outbox set sent_at = now() where id = $1', [row.id]);
    } catch (err) {
      // Kept for the outbox reader either way.
      await database.query('update mail_outbox set error = $2 where id = $1', [
        row.id,
        (err as Error).message,
      ]);
      throw err;
    }
  };
  return {
    deliver,
    async send(mail) {
      // The request that caused the mail still succeeds; the failure is in the outbox.
      await deliver(mail).catch(() => undefined);
    },
    close() {
      transport?.close();
    },
  };
}
