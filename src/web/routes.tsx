// Every screen of the app, one line each. A later feature adds its line here (and, if it has a
// side-menu entry, one in components/layout/nav.ts); anything not listed falls to the 404 page.
//   access: 'public' (anyone), 'signed-in' (else → /login), 'system' (system users; else → /dashboard),
//   'organization' (signed in with an organization; a system user on the main site → the picker)
//   layout: 'app' wraps the screen in the header and side menu; 'bare' shows it alone.
import { type ComponentType, lazy } from 'react';
import type { Access } from './components/route-guard';

/** A screen whose module loads on first visit; `preload` fetches it ahead of rendering. */
export type PageComponent = ComponentType & { preload: () => Promise<unknown> };

export interface AppRoute {
  path: string;
  component: PageComponent;
  access: Access;
  layout: 'app' | 'bare';
}

/**
 * Loads a page's module only when it is first visited, so the first paint stays small. Once
 * loaded it renders directly, without suspending (see preloadScreen).
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): PageComponent {
  let loading: Promise<M> | undefined;
  let Loaded: ComponentType | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
        return module;
      },
      (error) => {
        // A failed download (say, offline for a moment) is tried again on the next visit.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: (await preload())[name] as ComponentType }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when this module loads, never during a render
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * The module of the screen at `pathname`, loaded before the app first renders: a lazy screen
 * rendered before its module is in would show the loading fallback, and React then holds the
 * real screen back for a moment after it arrives.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return routeAt(pathname)?.component.preload() ?? Promise.resolve();
}

/** The route the router shows at `pathname`, if any (wouter's patterns: `:name` is one segment). */
export function routeAt(pathname: string): AppRoute | undefined {
  return routes.find((r) => patternOf(r.path).test(pathname));
}

// One component for the calendar's three addresses, so switching tabs keeps the view and date.
const CalendarPage = page(() => import('./features/calendar/pages/calendar-page'), 'CalendarPage');

