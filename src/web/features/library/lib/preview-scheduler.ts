// When and where the library editor's live preview is drawn. Drawing a page near the 1 MB limit
// takes long enough that the text box must never wait for it: the library's one renderer runs in
// a worker (markdown-preview.worker.ts), once typing pauses, one text at a time. Only the newest
// text's preview is ever shown; an answer for an older text is dropped by its sequence number.
import type { LinkTarget } from '@common/library/markdown';

/** A page this long waits for a longer pause, and says so while its preview is out of date. */
export const LONG_PAGE_CHARS = 100_000;
const PAUSE_MS = 150;
const LONG_PAGE_PAUSE_MS = 600;

export const isLongPage = (content: string) => content.length > LONG_PAGE_CHARS;

/** Sent to the worker; `targets` only when they differ from the last ones sent (the worker keeps them). */
export interface PreviewJob {
  seq: number;
  content: string;
  targets?: readonly LinkTarget[];
}

/** The worker's answer: the sanitized HTML of job `seq`, cut into its top-level blocks (html-blocks.ts). */
export interface PreviewDone {
  seq: number;
  blocks: string[];
}

/** The part of a Worker the scheduler uses, so tests can stand in for one. */
export interface PreviewPort {
  postMessage(job: PreviewJob): void;
  onmessage: ((event: MessageEvent<PreviewDone>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface PreviewSchedulerOptions {
  /** The worker, or null where workers are not available. */
  port: PreviewPort | null;
  /** Draws on the main thread: used only without a worker, or once the worker failed to run. */
  fallback: (content: string, targets: readonly LinkTarget[]) => Promise<string[]>;
  /** The newest text's preview, with the text it shows. */
  onPreview: (blocks: string[], content: string) => void;
}

export interface PreviewScheduler {
  /** Asks for the preview of this text: at once the first time, after a typing pause later. */
  request(content: string, targets: readonly LinkTarget[]): void;
  dispose(): void;
}

interface Job {
  seq: number;
  content: string;
  targets: readonly LinkTarget[];
}

export function createPreviewScheduler({
  port,
  fallback,
  onPreview,
}: PreviewSchedulerOptions): PreviewScheduler {
  let worker = port;
  let seq = 0;
  let requested = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: Job | null = null;
  /** Whether the waiting text's typing pause has passed. */
  let due = false;
  let inFlight: Job | null = null;
  let sentTargets: readonly LinkTarget[] | null = null;
  let disposed = false;

  const finish = (job: Job, blocks: string[]) => {
    if (disposed || inFlight?.seq !== job.seq) return;
    inFlight = null;
    if (job.seq === seq) onPreview(blocks, job.content);
    send();
  };

  const renderOnMainThread = (job: Job) => {
    fallback(job.content, job.targets).then(
      (blocks) => finish(job, blocks),
      (error: unknown) => {
        // The preview stays as it was; the next pause tries again.
        console.error('Could not draw the preview', error);
        if (inFlight?.seq === job.seq) inFlight = null;
      },
    );
  };

  const switchToMainThread = () => {
    worker?.terminate();
    worker = null;
    if (inFlight && !disposed) renderOnMainThread(inFlight);
  };

  if (worker) {
    worker.onmessage = (event) => {
      if (inFlight?.seq === event.data.seq) finish(inFlight, event.data.blocks);
    };
    // The worker could not load or crashed: the preview is still drawn, on the main thread.
    worker.onerror = (event) => {
      event.preventDefault();
      switchToMainThread();
    };
  }

  // One render at a time, so a worker busy with an old text is not handed a queue of them.
  function send() {
    if (disposed || inFlight || !waiting || !due) return;
    const job = waiting;
    waiting = null;
    inFlight = job;
    if (!worker) return renderOnMainThread(job);
    const targetsChanged = job.targets !== sentTargets;
    sentTargets = job.targets;
    worker.postMessage({
      seq: job.seq,
      content: job.content,
      ...(targetsChanged ? { targets: job.targets } : {}),
    });
  }

  return {
    request(content, targets) {
      if (disposed) return;
      seq += 1;
      waiting = { seq, content, targets };
      clearTimeout(timer);
      const pause = !requested ? 0 : isLongPage(content) ? LONG_PAGE_PAUSE_MS : PAUSE_MS;
      requested = true;
      due = pause === 0;
      if (due) return send();
      timer = setTimeout(() => {
        due = true;
        send();
      }, pause);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      worker?.terminate();
      worker = null;
    },
  };
}
