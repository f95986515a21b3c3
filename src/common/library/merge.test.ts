import { describe, expect, it } from 'vitest';
import { changedFields, mergeEdits, type PageFields } from './merge';

const base: PageFields = { title: 'Crew Call', tags: ['crew'], content: 'Call at six.', isPublic: false };

describe('mergeEdits', () => {
  it('keeps what each side changed alone, whichever side is chosen', () => {
    const mine = { ...base, content: 'Call at seven.' };
    const theirs = { ...base, title: 'Call Times', tags: ['crew', 'safety'] };
    for (const choice of ['mine', 'theirs'] as const) {
      expect(mergeEdits(base, mine, theirs, choice)).toEqual({
        fields: { title: 'Call Times', tags: ['crew', 'safety'], content: 'Call at seven.', isPublic: false },
        conflicts: [],
      });
    }
  });

  it('gives a field both changed to the chosen side', () => {
    const mine = { ...base, content: 'Mine.', isPublic: true };
    const theirs = { ...base, content: 'Theirs.', title: 'Renamed' };
    expect(mergeEdits(base, mine, theirs, 'mine')).toEqual({
      fields: { title: 'Renamed', tags: ['crew'], content: 'Mine.', isPublic: true },
      conflicts: ['content'],
    });
    expect(mergeEdits(base, mine, theirs, 'theirs').fields).toEqual({
      title: 'Renamed',
      tags: ['crew'],
      content: 'Theirs.',
      isPublic: true,
    });
  });

  it('counts the same change on both sides, and tags in another order or case, as no conflict', () => {
    const mine = { ...base, title: 'Same', tags: ['Safety', 'crew'] };
    const theirs = { ...base, title: 'Same', tags: ['crew', 'safety'] };
    expect(mergeEdits(base, mine, theirs, 'mine').conflicts).toEqual([]);
    expect(changedFields(base, mine)).toEqual(['title', 'tags']);
    expect(changedFields(theirs, mine)).toEqual([]);
  });
});