export const routes: AppRoute[] = [
  {
    path: '/',
    component: page(() => import('./features/auth/pages/landing-page'), 'LandingPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/login',
    component: page(() => import('./features/auth/pages/login-page'), 'LoginPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/temp-login',
    component: page(() => import('./features/auth/pages/temp-login-page'), 'TempLoginPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/register',
    component: page(() => import('./features/auth/pages/register-page'), 'RegisterPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/register/:orgShortname',
    component: page(() => import('./features/auth/pages/join-page'), 'JoinPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/registration-pending',
    component: page(
      () => import('./features/auth/pages/registration-pending-page'),
      'RegistrationPendingPage',
    ),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/terms',
    component: page(() => import('./features/legal/pages/legal-page'), 'TermsPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/privacy',
    component: page(() => import('./features/legal/pages/legal-page'), 'PrivacyPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/forgot-password',
    component: page(() => import('./features/auth/pages/forgot-password-page'), 'ForgotPasswordPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/verify-email',
    component: page(() => import('./features/auth/pages/verify-email-page'), 'VerifyEmailPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/confirm-email',
    component: page(() => import('./features/auth/pages/confirm-email-page'), 'ConfirmEmailPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/reset-password',
    component: page(() => import('./features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/notification-settings',
    component: page(
      () => import('./features/notifications/pages/notification-settings-page'),
      'NotificationSettingsPage',
    ),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/dashboard',
    component: page(() => import('./features/dashboard/pages/dashboard-page'), 'DashboardPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/directory',
    component: page(() => import('./features/directory/pages/directory-page'), 'DirectoryPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/directory/people',
    component: page(() => import('./features/directory/pages/directory-page'), 'DirectoryPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/directory/people/:handle',
    component: page(() => import('./features/directory/pages/person-page'), 'PersonPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/directory/teams',
    component: page(() => import('./features/teams/pages/teams-page'), 'TeamsPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/directory/teams/:handle',
    component: page(() => import('./features/teams/pages/team-page'), 'TeamPage'),
    access: 'organization',
    layout: 'app',
  },
  ...['/calendar', '/calendar/home', '/calendar/my-schedule', '/calendar/availability'].map(
    (path): AppRoute => ({ path, component: CalendarPage, access: 'organization', layout: 'app' }),
  ),
  {
    path: '/calendar/call-sheet',
    component: page(() => import('./features/scheduling/pages/call-sheet-page'), 'CallSheetPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/volunteer',
    component: page(() => import('./features/volunteer/pages/volunteer-page'), 'VolunteerPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/calendar/attendance',
    component: page(
      () => import('./features/scheduling/pages/attendance-report-page'),
      'AttendanceReportPage',
    ),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/calendar/events/:eventId/report',
    component: page(() => import('./features/reports/pages/report-page'), 'ReportPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/calendar/report-notes',
    component: page(() => import('./features/reports/pages/report-notes-page'), 'ReportNotesPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    // The call mail's one-click Confirm / Can't make it: works signed out.
    path: '/calls/respond',
    component: page(() => import('./features/scheduling/pages/call-respond-page'), 'CallRespondPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/public/:orgShortname/calendar',
    component: page(() => import('./features/calendar/pages/public-calendar-page'), 'PublicCalendarPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/account-settings',
    component: page(() => import('./features/account/pages/account-settings-page'), 'AccountSettingsPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/library',
    component: page(() => import('./features/library/pages/library-page'), 'LibraryIndexPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/library/:slug',
    component: page(() => import('./features/library/pages/library-page'), 'LibraryPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/library-search',
    component: page(() => import('./features/library/pages/library-search-page'), 'LibrarySearchPage'),
    access: 'organization',
    layout: 'app',
  },
  {
    path: '/public/:orgShortname/library',
    component: page(() => import('./features/library/pages/public-library-page'), 'PublicLibraryIndexPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/public/:orgShortname/library/:slug',
    component: page(() => import('./features/library/pages/public-library-page'), 'PublicLibraryPage'),
    access: 'public',
    layout: 'bare',
  },
  {
    path: '/admin/users',
    component: page(() => import('./features/admin/pages/users-page'), 'UsersPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/admin/settings',
    component: page(() => import('./features/admin/pages/settings-page'), 'SettingsPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/admin/branding',
    component: page(() => import('./features/admin/pages/branding-page'), 'BrandingPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/admin/import',
    component: page(() => import('./features/imports/pages/import-page'), 'ImportPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/admin/audit',
    component: page(() => import('./features/admin/pages/audit-page'), 'AuditPage'),
    access: 'signed-in',
    layout: 'app',
  },
  {
    path: '/system/approval-queue',
    component: page(() => import('./features/system/pages/approval-queue-page'), 'ApprovalQueuePage'),
    access: 'system',
    layout: 'app',
  },
  // System administration screens; each its own lazy chunk (recharts only in analytics).
  ...(
    [
      [
        '/system/organizations',
        page(() => import('./features/system/pages/organizations-page'), 'OrganizationsPage'),
      ],
      ['/system/database', page(() => import('./features/system/pages/database-page'), 'DatabasePage')],
      ['/system/settings', page(() => import('./features/system/pages/settings-page'), 'SystemSettingsPage')],
      ['/system/analytics', page(() => import('./features/system/pages/analytics-page'), 'AnalyticsPage')],
      [
        '/system/register-organization',
        page(() => import('./features/system/pages/register-organization-page'), 'RegisterOrganizationPage'),
      ],
      ['/system/outbox', page(() => import('./features/system/pages/outbox-page'), 'OutboxPage')],
      [
        '/system/choose-organization',
        page(() => import('./features/system/pages/choose-organization-page'), 'ChooseOrganizationPage'),
      ],
    ] as const
  ).map(([path, component]): AppRoute => ({ path, component, access: 'system', layout: 'app' })),
];
