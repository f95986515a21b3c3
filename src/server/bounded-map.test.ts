import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('holds at most its bound, the least recently set or read going first', () => {
    const evicted: [string, number][] = [];
    const map = new BoundedMap<string, number>(3, (k, v) => evicted.push([k, v]));
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    expect(evicted).toEqual([['b', 2]]);
    // Setting an existing key refreshes it; peek does not, so 'a' is the next to go.
    map.set('c', 30);
    expect(map.peek('a')).toBe(1);
    map.set('e', 5);
    expect([...map]).toEqual([
      ['d', 4],
      ['c', 30],
      ['e', 5],
    ]);
    expect(evicted.map(([k]) => k)).toEqual(['b', 'a']);
    expect(map.oldest()).toBe('d');
  });

  it('keeps falsy values and answers undefined for a missing key', () => {
    const map = new BoundedMap<number, number>(2);
    map.set(1, 0);
    expect(map.get(1)).toBe(0);
    expect(map.has(1)).toBe(true);
    expect(map.get(2)).toBeUndefined();
    expect(map.delete(1)).toBe(true);
    expect(map.size).toBe(0);
  });

  it('trims at once to a lower bound, and refuses a bound under one', () => {
    const map = new BoundedMap<number, string>(10);
    for (let i = 0; i < 10; i++) map.set(i, String(i));
    map.max = 4;
    expect([...map.keys()]).toEqual([6, 7, 8, 9]);
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => {
      map.max = 0;
    }).toThrow(RangeError);
  });

  it('stays flat under many distinct keys', () => {
    const map = new BoundedMap<string, number>(100);
    for (let i = 0; i < 10_000; i++) map.set(`organization-${i}`, i);
    expect(map.size).toBe(100);
    expect(map.oldest()).toBe('organization-9900');
  });
});
