// What a feature's demo data looks like to the demo seeder. It lives apart from seed/demo.ts,
// which imports every feature's seeder, so a feature can name this type without an import loop.
import type { Database } from '../db/client';

export type DemoSeeder = (
  database: Database,
  ctx: { organizationId: number; userIds: Record<string, number> },
) => Promise<void>;
