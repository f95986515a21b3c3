// Steady request load for the fault suites: a few loops, each sending its next request as soon as
// the last one answered, every answer recorded with when it was sent and how long it took.
import type { Reply } from './app';

export interface Sample {
  kind: string;
  /** When the request was sent (performance.now()). */
  at: number;
  ms: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  error?: string;
}

export interface Load {
  samples: Sample[];
  stop(): Promise<Sample[]>;
}

export function startLoad(requests: Record<string, () => Promise<Reply>>, loops = 4, pauseMs = 20): Load {
  const samples: Sample[] = [];
  let running = true;
  const kinds = Object.entries(requests);
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const [kind, fn] = kinds[i % kinds.length];
      const at = performance.now();
      try {
        const res = await fn();
        samples.push({ kind, at, ms: performance.now() - at, status: res.status });
      } catch (err) {
        samples.push({ kind, at, ms: performance.now() - at, status: 0, error: String(err) });
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const loopsDone = Promise.all(Array.from({ length: loops }, (_, n) => loop(n)));
  return {
    samples,
    async stop() {
      running = false;
      await loopsDone;
      return samples;
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (ms: number) => Math.round(ms);
