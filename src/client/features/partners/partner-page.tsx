import type { ReactNode } from 'react';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import type { PartnerSlug } from '../../paths.ts';
import { EventCapacity } from '../rsvp/index.ts';
import { PartnerButton } from './partner-button.tsx';
import { PARTNER_CONTENT, type PartnerSection } from './partner-content.ts';

/** One template for every partner information page (member spec §2); the content is data. */
/** Draws a page's RSVP button; given the page so the action can be tracked against its benefit. */
export type RenderPageRsvp = (eventId: string, label: string, page: { benefitId: string; title: string }) => ReactNode;

export function PartnerPage({ slug, renderRsvp }: { slug: PartnerSlug; renderRsvp?: RenderPageRsvp }) {
  const page = PARTNER_CONTENT[slug];
  return (
    <MemberShell>
      <article
        data-testid="partner-page"
        data-benefit-id={page.benefitId}
        className="mx-auto max-w-4xl px-4 py-6 sm:py-10"
      >
        <BackToBenefits />

        <div className="mt-5 overflow-hidden rounded-xl border border-line bg-panel">
          <img
            src={page.heroImage}
            alt=""
            className="aspect-[16/10] w-full object-cover sm:aspect-[21/9]"
            width={640}
            height={400}
          />
        </div>

        <header className="mt-8">
          <p className="text-xs uppercase tracking-[0.3em] text-gold">{page.eyebrow}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-wide text-white sm:text-4xl">{page.title}</h1>
          <p className="mt-3 max-w-2xl text-base text-zinc-300">{page.subtitle}</p>
        </header>

        <div className="mt-8 space-y-6">
          {page.sections.map((section, i) => (
            <Section key={section.heading ?? i} section={section} />
          ))}
        </div>

        {page.buttons.length > 0 && (
          <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:items-start">
            {page.buttons.map((b, i) => (
              <PartnerButton
                key={`${b.type}:${b.label}`}
                button={b}
                primary={i === 0}
                renderRsvp={renderRsvp && ((eventId, label) => renderRsvp(eventId, label, page))}
              />
            ))}
          </div>
        )}
      </article>
    </MemberShell>
  );
}

function Section({ section }: { section: PartnerSection }) {
  return (
    <section className="rounded-xl border border-line bg-panel p-5 sm:p-6">
      {section.heading && <h2 className="mb-3 text-lg font-semibold text-white">{section.heading}</h2>}
      {section.paragraphs?.map((p) => (
        <p key={p} className="mt-2 text-sm leading-relaxed text-zinc-300 first:mt-0 sm:text-base">
          {p}
        </p>
      ))}
      {section.facts && section.facts.length > 0 && (
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {section.facts.map((f) => (
            <div key={f.label} className="rounded-lg border border-line bg-ink/60 px-4 py-3">
              <dt className="text-xs uppercase tracking-widest text-zinc-400">{f.label}</dt>
              <dd className="mt-1 text-sm text-zinc-100">
                <WithCapacities text={f.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** `{event-id}` in a text stands for that event's stored capacity (DESIGN §4: pages never hard-code it). */
function WithCapacities({ text }: { text: string }) {
  const parts = text.split(/\{([a-z0-9-]+)\}/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <EventCapacity key={part} eventId={part} /> : part))}</>;
}
