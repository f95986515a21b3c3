// Notifications: settings, the notification centre, announcements, and the jobs that mail and
// push them.

export { composeMail } from './compose';
export type { MailSection } from './compose';
export { deliverAll, pushAll } from './deliver';
export type { Notice, Pushed } from './deliver';
export { enqueue } from './jobs';
export type { Job } from './jobs';
export type { MailDeps } from './mail-jobs';
export { loadPreferences, prefSql } from './preferences';
export { inTransaction } from './scans';
export { unsubscribeUrl } from './unsubscribe';
