// The mail outbox (DESIGN §2): every message the product sent or would have sent, for
// deployments without SMTP. System users read it and resend a message.
import type { OutboxMessage } from '../../../common/types/system';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import type { Mailer } from '../mail/mailer';

const COLUMNS = `id, to_address as "toAddress", subject, sent_at as "sentAt", error, created_at as "createdAt"`;

export async function listOutbox(database: Database, page: number, pageSize: number) {
  const [{ total }] = await database.query<{ total: number }>(
    'select count(*)::int as total from mail_outbox',
  );
  const items = await database.query<OutboxMessage>(
    `select ${COLUMNS} from mail_outbox order by id desc limit $1 offset $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return { items, total, page, pageSize };
}

export async function readOutbox(database: Database, id: number) {
  const [row] = await database.query<OutboxMessage & { textBody: string; htmlBody: string | null }>(
    `select ${COLUMNS}, text_body as "textBody", html_body as "htmlBody" from mail_outbox where id = $1`,
    [id],
  );
  if (!row) throw notFound('Message not found');
  return row;
}

/**
 * A delivered message's one-time links (password reset, verification, set-password) are hidden:
 * the person has them already and nobody else should. Undelivered ones are shown whole, since
 * without SMTP the operator passes them on; resending uses the stored original either way.
 */
export function withoutDeliveredTokens<
  T extends { sentAt: string | null; textBody: string; htmlBody: string | null },
>(message: T): T {
  if (!message.sentAt) return message;
  const hide = (text: string) => text.replace(/([?&]token=)[^\s&"'<]+/g, '$1[hidden: delivered]');
  return {
    ...message,
    textBody: hide(message.textBody),
    htmlBody: message.htmlBody && hide(message.htmlBody),
  };
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
