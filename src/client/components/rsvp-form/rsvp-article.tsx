import type { ReactNode } from 'react';

/** A benefit's image, date label, title and description around an RSVP form, as members see it. */
export function RsvpArticle({
  benefit,
  children,
}: {
  benefit: { imageUrl?: string | null; dateLabel?: string | null; title: string; description: string };
  children: ReactNode;
}) {
  return (
    <article className="overflow-hidden rounded-2xl border border-line bg-panel">
      {benefit.imageUrl && <img src={benefit.imageUrl} alt="" className="aspect-[16/7] w-full object-cover" />}
      <div className="space-y-3 p-5 sm:p-8">
        {benefit.dateLabel != null && (
          <p className="text-xs uppercase tracking-[0.3em] text-gold">{benefit.dateLabel}</p>
        )}
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{benefit.title}</h1>
        <p className="text-zinc-300">{benefit.description}</p>
        <div className="pt-4">{children}</div>
      </div>
    </article>
  );
}
