// Outgoing mail (SMTP or the outbox table) and the messages more than one feature sends.

export { approvalMail } from './approval-mail';
export type { Mail, Mailer } from './mailer';
