// Rehearsal and performance reports, their notes by department, and the mail that publishes them.

export { runReportMailJob } from './report-mail';
export { REPORT_MAIL_JOB } from './service';
