// What makes Greenroom installable: a web app manifest and its icons, drawn from
// one organization's branding on its own address, and Greenroom's own on the main site. Only
// branding goes in (name, colours, logo), all of it already public through the public calendar.
import { BoundedMap, holding } from '../../bounded-map';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { isHexColor, readableOn } from '../../../common/contrast';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { fileIdFromUrl, readFile, STORED_IMAGE_TYPES } from '../files';
import { findPublicBranding } from './queries';

const GREENROOM = {
  name: 'Greenroom',
  primaryColor: '#6b46c1',
  backgroundColor: '#ffffff',
};
/** The dark theme's page colour (index.css `.dark --background`), shown while an app starts. */
const DARK_BACKGROUND = '#0f172a';

export const ICONS = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
} as const;
export type IconName = keyof typeof ICONS;

/** Everything an icon or the manifest is made from: one organization's look, or Greenroom's. */
interface Look {
  /** The organization's id (0 for the main site): the logo must be one of its own files. */
  organizationId: number;
  name: string;
  shortname: string | null;
  primaryColor: string;
  backgroundColor: string;
  logoUrl: string | null;
}

const colorOr = (value: string | null | undefined, fallback: string) =>
  isHexColor(value) ? value : fallback;

/** The look of the address a request came to; an unknown or unapproved organization is a 404. */
export async function lookFor(database: Database, shortname: string | null): Promise<Look> {
  if (shortname === null) return { organizationId: 0, shortname: null, logoUrl: null, ...GREENROOM };
  const org = await findPublicBranding(database, shortname);
  if (!org) throw notFound('Organization not found');
  return {
    organizationId: org.id,
    name: org.name,
    shortname,
    // Colours are checked on save; a row changed by other means still never reaches the SVG below.
    primaryColor: colorOr(org.primaryColor, GREENROOM.primaryColor),
    backgroundColor:
      org.theme === 'dark' ? DARK_BACKGROUND : colorOr(org.backgroundColor, GREENROOM.backgroundColor),
    logoUrl: org.logoUrl,
  };
}

/** Home screens show about 12 characters: the name when it fits, else the address's shortname. */
export function shortNameOf(name: string, shortname: string | null): string {
  const fits = [name, shortname, name.split(/\s+/)[0]].find((n): n is string => !!n && n.length <= 12);
  return fits ?? name.slice(0, 12).trim();
}

/** Changes whenever an icon's inputs do, so icon URLs can be cached for a day. */
const versionOf = (look: Look) =>
  createHash('sha256')
    .update(JSON.stringify([look.logoUrl, look.primaryColor, look.backgroundColor, ICON_DESIGN]))
    .digest('hex')
    .slice(0, 12);
/** Raise when the drawing below changes, so installed apps fetch the new icons. */
const ICON_DESIGN = 1;

export function manifestFor(look: Look) {
  const v = versionOf(look);
  const org = look.shortname !== null;
  return {
    id: '/',
    name: look.name,
    short_name: shortNameOf(look.name, look.shortname),
    description: org
      ? `${look.name} on Greenroom: your schedule, people and library.`
      : 'Greenroom: scheduling, people and production workflows for theater organizations.',
    start_url: org ? '/dashboard' : '/',
    scope: '/',
    display: 'standalone',
    theme_color: look.primaryColor,
    background_color: look.backgroundColor,
    icons: Object.entries(ICONS).map(([file, icon]) => ({
      src: `/app-icons/${file}?v=${v}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    ...(org ? { shortcuts: [{ name: 'My Schedule', url: '/calendar/my-schedule' }] } : {}),
  };
}

/**
 * Greenroom's mark (the favicon's drawing) on the brand colour. A maskable icon fills its square
 * (the launcher cuts its own shape); the face already sits inside the safe circle (radius 40%).
 */
function defaultMark(look: Look, maskable: boolean): Buffer {
  const bg = look.primaryColor;
  const face = readableOn(bg);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512">` +
      `<rect width="32" height="32" rx="${maskable ? 0 : 7}" fill="${bg}"/>` +
      `<path d="M9 11c0-1 1-2 2-2h10c1 0 2 1 2 2v5a7 7 0 0 1-14 0z" fill="${face}"/>` +
      `<circle cx="13" cy="14" r="1.4" fill="${bg}"/><circle cx="19" cy="14" r="1.4" fill="${bg}"/>` +
      `<path d="M12.5 18.5c2 2 5 2 7 0" stroke="${bg}" stroke-width="1.5" fill="none" stroke-linecap="round"/>` +
      `</svg>`,
  );
}

/** The organization's own uploaded logo (re-encoded when stored), or null to draw the default. */
async function logoOf(database: Database, look: Look): Promise<Buffer | null> {
  const id = fileIdFromUrl(look.logoUrl);
  if (!id) return null; // no logo, or an address elsewhere that the server will not fetch
  const file = await readFile(database, id);
  if (!file || file.organizationId !== look.organizationId || !STORED_IMAGE_TYPES.has(file.contentType))
    return null;
  return file.data;
}

async function drawIcon(database: Database, look: Look, name: IconName): Promise<Buffer> {
  const { size, purpose } = ICONS[name];
  const maskable = purpose === 'maskable';
  const logo = await logoOf(database, look);
  if (logo) {
    try {
      // The logo whole, on the page colour; in a maskable icon inside the safe circle.
      const inner = Math.round(size * (maskable ? 0.56 : 0.84));
      const fitted = await sharp(logo, { limitInputPixels: 40_000_000 })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return await sharp({
        create: { width: size, height: size, channels: 4, background: look.backgroundColor },
      })
        .composite([{ input: fitted, gravity: 'centre' }])
        .png()
        .toBuffer();
    } catch {
      // A stored logo sharp cannot read again gets the default icon rather than a broken one.
    }
  }
  return sharp(defaultMark(look, maskable)).resize(size, size).png().toBuffer();
}

// Drawn once per look: the key holds every input (the logo URL names its content), so an entry is
// never stale, and the oldest go first past the limit.
const drawn = holding('app icons', new BoundedMap<string, Promise<Buffer>>(300));

export function iconFor(database: Database, look: Look, name: IconName): Promise<Buffer> {
  const key = `${look.organizationId}:${versionOf(look)}:${name}`;
  let icon = drawn.get(key);
  if (!icon) {
    icon = drawIcon(database, look, name);
    icon.catch(() => drawn.delete(key));
    drawn.set(key, icon);
  }
  return icon;
}
