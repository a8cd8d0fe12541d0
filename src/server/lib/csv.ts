import { type Options as ParseOptions, parse } from 'csv-parse/sync';
import { type Options as StringifyOptions, stringify } from 'csv-stringify/sync';

// Lenient reading: rows may differ in length, and a stray quote inside an unquoted cell is kept as text.
const READ: ParseOptions = { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true };
// eof false: a line or a cell comes back without a trailing line break; callers add their own.
const WRITE: StringifyOptions = { eof: false };
// For spreadsheets: a leading = + - @ (or tab / carriage return) is defused with an apostrophe, never run as a formula.
const SAFE_WRITE: StringifyOptions = { eof: false, escape_formulas: true };

/** One CSV line into cells (RFC 4180 quoting); a line the parser cannot read comes back as one cell (a rejected row). */
export function parseCsvLine(line: string): string[] {
  try {
    return (parse(line, READ) as string[][])[0] ?? [''];
  } catch {
    return [line];
  }
}

export const parseCsv = (text: string): string[][] => parse(text, READ) as string[][];

export const toCsvLine = (cells: string[]) => stringify([cells.map((c) => c.replace(/\r?\n/g, ' '))], WRITE);

// Every cell becomes text first, so a negative number is defused like any other leading '-' (as before).
const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);

/** One cell for a CSV that people open in a spreadsheet: quoted when needed, formulas defused. */
export const safeCsvCell = (value: unknown): string => stringify([[cellText(value)]], SAFE_WRITE);

export const safeCsvLine = (cells: unknown[]) => `${stringify([cells.map(cellText)], SAFE_WRITE)}\r\n`;

/** A whole CSV file for spreadsheet programs: a UTF-8 BOM first, so Excel reads ’ and é as UTF-8. */
export const safeCsvDocument = (rows: unknown[][]) => `\uFEFF${rows.map(safeCsvLine).join('')}`;
