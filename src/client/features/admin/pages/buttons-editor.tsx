import { Field, inputClass } from '../../../components/ui/field.tsx';
import { choiceLabel, useEventChoices } from '../api.ts';
import { describedBy, type ListCardProps, ListEditor } from './list-controls.tsx';
import { BUTTON_TYPES, type ButtonDraft, type ButtonType, type DraftErrors, newButton } from './page-draft.ts';

const TYPE_LABEL: Record<ButtonType, string> = {
  rsvp: 'RSVP (one click)',
  external: 'External link',
  internal: 'Portal link',
  mail: 'E-mail',
  tel: 'Phone',
};

const TARGET: Record<Exclude<ButtonType, 'rsvp'>, { label: string; placeholder: string }> = {
  external: { label: 'Web address', placeholder: 'https://partner.example/offer' },
  internal: { label: 'Portal path', placeholder: '/benefits' },
  mail: { label: 'Mail address', placeholder: 'mailto:name@example.com' },
  tel: { label: 'Phone number', placeholder: 'tel:+6560000000' },
};

/** The buttons under the sections; the first is drawn as the main one. */
export function ButtonsEditor({
  buttons,
  errors,
  onChange,
}: {
  buttons: ButtonDraft[];
  errors: DraftErrors;
  onChange: (buttons: ButtonDraft[]) => void;
}) {
  return (
    <ListEditor
      items={buttons}
      noun="Button"
      empty="No buttons yet."
      note="The first button is drawn as the main one."
      error={errors['content.buttons']}
      create={newButton}
      onChange={onChange}
    >
      {(button, card) => <ButtonFields button={button} errors={errors} {...card} />}
    </ListEditor>
  );
}

function ButtonFields({
  index,
  button,
  errors,
  onChange,
}: ListCardProps<ButtonDraft> & { button: ButtonDraft; errors: DraftErrors }) {
  const at = `content.buttons.${index}`;
  const id = `button-${button.key}`;
  const target = button.type === 'rsvp' ? null : TARGET[button.type];
  const choices = useEventChoices().data ?? [];
  return (
    <>
      <div className="grid gap-4 @md:grid-cols-2">
        <Field id={`${id}-type`} label="Type">
          <select
            id={`${id}-type`}
            className={inputClass}
            value={button.type}
            onChange={(e) => onChange({ ...button, type: e.target.value as ButtonType })}
          >
            {BUTTON_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-label`} label="Label" error={errors[`${at}.label`]}>
          <input
            {...describedBy(`${id}-label`, errors[`${at}.label`])}
            className={inputClass}
            value={button.label}
            onChange={(e) => onChange({ ...button, label: e.target.value })}
          />
        </Field>
      </div>
      {target ? (
        <Field id={`${id}-href`} label={target.label} error={errors[`${at}.href`]}>
          <input
            {...describedBy(`${id}-href`, errors[`${at}.href`])}
            className={inputClass}
            placeholder={target.placeholder}
            autoCapitalize="none"
            spellCheck={false}
            value={button.href}
            onChange={(e) => onChange({ ...button, href: e.target.value })}
          />
        </Field>
      ) : (
        <Field
          id={`${id}-event`}
          label="Event"
          hint="The event members respond to with one click."
          error={errors[`${at}.eventId`]}
        >
          <select
            {...describedBy(`${id}-event`, errors[`${at}.eventId`])}
            className={inputClass}
            value={button.eventId}
            onChange={(e) => onChange({ ...button, eventId: e.target.value })}
          >
            <option value="">Choose an event...</option>
            {/* An event the list does not hold (yet) stays selectable rather than silently dropped. */}
            {button.eventId && !choices.some((c) => c.id === button.eventId) && (
              <option value={button.eventId}>{button.eventId}</option>
            )}
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {choiceLabel(c)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {button.type === 'internal' && (
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input
            type="checkbox"
            className="size-4 accent-[#d4af37]"
            checked={button.newTab}
            onChange={(e) => onChange({ ...button, newTab: e.target.checked })}
          />
          Open in a new tab
        </label>
      )}
    </>
  );
}
