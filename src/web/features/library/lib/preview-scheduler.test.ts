import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPreviewScheduler,
  LONG_PAGE_CHARS,
  type PreviewDone,
  type PreviewJob,
  type PreviewPort,
} from './preview-scheduler';

/** A worker that keeps what it was sent and answers only when the test says so. */
class FakeWorker implements PreviewPort {
  jobs: PreviewJob[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<PreviewDone>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(job: PreviewJob) {
    this.jobs.push(job);
  }
  terminate() {
    this.terminated = true;
  }
  answer(job: PreviewJob, html = `<p>${job.content}</p>`) {
    this.onmessage?.({ data: { seq: job.seq, blocks: [html] } } as MessageEvent<PreviewDone>);
  }
  fail() {
    this.onerror?.(new Event('error') as ErrorEvent);
  }
}

const HOME = [{ title: 'Home', slug: 'home' }];

function setUp(port: PreviewPort | null = new FakeWorker()) {
  const shown: { html: string; content: string }[] = [];
  const fallback = vi.fn(async (content: string) => [`<p>main ${content}</p>`]);
  const scheduler = createPreviewScheduler({
    port,
    fallback,
    onPreview: (blocks, content) => shown.push({ html: blocks.join(''), content }),
  });
  return { scheduler, shown, fallback, worker: port as FakeWorker };
}

describe('the library editor preview scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first text at once and later ones when typing pauses', () => {
    const { scheduler, worker, shown } = setUp();
    scheduler.request('a', HOME);
    expect(worker.jobs.map((j) => j.content)).toEqual(['a']);
    worker.answer(worker.jobs[0]);
    expect(shown).toEqual([{ html: '<p>a</p>', content: 'a' }]);

    scheduler.request('ab', HOME);
    scheduler.request('abc', HOME);
    expect(worker.jobs).toHaveLength(1);
    vi.advanceTimersByTime(200);
    // Only the text as it stood when typing paused is sent.
    expect(worker.jobs.map((j) => j.content)).toEqual(['a', 'abc']);
  });

  it('waits longer before drawing a long page', () => {
    const { scheduler, worker } = setUp();
    scheduler.request('first', HOME);
    worker.answer(worker.jobs[0]);
    const long = 'x'.repeat(LONG_PAGE_CHARS + 1);
    scheduler.request(long, HOME);
    vi.advanceTimersByTime(200);
    expect(worker.jobs).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(worker.jobs).toHaveLength(2);
  });

  it('keeps one render in flight and sends only the newest text after it', () => {
    const { scheduler, worker, shown } = setUp();
    scheduler.request('one', HOME);
    scheduler.request('two', HOME);
    vi.advanceTimersByTime(1000);
    scheduler.request('three', HOME);
    vi.advanceTimersByTime(1000);
    // 'one' is still being drawn: nothing else is sent meanwhile.
    expect(worker.jobs.map((j) => j.content)).toEqual(['one']);
    worker.answer(worker.jobs[0]);
    // A newer text was asked for, so the answer for 'one' is never shown.
    expect(shown).toEqual([]);
    expect(worker.jobs.map((j) => j.content)).toEqual(['one', 'three']);
    worker.answer(worker.jobs[1]);
    expect(shown).toEqual([{ html: '<p>three</p>', content: 'three' }]);
  });

  it('does not send a text while its typing pause is still running', () => {
    const { scheduler, worker } = setUp();
    scheduler.request('one', HOME);
    scheduler.request('one t', HOME);
    // The render of 'one' ends while typing goes on: the half-typed text waits for its pause.
    worker.answer(worker.jobs[0]);
    expect(worker.jobs).toHaveLength(1);
    scheduler.request('one two', HOME);
    vi.advanceTimersByTime(100);
    expect(worker.jobs).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(worker.jobs.map((j) => j.content)).toEqual(['one', 'one two']);
  });

  it('drops an answer whose sequence number is not the newest', () => {
    const { scheduler, worker, shown } = setUp();
    scheduler.request('one', HOME);
    const [first] = worker.jobs;
    scheduler.request('two', HOME);
    vi.advanceTimersByTime(1000);
    worker.answer(first);
    const second = worker.jobs[1];
    expect(second.seq).toBeGreaterThan(first.seq);
    // A repeated or stray answer for the old job is ignored too.
    worker.answer(first, '<p>stale</p>');
    worker.answer(second);
    worker.answer(first, '<p>stale</p>');
    expect(shown.map((s) => s.html)).toEqual(['<p>two</p>']);
  });

  it('sends the link targets only when they change', () => {
    const { scheduler, worker } = setUp();
    scheduler.request('one', HOME);
    worker.answer(worker.jobs[0]);
    scheduler.request('two', HOME);
    vi.advanceTimersByTime(1000);
    worker.answer(worker.jobs[1]);
    const more = [...HOME, { title: 'Rigging', slug: 'rigging' }];
    scheduler.request('three', more);
    vi.advanceTimersByTime(1000);
    expect(worker.jobs.map((j) => j.targets)).toEqual([HOME, undefined, more]);
  });

  it('draws on the main thread when there is no worker', async () => {
    const { scheduler, shown, fallback } = setUp(null);
    scheduler.request('one', HOME);
    await vi.runAllTimersAsync();
    expect(fallback).toHaveBeenCalledWith('one', HOME);
    expect(shown).toEqual([{ html: '<p>main one</p>', content: 'one' }]);
  });

  it('falls back to the main thread when the worker cannot run, redrawing what it had', async () => {
    const { scheduler, worker, shown, fallback } = setUp();
    scheduler.request('one', HOME);
    worker.fail();
    expect(worker.terminated).toBe(true);
    await vi.runAllTimersAsync();
    expect(fallback).toHaveBeenCalledWith('one', HOME);
    expect(shown).toEqual([{ html: '<p>main one</p>', content: 'one' }]);
    scheduler.request('two', HOME);
    await vi.runAllTimersAsync();
    expect(worker.jobs).toHaveLength(1);
    expect(shown.at(-1)).toEqual({ html: '<p>main two</p>', content: 'two' });
  });

  it('shows nothing and ends the worker once disposed', () => {
    const { scheduler, worker, shown } = setUp();
    scheduler.request('one', HOME);
    scheduler.request('two', HOME);
    scheduler.dispose();
    expect(worker.terminated).toBe(true);
    worker.answer(worker.jobs[0]);
    vi.advanceTimersByTime(1000);
    expect(worker.jobs).toHaveLength(1);
    expect(shown).toEqual([]);
  });
});
