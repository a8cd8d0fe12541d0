import { describe, expect, it } from 'vitest';
import { memberTyped, textToHtml } from './templates.ts';

describe('member-typed values in mails', () => {
  it.each([
    ['Ada https://evil.example/login', 'Ada https[:]//evil[.]example/login'],
    ['see www.evil.com', 'see www[.]evil[.]com'],
    ['evil.com', 'evil[.]com'],
    ['javascript://alert(1)', 'javascript[:]//alert(1)'],
  ])('makes %j inert', (typed, shown) => {
    expect(memberTyped(typed)).toBe(shown);
    expect(textToHtml(`Member: ${memberTyped(typed)}`)).not.toContain('<a ');
  });

  it('leaves ordinary names and phone numbers as typed, on one line', () => {
    expect(memberTyped('Dr. Ada Lovelace-Byron')).toBe('Dr. Ada Lovelace-Byron');
    expect(memberTyped('+65 9123\n4567')).toBe('+65 9123 4567');
  });

  it('still links the portal’s own addresses', () => {
    expect(textToHtml('Manage it at https://portal.example/bookings/1')).toContain(
      '<a href="https://portal.example/bookings/1">',
    );
  });
});
