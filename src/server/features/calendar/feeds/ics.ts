// iCalendar (RFC 5545) text for calendar subscriptions: Google, Apple and Outlook poll these.
// Occurrences are written as expanded instances with stable UIDs (each occurrence has its own id),
// with DTSTART/DTEND in the organization's zone and a VTIMEZONE describing that zone's changes.
// No METHOD, so DTSTAMP is each event's last revision and an unchanged feed is byte-identical
// (conditional GETs answer 304).
import { eventTypeLabel } from '../../../../common/glossary';
import {
  formatOffset,
  instantToWallTime,
  offsetMinutes,
  zoneTransitions,
} from '../../../../common/zoned-time';

export interface IcsEvent {
  id: number;
  name: string;
  description: string | null;
  spaces: string[];
  start: Date;
  end: Date;
  eventType: string;
  eventUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The UID's local part when it is not a calendar occurrence (`event-{id}`), e.g. a volunteer shift. */
  uid?: string;
}

export interface IcsCalendar {
  name: string;
  description?: string;
  timeZone: string;
  /** Domain part of every UID, so UIDs are unique across organizations and stable over time. */
  uidDomain: string;
  events: IcsEvent[];
  /** How often clients should poll. */
  refreshMinutes?: number;
}

const DAY_MS = 86_400_000;
const encoder = new TextEncoder();

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const localStamp = (d: Date, timeZone: string) => `${instantToWallTime(d, timeZone).replace(/[-:]/g, '')}00`;
const offsetText = (minutes: number) => formatOffset(minutes, '');

function zoneAbbreviation(timeZone: string, instant: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** VTIMEZONE with each transition of the covered years listed explicitly (no RRULE to get wrong). */
export function vtimezone(timeZone: string, from: number, to: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  const changes = zoneTransitions(timeZone, from - 366 * DAY_MS, to + 366 * DAY_MS);
  if (changes.length === 0) {
    const offset = offsetText(offsetMinutes(timeZone, from));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${escapeText(zoneAbbreviation(timeZone, from))}`,
      'END:STANDARD',
    );
  }
  for (const change of changes) {
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of an observance is the local time of the change, read in the offset before it.
    const localBefore = new Date(change.at + change.from * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace(/[-:]/g, '');
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localBefore}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `TZNAME:${escapeText(zoneAbbreviation(timeZone, change.at))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export function buildCalendar(cal: IcsCalendar): string {
  const now = Date.now();
  const starts = cal.events.map((e) => e.start.getTime());
  const from = starts.length ? Math.min(...starts) : now;
  const to = starts.length ? Math.max(...cal.events.map((e) => e.end.getTime())) : now;
  const minutes = cal.refreshMinutes ?? 60;
  const refresh = minutes % 60 === 0 ? `PT${minutes / 60}H` : `PT${minutes}M`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Greenroom//Theater Calendar//EN',
    'CALSCALE:GREGORIAN',
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    ...(cal.description
      ? [`DESCRIPTION:${escapeText(cal.description)}`, `X-WR-CALDESC:${escapeText(cal.description)}`]
      : []),
    `X-WR-TIMEZONE:${cal.timeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...vtimezone(cal.timeZone, from, to),
  ];
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid ?? `event-${e.id}`}@${cal.uidDomain}`,
      `DTSTAMP:${utcStamp(e.updatedAt)}`,
      `CREATED:${utcStamp(e.createdAt)}`,
      `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
      `DTSTART;TZID=${cal.timeZone}:${localStamp(e.start, cal.timeZone)}`,
      `DTEND;TZID=${cal.timeZone}:${localStamp(e.end, cal.timeZone)}`,
      `SUMMARY:${escapeText(e.name)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.spaces.length ? [`LOCATION:${escapeText(e.spaces.join(', '))}`] : []),
      `CATEGORIES:${escapeText(eventTypeLabel(e.eventType))}`,
      ...(e.eventUrl ? [`URL:${e.eventUrl.replace(/[\r\n]/g, '')}`] : []),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
