import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';
import { PATHS } from '../../paths.ts';
import { goldFocusRing } from '../ui/focus-ring.ts';

const looks = {
  link: 'inline-flex items-center gap-2 text-sm text-zinc-300 hover:text-gold',
  // The main way out of a page that has nothing else to offer (404, a form that is not available).
  button: `inline-flex items-center justify-center gap-2 rounded-md bg-gold px-5 py-2 text-sm font-semibold tracking-wider text-ink transition-colors hover:bg-gold-soft ${goldFocusRing}`,
};

/** The 'Back to Benefits' link at the top of member pages (docs/spec/member-portal.md §2), or as a page's main button. */
export function BackToBenefits({ variant = 'link' }: { variant?: keyof typeof looks }) {
  const t = useT();
  return (
    <Link href={PATHS.benefits} className={cx(looks[variant])}>
      <ArrowLeft size={16} aria-hidden /> {t('nav.backToBenefits')}
    </Link>
  );
}
