// What the database manager may write, table by table and column by column, and with which of the
// app's own input schemas. The manager is a raw view of the data, so without this a system user
// could do there what no screen allows: grant system access, demote an owner, approve an
// organization, or store a shortname or colour the app would refuse. A column not listed here is
// kept by the app and is read-only in the manager.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { profileSchema } from '../../../common/schemas/account';
import {
  addLinkSchema,
  teamDescriptionSchema,
  teamHandleSchema,
  teamNameSchema,
  teamUrlSchema,
} from '../../../common/schemas/teams';
import { brandingFields, organizationSettingsFields } from '../../../common/schemas/admin';
import { shortnameSchema, usernameSchema } from '../../../common/schemas/auth';
import { eventFields } from '../../../common/schemas/calendar';
import { notificationPreferencesPatchSchema } from '../../../common/schemas/notifications';
import { userDetailsSchema } from '../../../common/schemas/people';
import { wikiContentSchema, wikiTagsSchema, wikiTitleSchema } from '../../../common/schemas/library';
import * as schema from '../../db/schema';

/**
 * - `edit`: written when a row is created and when it is edited, checked by `value` (the schema
 *   the app's own route uses) or, when there is none, by the column's type alone.
 * - `create`: which organization, team, event or person a row belongs to: set once.
 * - `readOnly`: never written here; `reason` tells where it is changed instead.
 */
export type ColumnRule =
  | { write: 'edit'; value?: z.ZodType }
  | { write: 'create'; value?: z.ZodType }
  | { write: 'readOnly'; reason: string };

export interface TableRules {
  table: PgTable;
  /** Rows may be added here (only where every required column can be written). */
  insertable: boolean;
  columns: Record<string, ColumnRule>;
  /**
   * Columns of a new row that name a row of another table (or a person, by membership) which must
   * be in the new row's organization, as the screens only ever offer those.
   */
  sameOrganization?: Record<string, 'member' | PgTable>;
}

const edit = (value?: z.ZodType): ColumnRule => ({ write: 'edit', value });
const create = (): ColumnRule => ({ write: 'create' });
const readOnly = (reason: string): ColumnRule => ({ write: 'readOnly', reason });

export const KEPT_BY_APP = 'Kept by the app; it cannot be changed here';
export const SET_ON_CREATE =
  'Which organization, team, event or person a record belongs to cannot be changed here';
const SYSTEM_ACCESS = 'System access cannot be changed here';
const SIGN_IN =
  'Sign-in factors (email, password, two-step sign-in, verification) cannot be changed here; the account holder changes them';
const MEMBERSHIP =
  "Permission levels, ownership and access cannot be changed here; use the organization's Users screen";
const APPROVAL = 'Approval cannot be changed here; use the Approval Queue or All Organizations';
const TWO_STEP_POLICY =
  "The two-step sign-in policy cannot be changed here; the organization's owner sets it";
const TEAM_ROLE = "Team roles cannot be changed here; use the team's Members tab";
const UPLOAD = 'Uploaded files cannot be changed here; upload them on their screen';
const CALENDAR =
  'Dates, spaces, repeats and who booked cannot be changed here; use the calendar, which checks for conflicts';

const settings = organizationSettingsFields.shape;
const branding = brandingFields.shape;
const profile = profileSchema.shape;
const organizationRoles = userDetailsSchema.shape.organizationRoles;

