// Member lists the server searches, filters and pages: the directory, User Management and the
// team member pickers (docs/api.md#member-lists). The constants and shapes every side reads, with
// no zod, so a screen that only asks for pages loads no schema library.

export const MEMBERSHIP_STATUSES = ['active', 'disabled', 'pending_approval'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** What a screen asks for at a time, and the most one request may ask for. */
export const MEMBER_PAGE_SIZE = 50;
export const MEMBER_PAGE_MAX = 100;

export const INVALID_CURSOR = 'Invalid cursor';

/** True when the query asks for a page rather than the whole list. */
export const wantsPage = (query: { after?: string; limit?: number }) =>
  query.after !== undefined || query.limit !== undefined;

/** A page of a member list: the matching total and where the next page starts (null: none). */
export interface MemberPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}
