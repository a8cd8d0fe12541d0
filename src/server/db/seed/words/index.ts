import type { BenefitTranslations } from '#common/organiser-words.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import type { SeedWords } from './types.ts';
import { zhHans } from './zh-hans.ts';

const LANGUAGES: [keyof BenefitTranslations, SeedWords][] = [
  ['zh-Hans', zhHans],
  ['ja', ja],
  ['ko', ko],
];

/**
 * Each demo benefit's words in every language (decision 062), as an organiser types them in the language tabs:
 * its tile, modal and its events' button and message wording. `day` moves a spec date as the seed does.
 */
export function demoTranslations(day: (isoDate: string) => string): Record<string, BenefitTranslations> {
  const byBenefit: Record<string, BenefitTranslations> = {};
  for (const [locale, words] of LANGUAGES) {
    const date = (isoDay: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day(isoDay)}T12:00:00Z`),
      );
    for (const [id, w] of Object.entries(words(date))) byBenefit[id] = { ...byBenefit[id], [locale]: w };
  }
  return byBenefit;
}
