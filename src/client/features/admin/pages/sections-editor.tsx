import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { describedBy, type ListCardProps, ListEditor, removeAt, replaceAt } from './list-controls.tsx';
import { type DraftErrors, type FactDraft, newFact, newSection, type SectionDraft } from './page-draft.ts';

/** The page's sections: a heading, paragraphs and label/value facts each, in the order members read them. */
export function SectionsEditor({
  sections,
  errors,
  onChange,
}: {
  sections: SectionDraft[];
  errors: DraftErrors;
  onChange: (sections: SectionDraft[]) => void;
}) {
  return (
    <ListEditor
      items={sections}
      noun="Section"
      empty="No sections yet."
      error={errors['content.sections']}
      create={newSection}
      onChange={onChange}
    >
      {(section, card) => <SectionFields section={section} errors={errors} {...card} />}
    </ListEditor>
  );
}

function SectionFields({
  name,
  index,
  section,
  errors,
  onChange,
}: ListCardProps<SectionDraft> & { section: SectionDraft; errors: DraftErrors }) {
  const at = `content.sections.${index}`;
  const id = `section-${section.key}`;
  const setFacts = (facts: FactDraft[]) => onChange({ ...section, facts });
  return (
    <>
      <Field id={`${id}-heading`} label="Heading (optional)" error={errors[`${at}.heading`]}>
        <input
          {...describedBy(`${id}-heading`, errors[`${at}.heading`])}
          className={inputClass}
          value={section.heading}
          onChange={(e) => onChange({ ...section, heading: e.target.value })}
        />
      </Field>
      <Field
        id={`${id}-paragraphs`}
        label="Paragraphs"
        hint="Leave a blank line between paragraphs."
        error={errors[`${at}.paragraphs`]}
      >
        <textarea
          {...describedBy(`${id}-paragraphs`, errors[`${at}.paragraphs`])}
          className={`${inputClass} field-sizing-content min-h-28 max-h-96`}
          rows={4}
          value={section.paragraphs}
          onChange={(e) => onChange({ ...section, paragraphs: e.target.value })}
        />
      </Field>
      <div className="space-y-3">
        <p className="text-sm font-medium text-zinc-200">Facts</p>
        {section.facts.map((fact, j) => (
          <FactRow
            key={fact.key}
            id={`${id}-fact-${fact.key}`}
            name={`fact ${j + 1} of ${name.toLowerCase()}`}
            fact={fact}
            labelError={errors[`${at}.facts.${j}.label`]}
            valueError={errors[`${at}.facts.${j}.value`]}
            onChange={(next) => setFacts(replaceAt(section.facts, j, next))}
            onRemove={() => setFacts(removeAt(section.facts, j))}
          />
        ))}
        {errors[`${at}.facts`] && (
          <p role="alert" className="text-sm text-red-400">
            {errors[`${at}.facts`]}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button variant="ghost" className="px-3" onClick={() => setFacts([...section.facts, newFact()])}>
            <Plus size={16} aria-hidden />
            Add fact
          </Button>
          <p className="text-xs text-zinc-400">Write {'{event-id}'} in a value to show that event’s capacity.</p>
        </div>
      </div>
    </>
  );
}

function FactRow({
  id,
  name,
  fact,
  labelError,
  valueError,
  onChange,
  onRemove,
}: {
  id: string;
  name: string;
  fact: FactDraft;
  labelError?: string;
  valueError?: string;
  onChange: (fact: FactDraft) => void;
  onRemove: () => void;
}) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-start gap-x-2 gap-y-3 rounded-md border border-line/70 p-3 @2xl:grid-cols-[1fr_2fr_auto]">
      <Field id={`${id}-label`} label="Label" error={labelError}>
        <input
          {...describedBy(`${id}-label`, labelError)}
          className={inputClass}
          value={fact.label}
          onChange={(e) => onChange({ ...fact, label: e.target.value })}
        />
      </Field>
      <div className="col-span-2 row-start-2 @2xl:col-span-1 @2xl:row-start-auto">
        <Field id={`${id}-value`} label="Value" error={valueError}>
          <input
            {...describedBy(`${id}-value`, valueError)}
            className={inputClass}
            value={fact.value}
            onChange={(e) => onChange({ ...fact, value: e.target.value })}
          />
        </Field>
      </div>
      <Button
        variant="ghost"
        className="col-start-2 row-start-1 mt-7 px-2 py-2 text-red-400 hover:bg-red-500/10 hover:text-red-300 @2xl:col-start-3"
        aria-label={`Remove ${name}`}
        title="Remove fact"
        onClick={onRemove}
      >
        <X size={16} aria-hidden />
      </Button>
    </div>
  );
}
