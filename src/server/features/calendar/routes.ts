// The calendar feature's routes, one plugin per resource.
import type { App } from '../../http/types';
import { eventRoutes } from './events/events-routes';
import { feedRoutes } from './feeds/feeds-routes';
import { followRoutes } from './following/follow-routes';
import { publicRoutes } from './events/public-routes';

export async function calendarRoutes(app: App) {
  await eventRoutes(app);
  await followRoutes(app);
  await feedRoutes(app);
  await publicRoutes(app);
}
