// Reads a spreadsheet's CSV: UTF-8 with or without a byte-order mark, comma or semicolon, quoted
// fields. Anything that is not a readable CSV is refused whole, with the line it broke on.
import { CsvError, parse } from 'csv-parse/sync';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS } from '../../../common/schemas/imports';
import { badRequest } from '../../http/errors';

export interface CsvRow {
  /** The file's line the record starts on (the header is line 1). */
  line: number;
  fields: Record<string, string>;
}

const NOT_UTF8 = 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.';

export function decodeUtf8(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(NOT_UTF8);
  }
}

/** Semicolons when the header has more of them than commas (what European spreadsheets write). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const WHY: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row has more fields than the header',
  CSV_RECORD_INCONSISTENT_COLUMNS: 'the row has more fields than the header',
};

/**
 * The records under the header, keyed by `normalize(header cell)`. Short rows are fine (missing
 * cells are empty); rows longer than the header are not, since their cells would land in the
 * wrong columns.
 */
export function readCsv(
  text: string,
  normalize: (header: string) => string,
): { columns: string[]; rows: CsvRow[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      skip_empty_lines: true,
      relax_column_count_less: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      const why = WHY[err.code] ?? 'it is not a valid CSV file';
      throw badRequest(`The file could not be read${line ? ` at line ${line}` : ''}: ${why}.`);
    }
    throw err;
  }
  if (records.length === 0) throw badRequest('The file is empty');
  if (records.length - 1 > MAX_IMPORT_ROWS) throw badRequest(TOO_MANY_ROWS);
  const [head, ...body] = records;
  const keys = head.record.map(normalize);
  const rows = body.map(({ record, info }) => {
    const fields: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (key && record[i] !== undefined && !(key in fields)) fields[key] = record[i];
    });
    // info.lines is where the record ends; quoted cells may span lines.
    const breaks = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return { line: info.lines - breaks, fields };
  });
  return { columns: keys.filter(Boolean), rows };
}
