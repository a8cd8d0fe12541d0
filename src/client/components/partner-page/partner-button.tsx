import { ArrowRight, ExternalLink, FileText, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PartnerButton as PartnerButtonData } from '#common/partner-pages.ts';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';
import { Button } from '../ui/button.tsx';
import { goldFocusRing } from '../ui/focus-ring.ts';

/** An RSVP button's action: its event, its label and the label's language when not the page's. */
export type RenderRsvp = (eventId: string, label: string, labelLang?: string) => ReactNode;

// Links cannot be <button>s, so they borrow the Button look here.
const LINK_BASE =
  'inline-flex w-full items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold tracking-wider transition-colors sm:w-auto';
const LINK_VARIANT = {
  primary: `bg-gold text-ink hover:bg-gold-soft ${goldFocusRing}`,
  secondary: 'border border-gold/60 text-gold hover:bg-gold/10',
};

export function PartnerButton({
  button,
  primary,
  lang,
  renderRsvp,
}: {
  button: PartnerButtonData;
  primary: boolean;
  /** Its label's language when not the page's (an organiser's word left in English). */
  lang?: string;
  renderRsvp?: RenderRsvp;
}) {
  const t = useT();
  const className = cx(LINK_BASE, LINK_VARIANT[primary ? 'primary' : 'secondary']);
  switch (button.type) {
    case 'rsvp':
      if (renderRsvp) return <div className="w-full sm:w-auto">{renderRsvp(button.eventId, button.label, lang)}</div>;
      return (
        <div className="flex w-full flex-col gap-1 sm:w-auto">
          <Button disabled className="w-full px-5 py-2.5 sm:w-auto" lang={lang}>
            {button.label}
          </Button>
          <p className="text-xs text-zinc-400">{t('partner.openFromDashboard')}</p>
        </div>
      );
    case 'internal':
      if (button.newTab) {
        return (
          <a href={button.href} target="_blank" rel="noopener noreferrer" className={className} lang={lang}>
            <FileText size={16} aria-hidden />
            {button.label}
          </a>
        );
      }
      return (
        <Link href={button.href} className={className} lang={lang}>
          {button.label}
          <ArrowRight size={16} aria-hidden />
        </Link>
      );
    case 'external':
      return (
        <a href={button.href} target="_blank" rel="noopener noreferrer" className={className} lang={lang}>
          {button.label}
          <ExternalLink size={16} aria-hidden />
        </a>
      );
    case 'mail':
    case 'tel':
      return (
        <a href={button.href} className={className} lang={lang}>
          {button.type === 'mail' ? <Mail size={16} aria-hidden /> : <Phone size={16} aria-hidden />}
          {button.label}
        </a>
      );
  }
}
