import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useAdminBenefits } from '../api.ts';
import { BenefitOptions } from '../benefit-options.tsx';
import { describedBy } from './list-controls.tsx';
import type { DraftErrors, PageDraft } from './page-draft.ts';

type TextKey = 'eyebrow' | 'title' | 'subtitle' | 'heroImage';

/** Address, benefit and the page's header: everything above its sections. */
export function PageFields({
  draft,
  isNew,
  errors,
  onChange,
}: {
  draft: PageDraft;
  isNew: boolean;
  errors: DraftErrors;
  onChange: (patch: Partial<PageDraft>) => void;
}) {
  const benefits = useAdminBenefits();
  const rows = benefits.data ?? [];
  // A page may name a benefit the list does not hold (yet): keep it selectable rather than silently dropping it.
  const unlisted = draft.benefitId && !rows.some((b) => b.id === draft.benefitId) ? draft.benefitId : null;
  const address = `/${draft.slug.trim() || '…'}`;

  const text = (key: TextKey, label: string, opts: { hint?: string; placeholder?: string } = {}) => {
    const field = `content.${key}`;
    return (
      <Field id={`page-${key}`} label={label} hint={opts.hint} error={errors[field]}>
        <input
          {...describedBy(`page-${key}`, errors[field])}
          className={inputClass}
          placeholder={opts.placeholder}
          value={draft[key]}
          onChange={(e) => onChange({ [key]: e.target.value })}
        />
      </Field>
    );
  };

  return (
    <div className="space-y-5">
      <div className="grid gap-5 @xl:grid-cols-2">
        <Field
          id="page-slug"
          label="Address"
          hint={isNew ? `Members will find this page at ${address}` : `Members find this page at ${address}`}
          error={errors.slug}
        >
          <div className="flex items-stretch">
            <span className="flex items-center rounded-l-md border border-r-0 border-line bg-black/30 px-3 text-zinc-400">
              /
            </span>
            <input
              {...describedBy('page-slug', errors.slug)}
              className={`${inputClass} min-w-0 rounded-l-none read-only:text-zinc-400`}
              placeholder="capella-day-pass"
              autoCapitalize="none"
              spellCheck={false}
              readOnly={!isNew}
              value={draft.slug}
              onChange={(e) => onChange({ slug: e.target.value })}
            />
          </div>
        </Field>
        <Field
          id="page-benefit"
          label="Benefit"
          hint="That benefit’s card links to this page."
          error={errors.benefitId ?? (benefits.isError ? 'Failed to load benefits' : undefined)}
        >
          <select
            {...describedBy('page-benefit', errors.benefitId)}
            className={inputClass}
            value={draft.benefitId}
            onChange={(e) => onChange({ benefitId: e.target.value })}
          >
            <option value="">None</option>
            {unlisted && <option value={unlisted}>{unlisted}</option>}
            <BenefitOptions rows={rows} />
          </select>
        </Field>
      </div>
      {text('eyebrow', 'Eyebrow', { hint: 'The small line above the title, e.g. the partner’s name.' })}
      {text('title', 'Title')}
      <Field id="page-subtitle" label="Subtitle" error={errors['content.subtitle']}>
        <textarea
          {...describedBy('page-subtitle', errors['content.subtitle'])}
          className={`${inputClass} field-sizing-content min-h-20 max-h-60`}
          rows={2}
          value={draft.subtitle}
          onChange={(e) => onChange({ subtitle: e.target.value })}
        />
      </Field>
      {text('heroImage', 'Hero image URL', {
        placeholder: '/art/partner.webp',
        hint: 'An image of the portal: a path such as /art/capella-day-pass.svg. Leave empty for no image.',
      })}
    </div>
  );
}
