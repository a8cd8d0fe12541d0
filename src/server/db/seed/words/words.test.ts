import { describe, expect, it } from 'vitest';
import { WORDING_TEXT_FIELDS } from '#common/member-action-wording.ts';
import { benefitTranslationsSchema, TRANSLATED_LOCALES } from '#common/organiser-words.ts';
import { SEEDED_ACTION_WORDING } from '../action-wording.ts';
import { demoCatalogue } from '../catalogue.ts';

// Decision 062: the demo speaks every language an organiser can give words in, through the admin's own schema.
describe("the demo's words in other languages", () => {
  const catalogue = demoCatalogue(2000);

  it('gives every benefit its title, description and button in each language, as the admin tabs accept them', () => {
    for (const b of catalogue) {
      const words = benefitTranslationsSchema.parse(b.translations);
      for (const locale of TRANSLATED_LOCALES)
        expect([b.id, locale, Object.keys(words[locale] ?? {})]).toEqual([
          b.id,
          locale,
          expect.arrayContaining(['title', 'description', 'bookingText']),
        ]);
    }
  });

  it("gives every seeded event's button and message wording in full, in each language", () => {
    const byEvent = new Map(
      catalogue.flatMap((b) =>
        TRANSLATED_LOCALES.flatMap((l) =>
          Object.entries(b.translations?.[l]?.actionWording ?? {}).map(([e, w]) => [`${l} ${e}`, w] as const),
        ),
      ),
    );
    for (const eventId of Object.keys(SEEDED_ACTION_WORDING))
      for (const locale of TRANSLATED_LOCALES)
        expect([locale, eventId, Object.keys(byEvent.get(`${locale} ${eventId}`) ?? {}).sort()]).toEqual([
          locale,
          eventId,
          [...WORDING_TEXT_FIELDS].sort(),
        ]);
  });

  it('writes the moved demo days in each language', () => {
    expect(catalogue.find((b) => b.id === 'elyx-life')?.translations?.ja?.dateLabel).toMatch(/^\d{4}年\d+月\d+日 まで/);
  });
});
