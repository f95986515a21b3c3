import { describe, expect, it } from 'vitest';
import { formatEighths, parseEighths } from '@common/schemas/breakdown';
import { actorTotals } from './breakdown-totals';

describe('actorTotals', () => {
  it('counts each scene once per person, with its pages', () => {
    const totals = actorTotals({
      characters: [
        { id: 1, name: 'Juliet', position: 0, memberIds: [10] },
        { id: 2, name: 'Ghost', position: 1, memberIds: [10, 11] },
      ],
      scenes: [
        { id: 5, name: 'A', act: '1', position: 0, pages: 12, characterIds: [1, 2] },
        { id: 6, name: 'B', act: '1', position: 1, pages: null, characterIds: [2] },
      ],
    });
    expect(totals).toEqual([
      { userId: 10, characters: ['Juliet', 'Ghost'], scenes: 2, eighths: 12 },
      { userId: 11, characters: ['Ghost'], scenes: 2, eighths: 12 },
    ]);
  });
});

describe('page counts in eighths', () => {
  it('reads and writes them as stage managers do', () => {
    expect(formatEighths(11)).toBe('1 3/8');
    expect(formatEighths(3)).toBe('3/8');
    expect(formatEighths(16)).toBe('2');
    expect(parseEighths('1 3/8')).toBe(11);
    expect(parseEighths('3/8')).toBe(3);
    expect(parseEighths('')).toBeNull();
    expect(parseEighths('9/8')).toBeNaN();
  });
});
