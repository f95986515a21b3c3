// Rehearsal scheduling's routes, one plugin per resource.
import type { App } from '../../http/types';
import { attendanceRoutes } from './attendance-routes';
import { availabilityRoutes } from './availability-routes';
import { callRoutes } from './calls-routes';

export async function schedulingRoutes(app: App) {
  await availabilityRoutes(app);
  await callRoutes(app);
  await attendanceRoutes(app);
}
