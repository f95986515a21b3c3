// The hot reads the benchmark measures (see registry.ts for how a feature adds its own).
// Targets: ten times what a usual Express + express-session + connect-pg-simple build manages on
// this 2-core machine, p99 under 50 ms at 32 connections.
import { benchCases } from './registry';

benchCases.push(
  { name: 'GET /api/me', path: '/api/me', target: { rps: 5000 } },
  { name: 'GET /api/organization-context', path: '/api/organization-context', signedIn: false },
  {
    name: 'GET /api/organizations/:id/stats',
    path: (ctx) => `/api/organizations/${ctx.organizationId}/stats`,
  },
);

// Feature cases: one import line each.
import './features/breakdown';
import './features/calendar';
import './features/directory';
import './features/library';
import './features/notifications';
import './features/scheduling';
import './features/volunteer';
