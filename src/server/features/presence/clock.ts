// What the presence hub reads the time from and runs its housekeeping on. The server uses the
// system's; a test passes one it moves itself, so grace periods and expiry need no waiting.

export interface PresenceClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: PresenceClock = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
