import { Languages } from 'lucide-react';
import { isLocale, LOCALE_NAMES, LOCALES } from '#common/locales.ts';
import { activateLocale, rememberLocale } from '../../i18n/i18n.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { queryClient } from '../../lib/query-client.ts';
import { saveProfileLocale } from '../../lib/session.ts';

// Every member query but the session carries the organiser's words or may (the admin's are English).
const carriesWords = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'admin';

/** The member header's language menu: a native select (a phone shows its own picker); each name in its language. */
export function LanguageMenu({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <label className="inline-flex items-center gap-1.5 text-sm text-zinc-300">
      <Languages size={16} aria-hidden />
      <span className="sr-only">{t('header.language')}</span>
      <select
        data-testid="language-menu"
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          rememberLocale(next);
          // The organiser's words come with the data, in the language the cookie now says (decision 062): asked
          // once the portal's own words are in, so the page changes language at once.
          void activateLocale(next).then(() => queryClient.invalidateQueries({ predicate: carriesWords }));
          if (signedIn) saveProfileLocale(next);
        }}
        className="min-h-9 cursor-pointer rounded-md border border-line bg-ink px-2 py-1 text-sm text-zinc-200 hover:border-gold/60 focus:border-gold"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
