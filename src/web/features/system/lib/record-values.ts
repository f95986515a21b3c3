// Turning record values into form text and back, by the column's PostgreSQL type. The server
// checks every value again against the column; this only shapes what the form sends.
import type { SchemaColumn } from '@common/schemas/system';

/** A cell shows at most 100 characters. */
export const CELL_LIMIT = 100;

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT)}...` : text;
}

const isStructured = (type: string) => type === 'ARRAY' || type === 'json' || type === 'jsonb';
const isInteger = (type: string) => ['integer', 'smallint', 'bigint'].includes(type);

export function toFormText(value: unknown, column: SchemaColumn): string {
  if (value === null || value === undefined) return '';
  if (isStructured(column.data_type)) return JSON.stringify(value);
  return String(value);
}

/** The value to send, or an error message for the field. */
export function fromFormText(text: string, column: SchemaColumn): { value: unknown } | { error: string } {
  const nullable = column.is_nullable === 'YES';
  if (text.trim() === '' && column.data_type !== 'text' && column.data_type !== 'character varying') {
    return nullable ? { value: null } : { error: 'This column is required' };
  }
  if (isInteger(column.data_type)) {
    const n = Number(text);
    return Number.isInteger(n) ? { value: n } : { error: 'Enter a whole number' };
  }
  if (column.data_type === 'boolean') {
    if (text === 'true' || text === 'false') return { value: text === 'true' };
    return { error: 'Enter true or false' };
  }
  if (isStructured(column.data_type)) {
    try {
      return { value: JSON.parse(text) };
    } catch {
      return { error: 'Enter valid JSON' };
    }
  }
  return { value: text };
}
