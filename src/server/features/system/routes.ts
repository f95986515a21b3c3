// System administration: every /api/system/* route is for system users only (access 'system',
// decided before validation, so anyone else learns nothing about a route's inputs and changes
// nothing: 401 signed out, 403 for every organization role, owners included).
import type { App } from '../../http/types';
import { databaseRoutes } from './database-routes';
import { insightRoutes } from './insight-routes';
import { organizationRoutes } from './organization-routes';
import { settingsRoutes } from './settings-routes';

export async function systemRoutes(app: App) {
  await organizationRoutes(app);
  await databaseRoutes(app);
  await settingsRoutes(app);
  await insightRoutes(app);
}
