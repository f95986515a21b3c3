// Who gets the next free pooled connection. A single statement gives its connection back after
// one round trip; a write's transaction holds it for several, and between them for as long as
// its request waits for the busy event loop. First come, first served made a one-statement read
// (a page view, the recent pages) queue behind transactions that would each hold the connection
// many times longer, so a brief turn waiting is served before a long one: at most BRIEF_AHEAD in
// a row, so a write always gets its turn.

/** How many waiting brief turns may be served while a long one waits, before it is. */
export const BRIEF_AHEAD = 6;

/** The same words node-postgres uses, so the caller answers 503 as for a pool that timed out. */
export const TURN_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * `brief`: one statement, or a read of a few statements that need each other (readTogether);
 * `long`: a transaction that writes.
 */
export type TurnKind = 'brief' | 'long';

interface Waiter {
  start: () => void;
  fail: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export class ConnectionTurns {
  private inUse = 0;
  private wentAhead = 0;
  private readonly waiting: Record<TurnKind, Waiter[]> = { brief: [], long: [] };

  /** `size`: the pool's connections; `timeoutMs`: how long a caller may wait (0: for ever). */
  constructor(
    private readonly size: number,
    private readonly timeoutMs: number,
  ) {}

  /** Runs `work` once a connection is this caller's turn; the turn ends as `work` settles. */
  async run<T>(kind: TurnKind, work: () => Promise<T>): Promise<T> {
    await this.take(kind);
    try {
      return await work();
    } finally {
      this.handOn();
    }
  }

  private take(kind: TurnKind): Promise<void> {
    if (this.inUse < this.size) {
      this.inUse++;
      return Promise.resolve();
    }
    return new Promise((start, fail) => {
      const waiter: Waiter = { start, fail };
      const queue = this.waiting[kind];
      if (this.timeoutMs > 0)
        waiter.timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          fail(new Error(TURN_TIMEOUT_MESSAGE));
        }, this.timeoutMs);
      queue.push(waiter);
    });
  }

  /** The ended turn's connection goes to the next waiter, or back to the free ones. */
  private handOn() {
    const next = this.next();
    if (!next) {
      this.inUse--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  private next(): Waiter | undefined {
    const { brief, long } = this.waiting;
    if (brief.length > 0 && (long.length === 0 || this.wentAhead < BRIEF_AHEAD)) {
      if (long.length > 0) this.wentAhead++;
      return brief.shift();
    }
    this.wentAhead = 0;
    return long.shift();
  }
}
