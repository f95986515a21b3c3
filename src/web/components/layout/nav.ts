// The side menu as data. A feature adds its entry here; the sidebar renders
// whatever this says, so visibility rules live next to the entries they govern.
import type { Actor } from '@common/permissions';
import { policy } from '@common/permissions';
import {
  Building,
  HandHeart,
  BookOpen,
  Calendar,
  ChartColumn,
  ClipboardCheck,
  Database,
  House,
  LogIn,
  Mail,
  Palette,
  ScrollText,
  Settings,
  ShieldCheck,
  UserPlus,
  Users,
  UserCog,
  type LucideIcon,
  FileUp,
} from 'lucide-react';

export interface NavContext {
  actor: Actor;
  hasOrganization: boolean;
  /** The page showing the menu: the spec sets the admin flags per page (see adminFlags). */
  location?: string;
}

/**
 * The side menu's manage-users and manage-settings flags are owner, admin or
 * system user, except on the calendar page (owner or admin) and on library pages (the wiki
 * writers). The screens behind them still send anyone else to /dashboard.
 */
export function adminFlags({ actor, location = '' }: NavContext): {
  manageUsers: boolean;
  manageSettings: boolean;
} {
  const under = (prefix: string) => location === prefix || location.startsWith(`${prefix}/`);
  if (under('/calendar')) {
    const ownerOrAdmin = actor.role === 'owner' || actor.role === 'admin';
    return { manageUsers: ownerOrAdmin, manageSettings: ownerOrAdmin };
  }
  if (under('/library') || location === '/library-search') {
    const writer = policy.editWiki(actor);
    return { manageUsers: writer, manageSettings: writer };
  }
  return { manageUsers: policy.manageUsers(actor), manageSettings: policy.manageSettings(actor) };
}

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  visible?: (ctx: NavContext) => boolean;
  /** Other paths that should mark this entry as current (e.g. sub-pages). */
  matchPrefix?: string;
}

export interface NavGroup {
  id: string;
  /** A group without a label renders its items at the top level. */
  label?: string;
  icon?: LucideIcon;
  collapsible?: boolean;
  defaultOpen?: boolean;
  visible?: (ctx: NavContext) => boolean;
  items: NavItem[];
}

const isSystem = ({ actor }: NavContext) => policy.systemAdmin(actor);
const inOrganization = ({ hasOrganization }: NavContext) => hasOrganization;

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'main',
    items: [
      { label: 'Dashboard Home', href: '/dashboard', icon: House },
      // An organization's screens: a system user on the main site has none to show.
      {
        label: 'Directory',
        href: '/directory',
        icon: Users,
        matchPrefix: '/directory',
        visible: inOrganization,
      },
      {
        label: 'Calendar',
        href: '/calendar',
        icon: Calendar,
        matchPrefix: '/calendar',
        visible: inOrganization,
      },
      {
        label: 'Volunteer',
        href: '/volunteer',
        icon: HandHeart,
        matchPrefix: '/volunteer',
        visible: inOrganization,
      },
      {
        label: 'Library',
        href: '/library',
        icon: BookOpen,
        matchPrefix: '/library',
        visible: inOrganization,
      },
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    icon: Settings,
    collapsible: true,
    defaultOpen: false,
    visible: (ctx) => {
      const flags = adminFlags(ctx);
      return ctx.hasOrganization && (flags.manageUsers || flags.manageSettings);
    },
    items: [
      {
        label: 'User Management',
        href: '/admin/users',
        icon: UserCog,
        visible: (ctx) => adminFlags(ctx).manageUsers,
      },
      {
        label: 'Organization Settings',
        href: '/admin/settings',
        icon: Settings,
        visible: (ctx) => adminFlags(ctx).manageSettings,
      },
      {
        label: 'Branding',
        href: '/admin/branding',
        icon: Palette,
        visible: (ctx) => adminFlags(ctx).manageSettings,
      },
      {
        label: 'Import',
        href: '/admin/import',
        icon: FileUp,
        visible: ({ actor }) => policy.importData(actor),
      },
      {
        label: 'Audit Log',
        href: '/admin/audit',
        icon: ScrollText,
        visible: ({ actor }) => policy.viewAuditLog(actor),
      },
    ],
  },
  {
    id: 'system',
    label: 'System Admin',
    icon: ShieldCheck,
    visible: isSystem,
    items: [
      {
        // Where a system user on the main site goes to work in an organization (its own address).
        label: 'Open an Organization',
        href: '/system/choose-organization',
        icon: LogIn,
        visible: (ctx) => !ctx.hasOrganization,
      },
      { label: 'Approval Queue', href: '/system/approval-queue', icon: ClipboardCheck },
      // The spec's "Organization Registration" entry: a system user creates an approved
      // organization and its owner directly.
      { label: 'Organization Registration', href: '/system/register-organization', icon: UserPlus },
      { label: 'Organizations', href: '/system/organizations', icon: Building },
      { label: 'Database Manager', href: '/system/database', icon: Database },
      { label: 'System Settings', href: '/system/settings', icon: Settings },
      { label: 'Analytics', href: '/system/analytics', icon: ChartColumn },
      { label: 'Mail Outbox', href: '/system/outbox', icon: Mail },
    ],
  },
];

export function isItemActive(item: NavItem, location: string): boolean {
  if (location === item.href) return true;
  const prefix = item.matchPrefix;
  return prefix !== undefined && (location === prefix || location.startsWith(`${prefix}/`));
}

/** The groups and items this person may see, empty groups dropped. */
export function visibleNav(ctx: NavContext, groups: NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .filter((g) => g.visible?.(ctx) ?? true)
    .map((g) => ({ ...g, items: g.items.filter((i) => i.visible?.(ctx) ?? true) }))
    .filter((g) => g.items.length > 0);
}