export const TABLE_RULES: Record<string, TableRules> = {
  users: {
    table: schema.users,
    insertable: false,
    columns: {
      username: edit(usernameSchema),
      email: readOnly(SIGN_IN),
      profile_picture: readOnly(UPLOAD),
      notification_settings: edit(notificationPreferencesPatchSchema),
      first_name: edit(profile.firstName),
      last_name: edit(profile.lastName),
      bio: edit(profile.bio),
      teams: edit(),
      roles: edit(organizationRoles),
      is_system_user: readOnly(SYSTEM_ACCESS),
      reset_token_expiry: readOnly(SIGN_IN),
      email_verified_at: readOnly(SIGN_IN),
      totp_enabled_at: readOnly(SIGN_IN),
      totp_last_time_step: readOnly(SIGN_IN),
    },
  },
  // An organization is registered with its owner (Organization Registration), never bare.
  organizations: {
    table: schema.organizations,
    insertable: false,
    columns: {
      name: edit(settings.name),
      shortname: edit(shortnameSchema),
      description: edit(settings.description),
      contact_email: edit(settings.contactEmail),
      phone: edit(settings.phone),
      custom_domain: edit(settings.customDomain),
      enable_custom_domain: edit(),
      enable_public_registration: edit(),
      require_email_verification: edit(),
      require_admin_approval: edit(),
      default_role: edit(settings.defaultRole),
      timezone: edit(settings.timezone),
      public_event_types: edit(settings.publicEventTypes),
      logo_url: edit(branding.logoUrl),
      favicon: edit(branding.favicon),
      primary_color: edit(branding.primaryColor),
      secondary_color: edit(branding.secondaryColor),
      accent_color: edit(branding.accentColor),
      background_color: edit(branding.backgroundColor),
      text_color: edit(branding.textColor),
      theme: edit(branding.theme),
      custom_css: edit(branding.customCss),
      approval_status: readOnly(APPROVAL),
      approved_at: readOnly(APPROVAL),
      approved_by: readOnly(APPROVAL),
      rejection_reason: readOnly(APPROVAL),
      require_two_factor_for_admins: readOnly(TWO_STEP_POLICY),
    },
  },
  user_organizations: {
    table: schema.userOrganizations,
    insertable: false,
    columns: {
      user_id: readOnly(MEMBERSHIP),
      organization_id: readOnly(MEMBERSHIP),
      role: readOnly(MEMBERSHIP),
      organization_roles: edit(organizationRoles),
      is_active: readOnly(MEMBERSHIP),
      status: readOnly(MEMBERSHIP),
      approved_at: readOnly(MEMBERSHIP),
      approved_by: readOnly(MEMBERSHIP),
      disabled_at: readOnly(MEMBERSHIP),
      disabled_by: readOnly(MEMBERSHIP),
      disabled_reason: readOnly(MEMBERSHIP),
    },
  },
  teams: {
    table: schema.teams,
    insertable: true,
    columns: {
      organization_id: create(),
      name: edit(teamNameSchema),
      description: edit(teamDescriptionSchema),
      handle: edit(teamHandleSchema),
      team_url: edit(teamUrlSchema),
      header_image: readOnly(UPLOAD),
      archived_at: edit(),
    },
  },
  team_members: {
    table: schema.teamMembers,
    insertable: true,
    columns: {
      organization_id: create(),
      team_id: create(),
      user_id: create(),
      role: readOnly(TEAM_ROLE),
    },
    sameOrganization: { team_id: schema.teams, user_id: 'member' },
  },
  team_links: {
    table: schema.teamLinks,
    insertable: true,
    columns: {
      organization_id: create(),
      team_id: create(),
      url: edit(addLinkSchema.shape.url),
      label: edit(addLinkSchema.shape.label),
    },
    sameOrganization: { team_id: schema.teams },
  },
  team_assets: {
    table: schema.teamAssets,
    insertable: false,
    columns: { original_name: edit() },
  },
  // Events are booked on the calendar, which checks conflicts and keeps series whole.
  calendar_events: {
    table: schema.calendarEvents,
    insertable: false,
    columns: {
      name: edit(eventFields.shape.name),
      description: edit(eventFields.shape.description),
      event_type: edit(eventFields.shape.eventType),
      event_url: edit(eventFields.shape.eventUrl),
      is_public: edit(),
      spaces: readOnly(CALENDAR),
      start_date_time: readOnly(CALENDAR),
      end_date_time: readOnly(CALENDAR),
      reserved_by: readOnly(CALENDAR),
      instructor_id: readOnly(CALENDAR),
      conflict_override: readOnly(CALENDAR),
    },
  },
  calendar_event_teams: {
    table: schema.calendarEventTeams,
    insertable: true,
    columns: { organization_id: create(), event_id: create(), team_id: create() },
    sameOrganization: { event_id: schema.calendarEvents, team_id: schema.teams },
  },
  calendar_event_followers: {
    table: schema.calendarEventFollowers,
    insertable: true,
    columns: { organization_id: create(), event_id: create(), user_id: create(), is_following: edit() },
    sameOrganization: { event_id: schema.calendarEvents, user_id: 'member' },
  },
  // Pages are created in the Library, which writes their first version with them.
  wiki_pages: {
    table: schema.wikiPages,
    insertable: false,
    columns: {
      title: edit(wikiTitleSchema),
      content: edit(wikiContentSchema),
      tags: edit(wikiTagsSchema),
      is_public: edit(),
    },
  },
  // The history of a page is a record of what was written; it is not rewritten here.
  wiki_page_versions: { table: schema.wikiPageVersions, insertable: false, columns: {} },
};

/** The rule for one column; what a table does not list is kept by the app. */
export const columnRule = (rules: TableRules, column: string): ColumnRule =>
  Object.hasOwn(rules.columns, column) ? rules.columns[column] : readOnly(KEPT_BY_APP);

/** Why the column cannot be written in this mode, or undefined when it can. */
export function refusal(rule: ColumnRule, mode: 'insert' | 'update'): string | undefined {
  if (rule.write === 'readOnly') return rule.reason;
  if (rule.write === 'create' && mode === 'update') return SET_ON_CREATE;
  return undefined;
}
