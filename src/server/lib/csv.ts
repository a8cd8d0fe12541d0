/** One CSV line into cells (RFC 4180 quoting; no embedded newlines, which our files never hold). */
export function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

export const parseCsv = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map(parseCsvLine);

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
export const toCsvLine = (cells: string[]) => cells.map((c) => quote(c.replace(/\r?\n/g, ' '))).join(',');

/**
 * One cell for a CSV that people open in a spreadsheet: quoted when needed, and a leading
 * = + - @ (or tab / carriage return) defused with an apostrophe so it is never run as a formula.
 */
export function safeCsvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const safeCsvLine = (cells: unknown[]) => `${cells.map(safeCsvCell).join(',')}\r\n`;

/** A whole CSV file for spreadsheet programs: a UTF-8 BOM first, so Excel reads ’ and é as UTF-8. */
export const safeCsvDocument = (rows: unknown[][]) => `\uFEFF${rows.map(safeCsvLine).join('')}`;
