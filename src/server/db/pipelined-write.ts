// A write of a transaction sent as one pipeline: its lock statement, the write behind it and the
// answer's read with the COMMIT go out without waiting for each other's answers, so the write
// costs one round trip to the database instead of one per statement. On PostgreSQL what is sent
// in one go also leaves in one write on the socket (the transaction corks it: pg-corking.ts).
// Feature code says what to lock, write and answer; this module says how they travel.
import { lastStatement, type Runner } from './client';

/**
 * What a write sent: `value`, what the answer needs (known now, or once the write returned), and
 * `pending`, the part of the write still on its way. The answer's read is sent without waiting
 * for it; should it fail, the transaction is aborted, the COMMIT sent behind it rolls back, and
 * its failure is the answer.
 */
export interface Sent<V> {
  value: V;
  pending?: Promise<unknown>;
}

export interface PipelinedWrite<V, A> {
  /**
   * The lock statement, sent and not awaited. It refuses (fails) rather than reports, so the
   * write may follow it at once: should it refuse, its refusal is the answer, not the failures of
   * what was sent behind it.
   */
  locked: Promise<unknown>;
  /** Sends the write on `q`; awaits only what a later step needs to know. */
  write: (q: Runner) => Promise<Sent<V>>;
  /** Reads the answer on `last`, whose statement goes with the COMMIT (Runner.last). */
  answer: (last: Runner, value: V) => Promise<A>;
}

/** Runs one pipelined write in the transaction of `q` (see PipelinedWrite); the answer's value. */
export function pipelinedWrite<V, A>(q: Runner, steps: PipelinedWrite<V, A>): Promise<A> {
  return behindLock(steps.locked, async () => {
    const { value, pending } = await steps.write(q);
    const read = steps.answer(lastStatement(q), value);
    // Both are awaited, so neither failure goes unhandled; the write's own failure comes first.
    const [written, answered] = await Promise.allSettled([pending, read]);
    if (written.status === 'rejected') throw written.reason;
    if (answered.status === 'rejected') throw answered.reason;
    return answered.value;
  });
}

/**
 * Runs `work`, sent behind `locked` without waiting for it. Should the lock statement refuse, the
 * transaction is aborted and what `work` sent fails with it: the refusal is the answer.
 */
async function behindLock<T>(locked: Promise<unknown>, work: () => Promise<T>): Promise<T> {
  // Handled until awaited below, whichever way work() goes.
  locked.catch(() => {});
  try {
    const [result] = await Promise.all([work(), locked]);
    return result;
  } catch (error) {
    await locked;
    throw error;
  }
}
