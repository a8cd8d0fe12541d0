import type { BenefitWords } from '#common/organiser-words.ts';

/** One language's words of the demo, by benefit id; `date` writes a demo day (moved as the seed moves it) in it. */
export type SeedWords = (date: (isoDay: string) => string) => Record<string, BenefitWords>;
