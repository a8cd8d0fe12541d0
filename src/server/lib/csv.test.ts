import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvLine, safeCsvCell, safeCsvDocument, safeCsvLine, toCsvLine } from './csv.ts';

describe('CSV for spreadsheets', () => {
  it('defuses formulas, quotes when needed, and writes text for every kind of value', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '＝1'].map(safeCsvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'＝1",
    ]);
    expect(safeCsvCell(-5)).toBe("'-5"); // a negative number is text with a leading '-' like any other
    expect(safeCsvCell('a,"b"')).toBe('"a,""b"""');
    expect(safeCsvCell('two\nlines')).toBe('"two\nlines"');
    expect([null, undefined, true, 3, new Date(0)].map(safeCsvCell)).toEqual([
      '',
      '',
      'true',
      '3',
      '1970-01-01T00:00:00.000Z',
    ]);
  });

  it('writes CRLF lines and a BOM first, and reads them back', () => {
    expect(safeCsvLine(['a', '', 'b c'])).toBe('a,,b c\r\n');
    const doc = safeCsvDocument([
      ['Name', 'Note'],
      ['Zoë', 'one, two\nthree'],
    ]);
    expect(doc).toBe('\uFEFFName,Note\r\nZoë,"one, two\nthree"\r\n');
    expect(parseCsv(doc)).toEqual([
      ['Name', 'Note'],
      ['Zoë', 'one, two\nthree'],
    ]);
  });

  it('keeps the sheet files on one line per row', () => {
    expect(toCsvLine(['a\nb', 'c,d', ''])).toBe('a b,"c,d",');
    expect(parseCsv('a,b\n\nc\n')).toEqual([['a', 'b'], ['c']]);
  });

  it('reads an import line leniently, and a line it cannot read as one cell', () => {
    expect(parseCsvLine('"a@example.com","Ann ""Nan""",Lee')).toEqual(['a@example.com', 'Ann "Nan"', 'Lee']);
    expect(parseCsvLine('')).toEqual(['']);
    expect(parseCsvLine('a"b,c')).toEqual(['a"b', 'c']);
    expect(parseCsvLine('"a@example.com,Ann')).toEqual(['"a@example.com,Ann']);
  });
});
