// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    totalCount: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    /** The request body of every request (a POST case). */
    body?: string;
    /** Sent in turn by each connection; setupRequest builds one just before it is sent (the write lines). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      setupRequest?(request: Record<string, unknown>): Record<string, unknown>;
      /** Each answer's status and body (the wiki line reads the page's new version). */
      onResponse?(status: number, body: unknown): void;
    }[];
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number; total: number };
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
