// Work on what someone else wrote (an uploaded file) runs on a worker thread with a deadline, so a
// file that never finishes costs its own upload a refusal instead of every organization the
// event loop they share. A thread past its deadline is ended wherever it is; one that answered
// waits, warm, for the next call.
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../http/errors';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export interface WorkerBudget {
  /** From handing the work over (to a thread perhaps still starting) to its answer. */
  timeMs: number;
  /** The thread's heap; past it the thread dies rather than the server. */
  memoryMb: number;
  /** The 400's message when the work runs out of time or memory. */
  tooCostly: string;
}

type Reply<T> = { ok?: T; error?: { statusCode: number; message: string } };

/** One idle thread per module, its code already loaded. */
const spares = new Map<string, Worker>();

function start(moduleUrl: string, memoryMb: number) {
  const worker = new Worker(ENTRY, {
    workerData: { moduleUrl },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
  // An idle or working thread never keeps a stopping server alive.
  worker.unref();
  // An idle thread that fails just ends; a working one's failure is its call's to report.
  worker.on('error', () => {});
  worker.once('exit', () => {
    if (spares.get(moduleUrl) === worker) spares.delete(moduleUrl);
  });
  return worker;
}

function release(moduleUrl: string, worker: Worker) {
  if (spares.has(moduleUrl)) void worker.terminate();
  else spares.set(moduleUrl, worker);
}

/** Threads working at once; more uploads wait their turn rather than each taking a core and a heap. */
const MAX_WORKING = 2;
let working = 0;
const waiting: (() => void)[] = [];

async function turn() {
  if (working < MAX_WORKING) working++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
}

/** The finished call's place goes to the first one waiting. */
function turnDone() {
  const next = waiting.shift();
  if (next) next();
  else working--;
}

/** Calls `exportName(...args)` of the module at `moduleUrl` on a worker thread; its 4xx errors come back as thrown. */
export async function runInWorker<T>(
  moduleUrl: URL,
  exportName: string,
  args: unknown[],
  budget: WorkerBudget,
): Promise<T> {
  await turn();
  try {
    return await callOnThread<T>(moduleUrl, exportName, args, budget);
  } finally {
    turnDone();
  }
}

function callOnThread<T>(
  moduleUrl: URL,
  exportName: string,
  args: unknown[],
  budget: WorkerBudget,
): Promise<T> {
  const key = moduleUrl.href;
  const worker = spares.get(key) ?? start(key, budget.memoryMb);
  spares.delete(key);
  return new Promise<T>((resolve, reject) => {
    const settle = (healthy: boolean, outcome: () => void) => {
      clearTimeout(deadline);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (healthy) release(key, worker);
      else void worker.terminate();
      outcome();
    };
    const onMessage = (reply: Reply<T>) =>
      settle(true, () => {
        const { error } = reply;
        if (!error) resolve(reply.ok as T);
        else if (error.statusCode < 500) reject(new AppError(error.statusCode, error.message));
        else reject(new Error(error.message));
      });
    const onError = (err: Error & { code?: string }) =>
      settle(false, () =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(budget.tooCostly) : err),
      );
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`The worker thread stopped (${code})`)));
    const deadline = setTimeout(
      () => settle(false, () => reject(badRequest(budget.tooCostly))),
      budget.timeMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ exportName, args });
  });
}
