import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_REPORT_MS,
  applyPresenceMessage,
  ownStatus,
  type PresenceEntry,
  shouldReportActivity,
} from './presence';
import { clientMessageSchema } from './schemas/presence';

const entry = (userId: number, status: PresenceEntry['status'] = 'online'): PresenceEntry => ({
  userId,
  username: `u${userId}`,
  firstName: null,
  lastName: null,
  profilePicture: null,
  status,
  currentPage: '/dashboard',
});

describe('applyPresenceMessage', () => {
  it('replaces the list, adds or replaces on join, removes on leave, replaces on update', () => {
    let list = applyPresenceMessage([entry(9)], { type: 'presence_list', data: [entry(1)] });
    expect(list).toEqual([entry(1)]);
    list = applyPresenceMessage(list, { type: 'presence_update', updateType: 'join', data: entry(2) });
    list = applyPresenceMessage(list, {
      type: 'presence_update',
      updateType: 'join',
      data: entry(2, 'busy'),
    });
    expect(list).toEqual([entry(1), entry(2, 'busy')]);
    list = applyPresenceMessage(list, {
      type: 'presence_update',
      updateType: 'update',
      data: entry(1, 'away'),
    });
    expect(list).toEqual([entry(1, 'away'), entry(2, 'busy')]);
    list = applyPresenceMessage(list, { type: 'presence_update', updateType: 'leave', data: entry(1) });
    expect(list).toEqual([entry(2, 'busy')]);
  });
});

describe('ownStatus', () => {
  it('shows the member what the others see of them (idle online reads away)', () => {
    expect(ownStatus([entry(1), entry(2, 'away')], 2, 'online')).toBe('away');
    expect(ownStatus([entry(2, 'online')], 2, 'online')).toBe('online');
  });

  it('falls back to the chosen status before the server has listed the member', () => {
    expect(ownStatus([entry(1)], 2, 'busy')).toBe('busy');
  });
});

describe('shouldReportActivity', () => {
  it('reports the first click or key press at once, then at most once per interval', () => {
    expect(shouldReportActivity(100_000, null)).toBe(true);
    expect(shouldReportActivity(100_000, 100_000 - ACTIVITY_REPORT_MS + 1)).toBe(false);
    expect(shouldReportActivity(100_000, 100_000 - ACTIVITY_REPORT_MS)).toBe(true);
  });
});

describe('clientMessageSchema', () => {
  it('accepts the spec client’s messages and ignores the session id it sends', () => {
    expect(
      clientMessageSchema.parse({ type: 'authenticate', sessionId: 'abc', currentPage: '/calendar' }),
    ).toEqual({
      type: 'authenticate',
      sessionId: 'abc',
      currentPage: '/calendar',
    });
    expect(clientMessageSchema.safeParse({ type: 'heartbeat' }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ type: 'activity' }).success).toBe(true);
  });

  it('refuses full URLs as pages and unknown statuses', () => {
    expect(
      clientMessageSchema.safeParse({ type: 'page_change', currentPage: 'https://evil.test/' }).success,
    ).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'status_update', status: 'invisible' }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'shout' }).success).toBe(false);
  });
});
