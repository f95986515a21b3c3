import { describe, expect, it } from 'vitest';
import { memberCount } from './search';

describe('memberCount', () => {
  it('counts everyone without a search', () => {
    expect(memberCount(8, 8, false)).toBe('8 members');
    expect(memberCount(1, undefined, false)).toBe('1 member');
  });

  it('counts the members a search matches, out of all', () => {
    expect(memberCount(1, 8, true)).toBe('1 of 8 members');
    expect(memberCount(0, 8, true)).toBe('0 of 8 members');
    expect(memberCount(3, 1200, true)).toBe('3 of 1,200 members');
    expect(memberCount(3, undefined, true)).toBe('3 matching');
  });
});
