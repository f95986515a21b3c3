// The areas of an organization's data. A write drops the kept answers of the areas it writes
// ('o:<organization id>:<area>', db/change-feed.ts), and a kept answer lies under every area whose
// tables it reads, so an event created leaves the directory and the library kept while the
// calendar month goes. Which area a table belongs to is said once, by the argument of its change
// trigger (src/server/db/functions/greenroom_*_changed.sql); TABLE_AREAS below repeats it for the
// readers and their tests, and change-feed.test.ts holds the two equal on both databases.
export const AREAS = [
  'calendar',
  'follows',
  'people',
  'library',
  'scheduling',
  'breakdown',
  'volunteer',
  'announcements',
  'settings',
] as const;

export type Area = (typeof AREAS)[number];

/** What a write names: at least one area, so none can be left out by mistake. */
export type Areas = readonly [Area, ...Area[]];

export const isArea = (value: string): value is Area => (AREAS as readonly string[]).includes(value);

/**
 * Each table with a change trigger and its area. The organization's own row has no area of its
 * own: a change to it (name, state, time zone, settings) drops every area of the organization.
 * `settings` is therefore what an answer reading that row alone (the caller, the sign-in page's
 * organization) lies under, so that no write of another area drops it.
 */
export const TABLE_AREAS = {
  // What the directory and the pickers show: members, their names, teams and memberships.
  users: 'people',
  user_organizations: 'people',
  teams: 'people',
  team_members: 'people',
  team_links: 'people',
  team_assets: 'people',
  // Events, their series, teams and the scenes a rehearsal works.
  calendar_event_series: 'calendar',
  calendar_events: 'calendar',
  calendar_event_teams: 'calendar',
  // Who follows or unfollows what, apart: a follow is one member's, and an event booked drops
  // nobody's follow records.
  calendar_event_followers: 'follows',
  calendar_event_scenes: 'calendar',
  wiki_pages: 'library',
  // Who is unavailable when, and who is called to what.
  availability_periods: 'scheduling',
  event_calls: 'scheduling',
  production_characters: 'breakdown',
  production_character_cast: 'breakdown',
  production_scenes: 'breakdown',
  production_scene_characters: 'breakdown',
  volunteer_positions: 'volunteer',
  volunteer_shifts: 'volunteer',
  volunteer_signups: 'volunteer',
  // The dashboard's announcements (each member's list is kept).
  announcements: 'announcements',
} as const satisfies Record<string, Area>;
