// The benchmark's list of hot reads. A feature adds its own cases in
// scripts/bench/features/<area>.ts and one import line in scripts/bench/cases.ts:
//
//   import { benchCases } from '../registry';
//   benchCases.push({
//     name: 'calendar month (120 events)',
//     path: (ctx) => `/api/organizations/${ctx.organizationId}/calendar/events?start=...&end=...`,
//     target: { rps: 1600 },
//     async setup(ctx) {
//       // Insert what the endpoint reads, scoped to ctx.organizationId, with plain SQL through
//       // ctx.database.query (the bench never imports tests/). Runs once, before the server starts.
//     },
//   });
//
// A read that takes a body (a conflicts check) sets `method: 'POST'` and `body`; it is sent as
// JSON from the organization's own origin and never measured conditionally. A case that must
// miss every kept answer sets `freshBody` instead: each request then asks a different question.
//
// Every case is measured twice (full 200 answer, then the If-None-Match 304 answer unless
// `conditional: false`), each beside a bare Node server answering the same bytes. Requests carry
// a browser's Accept-Encoding; `uncompressed: true` adds a run without it.
import type { Database } from '../../src/server/db/client';

/** An approved organization the bench seeded, and its people. */
export interface BenchOrganization {
  organizationId: number;
  shortname: string;
  /** The signed-in member (owner); every case runs with their session unless `signedIn: false`. */
  ownerId: number;
  /** Every active member, owner first (40 people in every permission level). */
  memberIds: number[];
}

/** What the bench seeded before any case's setup: the shared organization (`bench`). */
export interface BenchContext extends BenchOrganization {
  database: Database;
  /**
   * Seeds another organization (40 members unless told) for a case whose numbers must not
   * depend on what other cases add to the shared one; the case names it in `organization`.
   */
  addOrganization(shortname: string, members?: number): Promise<BenchOrganization>;
  /** Free-form values one setup leaves for its own path function (e.g. a team id). */
  values: Record<string, string | number>;
}

export interface BenchCase {
  name: string;
  /** The URL path and query; a function when it needs ids from setup. */
  path: string | ((ctx: BenchContext) => string);
  /** GET (default), or POST for a read whose question is a body. */
  method?: 'GET' | 'POST';
  /** A POST's JSON body; a function when it needs ids from setup. */
  body?: (ctx: BenchContext) => unknown;
  /**
   * Instead of `body`: the n-th request's body (n counts from 0 over the whole case, warm-ups
   * included), different for every n, so no answer the server keeps can serve it and the line
   * measures computing the answer.
   */
  freshBody?: (ctx: BenchContext, n: number) => unknown;
  /** `org` (default): on {shortname}.localhost; `main`: on the main site. */
  host?: 'org' | 'main';
  /** Shortname of an organization the case's setup added (default: the shared one). */
  organization?: string;
  /** Send the organization owner's session cookie (default true). */
  signedIn?: boolean;
  /** Also measure the conditional GET (If-None-Match → 304); default true. */
  conditional?: boolean;
  /** Also measure a client that does not accept compressed answers (every run sends what a browser does). */
  uncompressed?: boolean;
  /** The goals this endpoint must reach (printed as ok/MISS); p99 defaults to 50 ms. */
  target?: { rps?: number; p99Ms?: number };
  setup?(ctx: BenchContext): Promise<void>;
}

export const benchCases: BenchCase[] = [];
