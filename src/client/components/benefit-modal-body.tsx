import { ExternalLink, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Benefit, ModalContent } from '#common/benefits.ts';
import { fieldLang } from '#common/served-lang.ts';
import { useDateLabel } from '../i18n/date-label.ts';
import { useTextLang } from '../i18n/text-lang.ts';
import { useT } from '../i18n/use-t.ts';
import { goldFocusRing } from './ui/focus-ring.ts';

/**
 * What a tile's modal shows, from data: members see it in the dialog, the admin editor as its live preview.
 * `renderAction` draws each RSVP/interest button; `onExternal` hears an outbound link being followed.
 */
export function BenefitModalBody({
  benefit,
  modal,
  renderAction,
  onExternal,
}: {
  benefit: Pick<Benefit, 'imageUrl' | 'dateLabel' | 'schedule' | 'description' | 'venue' | 'fallback'>;
  modal: ModalContent | null;
  renderAction: (eventId: string) => ReactNode;
  onExternal?: () => void;
}) {
  const t = useT();
  const dateLabel = useDateLabel(benefit);
  const lang = useTextLang();
  const en = lang(); // the event's venue: the organiser's English, not translated
  // The organiser's words: English where the server says they fell back (decision 073).
  const words = (path: string) => lang(fieldLang(benefit.fallback, path));
  // Where comes from the benefit's event, the one place it is written; the modal's own facts follow.
  const details = [
    ...(benefit.venue ? [{ label: t('modal.venue'), value: benefit.venue, labelLang: undefined, valueLang: en }] : []),
    ...(modal?.details ?? []).map((d, i) => ({
      ...d,
      labelLang: words(`modal.details.${i}.label`),
      valueLang: words(`modal.details.${i}.value`),
    })),
  ];
  return (
    <div className="mt-4 space-y-4 text-sm text-zinc-300">
      {benefit.imageUrl && <img src={benefit.imageUrl} alt="" className="h-36 w-full rounded-lg object-cover" />}
      <p
        className="text-xs tracking-wide text-gold"
        lang={dateLabel === benefit.dateLabel ? words('dateLabel') : undefined}
      >
        {dateLabel}
      </p>
      <p className="break-words" lang={words('description')}>
        {benefit.description}
      </p>
      {modal?.paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs may repeat while an admin edits them
        <p key={i} className="break-words" lang={words(`modal.paragraphs.${i}`)}>
          {p}
        </p>
      ))}
      {modal && details.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line p-3">
          {details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat while an admin edits them
            <div key={i} className="contents">
              <dt className="text-zinc-400" lang={d.labelLang}>
                {d.label}
              </dt>
              <dd className="break-words text-zinc-100" lang={d.valueLang}>
                {d.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {modal?.redemptionCode && (
        <p className="rounded-lg border border-dashed border-gold/60 p-3 text-center">
          {t('modal.redemptionCode')}{' '}
          <strong className="break-all font-mono text-base tracking-widest text-gold" translate="no">
            {modal.redemptionCode}
          </strong>
        </p>
      )}
      {modal && modal.actions.length > 0 && (
        <div className={modal.actions.length > 1 ? 'grid gap-4 sm:grid-cols-2' : ''}>
          {modal.actions.map((eventId) => (
            <div key={eventId}>{renderAction(eventId)}</div>
          ))}
        </div>
      )}
      {/* A modal without an RSVP button leads with its first link as the main button, not a faint text link. */}
      {modal && modal.links.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 pt-2">
          {modal.links.map((l, i) => {
            const primary = i === 0 && modal.actions.length === 0;
            const className = primary
              ? `inline-flex w-full items-center justify-center gap-2 rounded-md bg-gold px-4 py-2 text-sm font-semibold tracking-wider text-ink transition-colors hover:bg-gold-soft ${goldFocusRing}`
              : 'inline-flex items-center gap-1 text-gold underline-offset-4 hover:underline';
            return l.type === 'internal' ? (
              <Link
                // biome-ignore lint/suspicious/noArrayIndexKey: links may repeat while an admin edits them
                key={i}
                href={l.href}
                className={className}
                data-primary={primary || undefined}
                lang={words(`modal.links.${i}.label`)}
              >
                {l.label}
              </Link>
            ) : (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: links may repeat while an admin edits them
                key={i}
                href={l.href}
                target={l.type === 'external' ? '_blank' : undefined}
                rel="noopener noreferrer"
                onClick={() => l.type === 'external' && onExternal?.()}
                className={className}
                data-primary={primary || undefined}
                lang={words(`modal.links.${i}.label`)}
              >
                {l.type === 'mail' ? <Mail size={14} aria-hidden /> : <ExternalLink size={14} aria-hidden />}
                {l.label}
              </a>
            );
          })}
        </div>
      )}
    </div>
  );
}
