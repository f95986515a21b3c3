// The notification worker: every instance runs one. Each tick scans for due reminders, calendar
// changes and digests (at the injected clock's `now`), then runs the jobs that are due. Tests
// drive it with their own clock and call tick() themselves.
import { claimJobs, completeJob, failJob } from './jobs';
import { type MailDeps, runJob } from './mail-jobs';
import { pushAll } from './deliver';
import { scanOpenShiftDigests, scanShiftReminders } from '../volunteer';
import { processChanges, pruneJobs, scanDigests, scanReminders } from './scans';

/** Jobs one tick runs at most, and takes per claim (a claim's lease covers them all). */
export const JOBS_PER_TICK = 500;
const JOBS_PER_CLAIM = 20;
/**
 * Change batches one tick takes at most (CHANGES_PER_BATCH each): a backlog left by a burst of
 * edits goes out at once, where one batch a tick fell further behind every busy minute, and a
 * tick still ends.
 */
const CHANGE_BATCHES_PER_TICK = 20;

/** Lets waiting I/O (requests, their queries) run before the worker's next statement. */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface WorkerOptions {
  now?: () => Date;
  /** How often a tick runs; change notices to `immediate` members go out within one. */
  intervalMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
  /**
   * Plan the day's digests (default true). Tests of other kinds of job turn it off: on a test
   * database shared with hundreds of organizations, their ticks would otherwise send everyone's
   * digests before reaching the job under test.
   */
  planDigests?: boolean;
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
    pushAll(database, await scanReminders(database, now));
    pushAll(database, await scanShiftReminders(database, now));
    pushAll(database, await scanOpenShiftDigests(database, now));
    for (let batch = 0; batch < CHANGE_BATCHES_PER_TICK && !this.stopped; batch++) {
      const { pushed, more } = await processChanges(database, now);
      pushAll(database, pushed);
      if (!more) break;
      await giveWay();
    }
    if (this.options.planDigests !== false) await scanDigests(database, now);
    await this.runDueJobs(now);
    await pruneJobs(database, now);
  }

  private async runDueJobs(now: Date) {
    // A bounded number per tick, a few at a time, giving way between jobs: the embedded database
    // runs one statement at a time on this thread, and PGlite answers without returning to the
    // event loop, so without the pause a run of jobs kept every request waiting (12 s of each
    // 15 s tick with a morning's 20,000 digests). What is left waits for the next tick.
    let left = JOBS_PER_TICK;
    while (!this.stopped && left > 0) {
      const jobs = await claimJobs(this.deps.database, now, Math.min(JOBS_PER_CLAIM, left));
      if (jobs.length === 0) return;
      left -= jobs.length;
      for (const job of jobs) {
        await giveWay();
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
