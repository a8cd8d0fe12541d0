import { OFFER_CODE_MAX, type OfferLineReport } from '#common/offer-codes.ts';
import { parseCsvLine } from '../../lib/csv.ts';

/** One code as read from a line of an upload, with its line number (1 = the file's first line). */
export type CodeLine = { line: number; code: string };

/**
 * Pasted text or a CSV file into codes: one a line, or the `code` column when the first line is a header naming it.
 * Cells are trimmed; the trailing empty lines of a file are not lines. Blank and over-long codes are reported.
 */
export function readCodeLines(text: string): { lines: CodeLine[]; problems: OfferLineReport[] } {
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  while (raw.length > 0 && raw[raw.length - 1]?.trim() === '') raw.pop();
  const header = raw[0] === undefined ? [] : parseCsvLine(raw[0]).map((c) => c.trim().toLowerCase());
  const column = header.length > 1 || header[0] === 'code' ? header.indexOf('code') : -1;
  const lines: CodeLine[] = [];
  const problems: OfferLineReport[] = [];
  for (const [i, text] of raw.entries()) {
    if (column >= 0 && i === 0) continue;
    const code = (column >= 0 ? (parseCsvLine(text)[column] ?? '') : text).trim();
    const line = i + 1;
    if (code === '') problems.push({ line, code, problem: 'blank' });
    else if (code.length > OFFER_CODE_MAX) problems.push({ line, code: code.slice(0, 40), problem: 'too_long' });
    else lines.push({ line, code });
  }
  return { lines, problems };
}

/** The later lines repeating a code of an earlier one. */
export function repeatedLines(lines: CodeLine[]): CodeLine[] {
  const seen = new Set<string>();
  const repeated: CodeLine[] = [];
  for (const l of lines) {
    if (seen.has(l.code)) repeated.push(l);
    seen.add(l.code);
  }
  return repeated;
}
