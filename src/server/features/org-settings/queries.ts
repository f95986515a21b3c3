// One organization's settings and branding, read and written by id (the session's organization).
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { organizations } from '../../db/schema';

export const settingsColumns = {
  id: organizations.id,
  name: organizations.name,
  shortname: organizations.shortname,
  description: organizations.description,
  contactEmail: organizations.contactEmail,
  phone: organizations.phone,
  customDomain: organizations.customDomain,
  enableCustomDomain: organizations.enableCustomDomain,
  enablePublicRegistration: organizations.enablePublicRegistration,
  requireEmailVerification: organizations.requireEmailVerification,
  requireAdminApproval: organizations.requireAdminApproval,
  requireTwoFactorForAdmins: organizations.requireTwoFactorForAdmins,
  defaultRole: organizations.defaultRole,
  timezone: organizations.timezone,
  publicEventTypes: organizations.publicEventTypes,
  volunteerHoursTarget: organizations.volunteerHoursTarget,
  approvalStatus: organizations.approvalStatus,
  approvedAt: organizations.approvedAt,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

export const brandingColumns = {
  logoUrl: organizations.logoUrl,
  favicon: organizations.favicon,
  primaryColor: organizations.primaryColor,
  secondaryColor: organizations.secondaryColor,
  accentColor: organizations.accentColor,
  backgroundColor: organizations.backgroundColor,
  textColor: organizations.textColor,
  theme: organizations.theme,
  customCss: organizations.customCss,
  updatedAt: organizations.updatedAt,
};

export type SettingsRow = Awaited<ReturnType<typeof findSettings>>;
export type BrandingRow = Awaited<ReturnType<typeof findBranding>>;

export async function findSettings(db: Db, organizationId: number) {
  const [row] = await db
    .select(settingsColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function findBranding(db: Db, organizationId: number) {
  const [row] = await db
    .select(brandingColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function updateOrganization(
  db: Db,
  organizationId: number,
  values: Partial<typeof organizations.$inferInsert>,
) {
  // Another zone moves the hour its digests are due: the worker looks again on its next tick.
  const digests = values.timezone === undefined ? {} : { digestsDueAt: sql`'-infinity'` };
  await db
    .update(organizations)
    .set({ ...values, ...digests, updatedAt: sql`now()` })
    .where(eq(organizations.id, organizationId));
}

/** Public branding of an approved organization, by shortname (public calendar, custom CSS). */
export async function findPublicBranding(database: Database, shortname: string) {
  const [row] = await database.db
    .select({
      id: organizations.id,
      name: organizations.name,
      approvalStatus: organizations.approvalStatus,
      ...brandingColumns,
    })
    .from(organizations)
    .where(eq(organizations.shortname, shortname));
  return row && row.approvalStatus === 'approved' ? row : undefined;
}
