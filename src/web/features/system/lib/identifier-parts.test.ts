import { describe, expect, it } from 'vitest';
import { identifierParts } from './identifier-parts';

describe('identifierParts (where a table name may wrap)', () => {
  it('breaks after each underscore and keeps every character', () => {
    expect(identifierParts('calendar_event_followers')).toEqual(['calendar_', 'event_', 'followers']);
    expect(identifierParts('users')).toEqual(['users']);
    expect(identifierParts('a__b_')).toEqual(['a__', 'b_']);
    expect(identifierParts('')).toEqual(['']);
  });
});
