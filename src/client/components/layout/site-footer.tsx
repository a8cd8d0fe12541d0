import { SOCIAL_LINKS } from '#common/constants.ts';
import { useT } from '../../i18n/use-t.ts';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="mt-16 border-t border-line py-8 text-sm text-zinc-400">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 sm:flex-row">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        {/* Six links on one line of a 390 px phone: a little tighter there than on a laptop. */}
        <nav
          aria-label={t('footer.social')}
          className="flex flex-wrap justify-center gap-x-3 gap-y-2 text-[13px] sm:gap-x-4 sm:text-sm"
        >
          {SOCIAL_LINKS.map((s) => (
            <a
              key={s.name}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-gold"
              translate="no"
            >
              {s.name}
            </a>
          ))}
        </nav>
      </div>
    </footer>
  );
}
