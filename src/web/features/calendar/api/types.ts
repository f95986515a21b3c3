// What the calendar calls answer. Times are ISO 8601 with the
// organization's offset, so their first 16 characters are the local wall time.
import type { EventType, Space } from '@common/calendar';
import type { WholeSeries } from '@common/whole-series';

export interface PersonRef {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
}

export interface CalendarEvent {
  id: number;
  seriesId: number | null;
  organizationId: number;
  name: string;
  description: string | null;
  spaces: Space[];
  startDateTime: string;
  endDateTime: string;
  eventType: EventType;
  isRecurring: boolean;
  recurringPattern: string | null;
  recurringInterval: number;
  recurringEnd: string | null;
  recurringWeeklyDays: string[] | null;
  recurringMonthlyWeek: number | null;
  recurringMonthlyWeekday: number | null;
  recurringEndType: 'date' | 'count' | 'never' | null;
  recurringEndCount: number | null;
  eventUrl: string | null;
  instructorId: number | null;
  instructor: PersonRef | null;
  reservedBy: PersonRef;
  teams: { id: number; name: string }[];
  isException: boolean;
  conflictOverride: boolean;
  /** Shown on the public calendar page and its .ics. */
  isPublic: boolean;
  /** One event's own view only: dates left from this one to the end of a count-ended series. */
  recurringRemainingCount?: number | null;
  /** One event's own view only: the whole series its part belongs to, and where it was split. */
  wholeSeries?: WholeSeries | null;
  isFollowing: boolean;
  /** One event's own view only: the scenes it works (docs/product.md#scheduling-by-scene). */
  sceneIds?: number[];
  scenes?: EventScene[];
}

export interface EventScene {
  id: number;
  name: string;
  /** The scene's cast, with the characters each plays in it. */
  people: { userId: number; name: string; characters: string[] }[];
}

export interface CalendarOptions {
  spaces: Space[];
  eventTypes: EventType[];
  timeZone: string;
  /** Event types whose "Show on the public calendar" switch starts on. */
  publicEventTypes: EventType[];
  teams: { id: number; name: string }[];
  people: (PersonRef & { isInstructor: boolean })[];
  canConfigure: boolean;
  canOverrideConflicts: boolean;
  canReserveForOthers: boolean;
}

export interface Conflict {
  eventId: number;
  name: string;
  startDateTime: string;
  endDateTime: string;
  spaces: string[];
}

export type Strategy = 'this' | 'future' | 'series';

export interface PublicEvent {
  id: number;
  seriesId: number | null;
  name: string;
  description: string | null;
  spaces: string[];
  startDateTime: string;
  endDateTime: string;
  eventType: EventType;
  isRecurring: boolean;
  recurringPattern: string | null;
  recurringInterval: number;
  eventUrl: string | null;
  teams: { id: number; name: string }[];
}

export interface PublicCalendar {
  organization: {
    name: string;
    description: string | null;
    logoUrl: string | null;
    primaryColor: string;
    secondaryColor?: string;
    accentColor?: string;
    backgroundColor?: string;
    textColor?: string;
    theme?: string;
  };
  events: PublicEvent[];
}

export interface FeedLinks {
  active: boolean;
  url: string | null;
  webcalUrl: string | null;
  createdAt: string | null;
}
