import { describe, expect, it } from 'vitest';
import { parseSheetUrl } from './sheet-url.ts';

describe('Google Sheets URLs', () => {
  it.each([
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9/edit#gid=0', '1AbC_d-9', 0],
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9/edit?usp=sharing', '1AbC_d-9', null],
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9/edit?gid=123#gid=123', '1AbC_d-9', 123],
    ['https://docs.google.com/spreadsheets/u/0/d/1AbC_d-9/htmlview', '1AbC_d-9', null],
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9', '1AbC_d-9', null],
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9/view#gid=77', '1AbC_d-9', 77],
  ])('reads %s', (url, id, gid) => {
    expect(parseSheetUrl(url)).toEqual({ spreadsheetId: id, gid });
  });

  it.each([
    'not a url',
    'https://example.com/spreadsheets/d/abc',
    'https://docs.google.com/document/d/abc/edit',
    'https://docs.google.com/spreadsheets/',
  ])('refuses %s', (url) => {
    expect(parseSheetUrl(url)).toBeNull();
  });
});
