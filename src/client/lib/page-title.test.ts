import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it("names the page, then the portal; the portal alone while the page's name is unknown", () => {
    expect(pageTitle('Benefits')).toBe('Benefits · Special Access Pass');
    expect(pageTitle(null)).toBe('Special Access Pass');
  });
});
