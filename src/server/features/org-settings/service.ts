// Organization settings and branding. Every change is audited with what
// changed, from what, to what.
import type { z } from 'zod';
import { customCssProblem } from '../../../common/custom-css';
import type { Actor } from '../../../common/permissions';
import {
  type brandingPatchSchema,
  CUSTOM_DOMAIN_REQUIRED,
  type organizationSettingsPatchSchema,
} from '../../../common/schemas/admin';
import type { Database, Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { deleteFile, fileIdFromUrl, MAX_IMAGE_BYTES, readFile, storeImage } from '../files';
import { findBranding, findSettings, updateOrganization } from './queries';

type Caller = Actor & { userId: number };
type SettingsPatch = z.output<typeof organizationSettingsPatchSchema>;
type BrandingPatch = z.output<typeof brandingPatchSchema>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function presentSettings(row: NonNullable<Awaited<ReturnType<typeof findSettings>>>) {
  return {
    ...row,
    approvedAt: iso(row.approvedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

function presentBranding(row: NonNullable<Awaited<ReturnType<typeof findBranding>>>) {
  return { ...row, updatedAt: iso(row.updatedAt)! };
}

/** Only the keys whose values really change, as {from, to}, for the audit entry. */
function diff<T extends Record<string, unknown>>(before: T, patch: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

export async function getSettings(database: Database, organizationId: number) {
  const row = await findSettings(database.db, organizationId);
  if (!row) throw notFound('Organization not found');
  return presentSettings(row);
}

export async function updateSettings(
  database: Database,
  organizationId: number,
  actor: Caller,
  patch: SettingsPatch,
) {
  return database.db.transaction(async (tx) => {
    const before = await findSettings(tx, organizationId);
    if (!before) throw notFound('Organization not found');
    const enabled = patch.enableCustomDomain ?? before.enableCustomDomain;
    const domain = patch.customDomain === undefined ? before.customDomain : patch.customDomain;
    if (enabled && !domain)
      throw badRequest(CUSTOM_DOMAIN_REQUIRED, { customDomain: CUSTOM_DOMAIN_REQUIRED });
    const changes = diff(before, patch);
    if (Object.keys(changes).length > 0) {
      await updateOrganization(tx, organizationId, patch);
      await recordAudit(tx, {
        organizationId,
        actorId: actor.userId,
        action: 'organization.settings_updated',
        targetType: 'organization',
        targetId: organizationId,
        details: { changes },
      });
    }
    return presentSettings((await findSettings(tx, organizationId))!);
  });
}

export async function getBranding(database: Database, organizationId: number) {
  const row = await findBranding(database.db, organizationId);
  if (!row) throw notFound('Organization not found');
  return presentBranding(row);
}

/** A stored file of this organization that is no longer referenced goes away with the change. */
async function dropReplacedFile(
  database: Database,
  organizationId: number,
  oldUrl: string | null,
  newUrl: string | null,
) {
  const id = fileIdFromUrl(oldUrl);
  if (!id || oldUrl === newUrl) return;
  const file = await readFile(database, id);
  if (file && file.organizationId === organizationId) await deleteFile(database, id);
}

export async function updateBranding(
  database: Database,
  organizationId: number,
  actor: Caller,
  patch: BrandingPatch,
) {
  const { before, after } = await database.db.transaction(async (tx) => {
    const before = await findBranding(tx, organizationId);
    if (!before) throw notFound('Organization not found');
    const changes = diff(before, patch);
    if (Object.keys(changes).length > 0) {
      await updateOrganization(tx, organizationId, patch);
      // Custom CSS can be long: the log keeps that it changed, not the text.
      if (changes.customCss)
        changes.customCss = { from: '(previous CSS)', to: patch.customCss ? '(new CSS)' : null };
      await recordAudit(tx, {
        organizationId,
        actorId: actor.userId,
        action: 'organization.branding_updated',
        targetType: 'organization',
        targetId: organizationId,
        details: { changes },
      });
    }
    return { before, after: (await findBranding(tx, organizationId))! };
  });
  await dropReplacedFile(database, organizationId, before.logoUrl, after.logoUrl);
  await dropReplacedFile(database, organizationId, before.favicon, after.favicon);
  return presentBranding(after);
}

export const SVG_REFUSED = 'SVG images are not supported; please upload PNG, JPG, GIF or WebP';
export const ICO_REFUSED =
  'ICO files are not supported; please upload a PNG (32×32 works best), JPG, GIF or WebP';

function looksLikeSvg(data: Buffer, filename: string, mimetype: string) {
  if (mimetype === 'image/svg+xml' || /\.svgz?$/i.test(filename)) return true;
  const head = data.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<?xml') || head.startsWith('<svg') || head.includes('<svg');
}

const looksLikeIco = (data: Buffer, filename: string) =>
  /\.ico$/i.test(filename) || (data.length > 4 && data.readUInt32BE(0) === 0x00000100);

export type BrandImageKind = 'logo' | 'favicon';

const KIND = {
  logo: { column: 'logoUrl', maxWidth: 1200, label: 'Logo', action: 'organization.logo_uploaded' },
  favicon: { column: 'favicon', maxWidth: 256, label: 'Favicon', action: 'organization.favicon_uploaded' },
} as const;

/**
 * Stores an uploaded logo or favicon (decoded and re-encoded, so nothing but pixels survives) and
 * makes it the organization's at once. SVG is refused rather than sanitized: a vector file can
 * carry script and external references, and a raster logo looks the same in a 32 px header.
 */
export async function uploadBrandImage(
  database: Database,
  organizationId: number,
  actor: Caller,
  kind: BrandImageKind,
  file: { data: Buffer; filename: string; mimetype: string },
) {
  const spec = KIND[kind];
  if (file.data.length === 0) throw badRequest('Please choose an image to upload');
  if (file.data.length > MAX_IMAGE_BYTES) throw new AppError(413, `${spec.label} must be smaller than 5MB.`);
  if (looksLikeSvg(file.data, file.filename, file.mimetype)) throw badRequest(SVG_REFUSED);
  if (kind === 'favicon' && looksLikeIco(file.data, file.filename)) throw badRequest(ICO_REFUSED);
  const stored = await storeImage(database, file.data, {
    organizationId,
    createdBy: actor.userId,
    maxWidth: spec.maxWidth,
  });
  const before = await findBranding(database.db, organizationId);
  if (!before) throw notFound('Organization not found');
  await database.db.transaction(async (tx: Db) => {
    await updateOrganization(tx, organizationId, { [spec.column]: stored.url });
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: spec.action,
      targetType: 'organization',
      targetId: organizationId,
      details: { url: stored.url, bytes: stored.byteSize },
    });
  });
  await dropReplacedFile(database, organizationId, before[spec.column], stored.url);
  return stored.url;
}

/** The CSS as served: checked again, so a row changed outside the form is withheld, not served. */
export function servableCss(css: string | null): string {
  if (!css) return '';
  const problem = customCssProblem(css);
  if (problem) return `/* Custom CSS withheld: ${problem.replace(/\*\//g, '')} */\n`;
  return css;
}
