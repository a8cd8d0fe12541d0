import type { ReactNode } from 'react';
import { CAPACITY_PLACEHOLDER, type PartnerPageContent, type PartnerSection } from '#common/partner-pages.ts';
import { fieldLang } from '#common/served-lang.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { PartnerButton, type RenderRsvp } from './partner-button.tsx';

/** Draws `{event-id}` in a fact: that event's stored capacity (docs/spec/DESIGN.md §4: pages never hard-code it). */
export type RenderCapacity = (eventId: string) => ReactNode;

/**
 * The one template of every partner information page (docs/spec/member-portal.md §2): hero, eyebrow, title, sections of
 * paragraphs and facts, then the buttons. Members see it on /{slug}; the admin editor shows it as the preview.
 */
export function PartnerPageView({
  page,
  fallback,
  renderRsvp,
  renderCapacity,
}: {
  page: PartnerPageContent;
  /** The paths of its words the server served in English (decision 073). */
  fallback?: string[];
  renderRsvp?: RenderRsvp;
  renderCapacity?: RenderCapacity;
}) {
  // The page's words are the organiser's: each in English where the server says it fell back (decision 073).
  const lang = useTextLang();
  const words = (path: string) => lang(fieldLang(fallback, path));
  return (
    <>
      {page.heroImage && (
        <div className="mt-5 overflow-hidden rounded-xl border border-line bg-panel">
          <img
            src={page.heroImage}
            alt=""
            className="aspect-[16/10] w-full object-cover sm:aspect-[21/9]"
            width={640}
            height={400}
          />
        </div>
      )}

      <header className="mt-8">
        {page.eyebrow && (
          <p className="text-xs uppercase tracking-[0.3em] text-gold" lang={words('eyebrow')}>
            {page.eyebrow}
          </p>
        )}
        <h1 className="mt-3 break-words text-3xl font-bold tracking-wide text-white sm:text-4xl" lang={words('title')}>
          {page.title}
        </h1>
        {page.subtitle && (
          <p className="mt-3 max-w-2xl text-base text-zinc-300" lang={words('subtitle')}>
            {page.subtitle}
          </p>
        )}
      </header>

      {page.sections.length > 0 && (
        <div className="mt-8 space-y-6">
          {page.sections.map((section, i) => (
            <Section
              // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity
              key={i}
              section={section}
              words={(path) => words(`sections.${i}.${path}`)}
              renderCapacity={renderCapacity}
            />
          ))}
        </div>
      )}

      {page.buttons.length > 0 && (
        <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:items-start">
          {page.buttons.map((b, i) => (
            <PartnerButton
              // biome-ignore lint/suspicious/noArrayIndexKey: two buttons may share a label while being edited
              key={i}
              button={b}
              primary={i === 0}
              lang={words(`buttons.${i}.label`)}
              renderRsvp={renderRsvp}
            />
          ))}
        </div>
      )}
    </>
  );
}

function Section({
  section,
  words,
  renderCapacity,
}: {
  section: PartnerSection;
  /** The `lang` of one of its words, by its path in the section. */
  words: (path: string) => string | undefined;
  renderCapacity?: RenderCapacity;
}) {
  return (
    <section className="rounded-xl border border-line bg-panel p-5 sm:p-6">
      {section.heading && (
        <h2 className="mb-3 text-lg font-semibold text-white" lang={words('heading')}>
          {section.heading}
        </h2>
      )}
      {section.paragraphs.map((p, i) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs may repeat while being edited
          key={i}
          className="mt-2 break-words text-sm leading-relaxed text-zinc-300 first:mt-0 sm:text-base"
          lang={words(`paragraphs.${i}`)}
        >
          {p}
        </p>
      ))}
      {section.facts.length > 0 && (
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {section.facts.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: facts may share a label while being edited
            <div key={i} className="rounded-lg border border-line bg-ink/60 px-4 py-3">
              <dt className="text-xs uppercase tracking-widest text-zinc-400" lang={words(`facts.${i}.label`)}>
                {f.label}
              </dt>
              <dd className="mt-1 break-words text-sm text-zinc-100" lang={words(`facts.${i}.value`)}>
                <WithCapacities text={f.value} renderCapacity={renderCapacity} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function WithCapacities({ text, renderCapacity }: { text: string; renderCapacity?: RenderCapacity }) {
  const parts = text.split(CAPACITY_PLACEHOLDER);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a text may name one event twice
          <span key={i}>{renderCapacity ? renderCapacity(part) : `{${part}}`}</span>
        ) : (
          part
        ),
      )}
    </>
  );
}
