// Page addresses come from titles: lower case, ASCII letters and digits joined by
// hyphens. Shared by the server (new pages) and the web (Create Page from a missing link).

/** Words the wiki's own calls use after /wiki/, so no page may take them as its address. */
export const RESERVED_SLUGS = new Set(['pages', 'search', 'new']);
export const MAX_SLUG_LENGTH = 120;

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'page';
}

/** 'safety-procedure' → 'Safety Procedure': the title offered when creating a missing page. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A slug as typed in an address: only the characters slugify can produce. */
export const isSlug = (value: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 200;
