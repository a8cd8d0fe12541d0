import { MapPin } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import * as imagesApi from '#common/api/images.ts';
import type { WireSchedule } from '#common/event-time.ts';
import { pathOf } from '#common/route-contract.ts';
import { fieldLang } from '#common/served-lang.ts';
import { useDateLabel } from '../../i18n/date-label.ts';
import { useTextLang } from '../../i18n/text-lang.ts';

/** A benefit's image, date label, title and description around an RSVP form, as members see it. */
export function RsvpArticle({
  benefit,
  children,
}: {
  benefit: {
    imageUrl?: string | null;
    dateLabel?: string | null;
    /** The event's schedule when the date line is the formatter's: written again in the member's language. */
    schedule?: WireSchedule;
    venue?: string | null;
    title: string;
    description: string;
    /** The form's own description, shown instead of the benefit's when written. */
    formDescription?: string | null;
    /** The paths of its words the server served in English (decision 073). */
    fallback?: string[];
  };
  children: ReactNode;
}) {
  const lang = useTextLang();
  const en = lang(); // the event's venue: the organiser's English, not translated
  const words = (path: string) => lang(fieldLang(benefit.fallback, path));
  const described = benefit.formDescription ? 'formDescription' : 'description';
  const dateLabel = useDateLabel({ dateLabel: benefit.dateLabel ?? '', schedule: benefit.schedule });
  return (
    <article className="overflow-hidden rounded-2xl border border-line bg-panel">
      {benefit.imageUrl && <HeaderImage src={benefit.imageUrl} />}
      <div className="space-y-3 p-5 sm:p-8">
        {benefit.dateLabel != null && (
          <p
            className="text-xs uppercase tracking-[0.3em] text-gold"
            data-testid="rsvp-date"
            lang={dateLabel === benefit.dateLabel ? words('dateLabel') : undefined}
          >
            {dateLabel}
          </p>
        )}
        <h1 className="text-2xl font-bold text-white sm:text-3xl" lang={words('title')}>
          {benefit.title}
        </h1>
        {/* Where, as the tile's modal, /me and the mails say it: the event's venue, written once. */}
        {benefit.venue && (
          <p className="flex items-start gap-1.5 text-sm text-zinc-200" data-testid="rsvp-venue">
            <MapPin size={16} aria-hidden className="mt-0.5 shrink-0 text-gold" />
            <span lang={en}>{benefit.venue}</span>
          </p>
        )}
        <p className="text-zinc-300" lang={words(described)}>
          {benefit[described]}
        </p>
        <div className="pt-4">{children}</div>
      </div>
    </article>
  );
}

/**
 * The header artwork across the page. An uploaded picture is a small raster (the edit form takes exactly 320x200):
 * stretched to the page's width it blurs, so it is framed at its own size over a dim wash of itself.
 * The portal's own artwork is vector and fills the frame.
 */
// An uploaded image's URL starts so; anything else is the portal's own artwork.
const UPLOADED = pathOf(imagesApi.image, { params: { file: '' } });

function HeaderImage({ src }: { src: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  if (!src.startsWith(UPLOADED)) return <img src={src} alt="" className="aspect-[16/7] w-full object-cover" />;
  return (
    <div
      className="relative flex w-full justify-center overflow-hidden bg-ink px-4 py-8"
      data-testid="rsvp-header-image"
    >
      <img
        src={src}
        alt=""
        aria-hidden
        className="absolute inset-0 h-full w-full scale-110 object-cover opacity-30 blur-2xl"
      />
      <img
        src={src}
        alt=""
        onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        style={size ? { width: size.width } : { visibility: 'hidden' }}
        className="relative h-auto max-w-full rounded-md shadow-lg"
      />
    </div>
  );
}
