// The mail outbox: every message the product sent or would have sent, for
// deployments without SMTP. System users read it and resend a message.
import type { OutboxMessage } from '../../../common/schemas/system';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { afterKey, type Keyset, orderBy, pageFrom } from '../../http/keyset';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { redactSecrets } from './redact-secrets';

const COLUMNS = `id, to_address as "toAddress", subject, sent_at as "sentAt", error, created_at as "createdAt"`;

// Newest first. A page starts after the last id seen, so it reads one range of the primary key
// however deep in a long outbox it is (an offset read and threw away every message before it).
export const OUTBOX_KEYSET: Keyset = { columns: [{ sql: 'id', type: 'int' }], descending: true };

export async function listOutbox(
  database: Database,
  page: { after: (string | number | boolean)[] | null; limit: number },
) {
  const after = afterKey(OUTBOX_KEYSET, page.after, 2);
  const [[{ total }], rows] = await Promise.all([
    database.query<{ total: number }>('select count(*)::int as total from mail_outbox'),
    database.query<OutboxMessage>(
      `select ${COLUMNS} from mail_outbox where ${after.sql} ${orderBy(OUTBOX_KEYSET)} limit $1`,
      [page.limit + 1, ...after.params],
    ),
  ]);
  return pageFrom(rows, page.limit, total, (r) => [r.id], withoutDeliveredSecrets);
}

export async function readOutbox(database: Database, id: number) {
  const [row] = await database.query<OutboxMessage & { textBody: string; htmlBody: string | null }>(
    `select ${COLUMNS}, text_body as "textBody", html_body as "htmlBody" from mail_outbox where id = $1`,
    [id],
  );
  if (!row) throw notFound('Message not found');
  return row;
}

const HIDDEN = '[hidden: delivered]';
const MAIL_TEXT_FIELDS = ['subject', 'textBody', 'htmlBody'] as const;

/**
 * A delivered message's secrets (one-time links, signed one-click and unsubscribe links) are
 * hidden: the person has them already and nobody else should. Undelivered ones are shown whole,
 * since without SMTP the operator passes them on; resending uses the stored original either way.
 */
export function withoutDeliveredSecrets<T extends { sentAt: string | null }>(message: T): T {
  if (!message.sentAt) return message;
  const copy: Record<string, unknown> = { ...message };
  for (const field of MAIL_TEXT_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = redactSecrets(value, HIDDEN);
  }
  return copy as T;
}

/** Sends the message again (a new outbox entry, through SMTP when configured). */
export async function resendOutbox(database: Database, mailer: Mailer, actorId: number, id: number) {
  const message = await readOutbox(database, id);
  await mailer.send({
    to: message.toAddress,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody ?? undefined,
  });
  await recordAudit(database.db, {
    organizationId: null,
    actorId,
    action: 'mail.resent',
    targetType: 'mail',
    targetId: id,
    details: { to: message.toAddress, subject: message.subject },
  });
  const [latest] = await database.query<OutboxMessage>(
    `select ${COLUMNS} from mail_outbox where to_address = $1 and subject = $2 order by id desc limit 1`,
    [message.toAddress, message.subject],
  );
  return latest;
}
