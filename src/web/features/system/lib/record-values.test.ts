import { describe, expect, it } from 'vitest';
import type { SchemaColumn } from '@common/schemas/system';
import { CELL_LIMIT, cellText, fromFormText, toFormText } from './record-values';
import { formatUptime } from './uptime';

const column = (data_type: string, is_nullable = 'YES'): SchemaColumn => ({
  column_name: 'c',
  data_type,
  is_nullable,
  column_default: null,
  required: false,
  creatable: true,
  editable: true,
  readOnlyReason: null,
});

describe('cellText (cells cut at 100 characters)', () => {
  it('keeps short values, cuts long ones, shows NULL and JSON', () => {
    expect(cellText('short')).toBe('short');
    expect(cellText('x'.repeat(CELL_LIMIT))).toBe('x'.repeat(100));
    expect(cellText('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
    expect(cellText(null)).toBe('NULL');
    expect(cellText(['a', 'b'])).toBe('["a","b"]');
    expect(cellText(false)).toBe('false');
  });
});

describe('form text and back, by column type', () => {
  it('turns text into the value each type needs, or a message', () => {
    expect(fromFormText('42', column('integer'))).toEqual({ value: 42 });
    expect(fromFormText('4.2', column('integer'))).toEqual({ error: 'Enter a whole number' });
    expect(fromFormText('true', column('boolean'))).toEqual({ value: true });
    expect(fromFormText('yes', column('boolean'))).toEqual({ error: 'Enter true or false' });
    expect(fromFormText('["Performer"]', column('ARRAY'))).toEqual({ value: ['Performer'] });
    expect(fromFormText('{bad', column('jsonb'))).toEqual({ error: 'Enter valid JSON' });
    expect(fromFormText('', column('integer'))).toEqual({ value: null });
    expect(fromFormText('', column('integer', 'NO'))).toEqual({ error: 'This column is required' });
    expect(fromFormText('', column('text'))).toEqual({ value: '' });
    expect(toFormText(['a'], column('ARRAY'))).toBe('["a"]');
    expect(toFormText(null, column('text'))).toBe('');
  });
});

describe('formatUptime (days, hours, minutes)', () => {
  it('splits seconds', () => {
    expect(formatUptime(0)).toBe('0d 0h 0m');
    expect(formatUptime(59)).toBe('0d 0h 0m');
    expect(formatUptime(90061)).toBe('1d 1h 1m');
    expect(formatUptime(3 * 86400 + 23 * 3600 + 59 * 60)).toBe('3d 23h 59m');
  });
});
