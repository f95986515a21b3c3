// Team constants and small rules both the server and the screens apply.

export const TEAM_ROLES = ['member', 'team_lead'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { member: 'Member', team_lead: 'Team Lead' };
export const DEFAULT_TEAM_ROLE: TeamRole = 'member';

export const TEAM_HEADER_ASPECT = 3.73;
export const TEAM_IMAGE_OUTPUT_WIDTH = 800;
export const TEAM_IMAGE_SCALE = { min: 0.5, max: 3, step: 0.1 } as const;
export const TEAM_IMAGE_JPEG_QUALITY = 0.9;
export const TEAM_CARD_AVATARS = 8;
export const TEAM_UPCOMING_SHOWS = 5;
export const TEAM_LIST_SKELETONS = 6;
/** Assets are any file up to this size; header images are re-encoded images up to 5 MB. */
export const TEAM_ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const TEAM_HEADER_MAX_BYTES = 5 * 1024 * 1024;
export const TEAM_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  username: string;
}

export function displayName(p: PersonName): string {
  const full = [p.firstName, p.lastName].filter((s) => s?.trim()).join(' ');
  return full || p.username;
}

export function initials(p: PersonName): string {
  const first = p.firstName?.trim()?.[0];
  const last = p.lastName?.trim()?.[0];
  if (first || last) return `${first ?? ''}${last ?? ''}`.toUpperCase();
  return p.username.slice(0, 2).toUpperCase();
}

/** Members are listed by first name, or by username when there is none. */
export function memberSortKey(p: PersonName): string {
  return (p.firstName?.trim() || p.username).toLowerCase();
}

/** A handle suggested from a team name: "Into the Woods Cast" → "into-the-woods-cast". */
export function suggestHandle(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
