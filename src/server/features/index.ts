// Every feature's routes, in one list: a new feature adds one line here.
import type { App } from '../http/types';
import { adminUserRoutes } from './admin-users/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { breakdownRoutes } from './breakdown/routes';
import { calendarRoutes } from './calendar/routes';
import { directoryRoutes } from './directory/routes';
import { fileRoutes } from './files/routes';
import { importRoutes } from './imports/routes';
import { legalRoutes } from './legal/routes';
import { notificationRoutes } from './notifications/routes';
import { organizationRoutes } from './organizations/routes';
import { manifestRoutes } from './org-settings/manifest-routes';
import { orgSettingsRoutes } from './org-settings/routes';
import { passwordRoutes } from './passwords/routes';
import { presenceRoutes } from './presence/routes';
import { reportRoutes } from './reports/routes';
import { registrationRoutes } from './registration/routes';
import { schedulingRoutes } from './scheduling/routes';
import { systemRoutes } from './system/routes';
import { teamAssetRoutes } from './teams/assets-routes';
import { teamMemberRoutes } from './teams/members-routes';
import { teamRoutes } from './teams/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { volunteerRoutes } from './volunteer/routes';
import { accountRoutes } from './account/routes';
import { publicLibraryRoutes } from './library/public-routes';
import { libraryRoutes } from './library/routes';

export const featureRoutes: ((app: App) => Promise<void>)[] = [
  authRoutes,
  registrationRoutes,
  passwordRoutes,
  organizationRoutes,
  systemRoutes,
  fileRoutes,
  adminUserRoutes,
  orgSettingsRoutes,
  manifestRoutes,
  auditRoutes,
  directoryRoutes,
  presenceRoutes,
  teamRoutes,
  teamMemberRoutes,
  teamAssetRoutes,
  calendarRoutes,
  accountRoutes,
  twoFactorRoutes,
  notificationRoutes,
  libraryRoutes,
  publicLibraryRoutes,
  importRoutes,
  schedulingRoutes,
  breakdownRoutes,
  reportRoutes,
  legalRoutes,
  volunteerRoutes,
];
