import type { BegunMissing, TranslatedLocale } from '#common/organiser-words.ts';

/** "zh-Hans: 3 missing": how many of a benefit's words a language still leaves in English. */
export function MissingBadge({ locale, count }: { locale: TranslatedLocale; count: number }) {
  return (
    <span
      data-testid="words-missing"
      data-locale={locale}
      className="mt-1.5 mr-1 inline-block rounded border border-sky-400/50 px-1.5 py-0.5 text-[11px] font-semibold leading-snug text-sky-200"
    >
      {locale}: {count} missing
    </span>
  );
}

/** The languages begun for a benefit that still lack words (a language never begun is English only). */
export function MissingBadges({ missing }: { missing: BegunMissing | undefined }) {
  if (!missing) return null;
  const started = (Object.entries(missing) as [TranslatedLocale, number][]).filter(([, count]) => count > 0);
  return (
    <>
      {started.map(([locale, count]) => (
        <MissingBadge key={locale} locale={locale} count={count} />
      ))}
    </>
  );
}
