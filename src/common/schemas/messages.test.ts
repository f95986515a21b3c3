import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './messages';
import { editAboutSchema } from './teams';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0].message;
};

describe('validation messages in plain words', () => {
  it('words sizes, types, formats and choices for people, not developers', () => {
    expect(firstMessage(z.string().max(5000), 'x'.repeat(5001))).toBe('Must be at most 5000 characters');
    expect(firstMessage(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(firstMessage(z.string().min(1), '')).toBe('This field is required');
    expect(firstMessage(z.object({ a: z.string() }), {})).toBe('This field is required');
    expect(firstMessage(z.coerce.number(), 'abc')).toBe('Must be a number');
    expect(firstMessage(z.number().int().max(10), 11)).toBe('Must be at most 10');
    expect(firstMessage(z.email(), 'nope')).toBe('Invalid email address');
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Must be one of: a, b');
    expect(firstMessage(z.array(z.number()).max(2), [1, 2, 3])).toBe('Must be at most 2 items');
    expect(firstMessage(z.strictObject({}), { extra: 1 })).toBe('Unknown field: extra');
  });

  it("keeps a schema's own words", () => {
    expect(firstMessage(z.string().max(3, 'Too long, friend'), 'abcd')).toBe('Too long, friend');
    expect(firstMessage(editAboutSchema, { name: 'Cast', description: 'x'.repeat(5001), handle: 'ok' })).toBe(
      'Description must be at most 5000 characters',
    );
  });

  it("never shows zod's developer texts", () => {
    for (const [schema, value] of [
      [z.string().max(2), 'abc'],
      [z.number(), 'x'],
      [z.boolean(), 'x'],
      [z.literal('a'), 'b'],
    ] as const) {
      expect(firstMessage(schema as z.ZodType, value)).not.toMatch(
        /expected|received|Too big|Too small|Invalid input/,
      );
    }
  });
});
