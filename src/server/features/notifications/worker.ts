// The notification worker: every instance runs one. Each tick scans for due reminders, calendar
// changes and digests (at the injected clock's `now`), then runs the jobs that are due. Tests
// drive it with their own clock and call tick() themselves.
import { claimJobs, completeJob, failJob } from './jobs';
import { type MailDeps, runJob } from './mail-jobs';
import { pushAll } from './deliver';
import { processChanges, pruneJobs, scanDigests, scanReminders } from './scans';

export interface WorkerOptions {
  now?: () => Date;
  /** How often a tick runs; change notices to `immediate` members go out within one. */
  intervalMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

export class NotificationWorker {
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: MailDeps,
    private readonly options: WorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start() {
    const every = this.options.intervalMs ?? 15_000;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error) =>
          (this.options.log ?? console).error({ err: error }, 'notification worker tick failed'),
        )
        .finally(() => {
          this.running = undefined;
        });
    }, every);
    this.timer.unref();
  }

  /** Stops taking work and waits for the tick in progress (its jobs finish or their lease ends). */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round of work at the clock's `now`; throws what went wrong (start() logs it). */
  async tick(): Promise<void> {
    const now = this.now();
    const { database } = this.deps;
    await pushAll(database, await scanReminders(database, now));
    await pushAll(database, await processChanges(database, now));
    await scanDigests(database, now);
    await this.runDueJobs(now);
    await pruneJobs(database, now);
  }

  private async runDueJobs(now: Date) {
    // Until nothing is due, within a time budget so that the next scan is not held up for long.
    const until = Date.now() + 10_000;
    while (!this.stopped && Date.now() < until) {
      const jobs = await claimJobs(this.deps.database, now);
      if (jobs.length === 0) return;
      for (const job of jobs) {
        try {
          await runJob(this.deps, job, now);
          await completeJob(this.deps.database, job.id, now);
        } catch (error) {
          await failJob(this.deps.database, job, now, error);
        }
      }
    }
  }
}
