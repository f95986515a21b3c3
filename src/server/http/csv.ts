// CSV downloads (the users export, the attendance report): one cell rule and one reply shape.
import type { FastifyReply } from 'fastify';

// Spreadsheets run cells that start with these as formulas; a leading quote keeps them text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows of cells → CSV text (with a byte-order mark for spreadsheets), every cell quoted and neutralised. */
export const csvText = (rows: unknown[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
