import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { choiceLabel, useEventChoices } from '../api.ts';
import { describedBy, moveBy, RowControls, removeAt, replaceAt } from '../pages/list-controls.tsx';
import { type LinkDraft, type LinkType, type ModalErrors, newLink, newRow, type RowDraft } from './modal-draft.ts';

function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-xl border border-line bg-panel p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {hint && <p className="mt-1 text-sm text-zinc-400">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

function AddButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <Plus size={16} aria-hidden />
      Add {what}
    </Button>
  );
}

/** Label and value rows (Offer: up to USD 2,000 off...). */
export function DetailsEditor({
  rows,
  errors,
  onChange,
}: {
  rows: RowDraft[];
  errors: ModalErrors;
  onChange: (rows: RowDraft[]) => void;
}) {
  return (
    <Panel title="Facts">
      {rows.map((row, i) => {
        const at = `details.${i}`;
        const set = (patch: Partial<RowDraft>) => onChange(replaceAt(rows, i, { ...row, ...patch }));
        return (
          <div
            key={row.key}
            className="grid gap-3 rounded-lg border border-line bg-ink/40 p-3 sm:grid-cols-[1fr_2fr_auto]"
          >
            <Field id={`${at}-label`} label="Label" error={errors[`${at}.label`]}>
              <input
                {...describedBy(`${at}-label`, errors[`${at}.label`])}
                className={inputClass}
                value={row.label}
                onChange={(e) => set({ label: e.target.value })}
              />
            </Field>
            <Field id={`${at}-value`} label="Value" error={errors[`${at}.value`]}>
              <input
                {...describedBy(`${at}-value`, errors[`${at}.value`])}
                className={inputClass}
                value={row.value}
                onChange={(e) => set({ value: e.target.value })}
              />
            </Field>
            <div className="self-end">
              <RowControls
                what={`fact ${i + 1}`}
                index={i}
                count={rows.length}
                onMove={(d) => onChange(moveBy(rows, i, d))}
                onRemove={() => onChange(removeAt(rows, i))}
              />
            </div>
          </div>
        );
      })}
      <AddButton what="fact" onClick={() => onChange([...rows, newRow()])} />
    </Panel>
  );
}

/** The modal's one-click buttons: each books (or registers interest in) one event. */
export function ActionsEditor({
  actions,
  errors,
  onChange,
}: {
  actions: string[];
  errors: ModalErrors;
  onChange: (actions: string[]) => void;
}) {
  const events = useEventChoices();
  const choices = events.data ?? [];
  const left = choices.filter((e) => !actions.includes(e.id));
  return (
    <Panel title="RSVP buttons" hint="One button per event: members RSVP, claim or register interest in one click.">
      {actions.map((eventId, i) => (
        <div
          key={eventId}
          className="flex items-center justify-between gap-3 rounded-lg border border-line bg-ink/40 p-3"
        >
          <p className="min-w-0 break-words text-sm text-zinc-100">
            {choices.find((e) => e.id === eventId)?.title ?? eventId}
            <span className="ml-2 text-xs text-zinc-400">{eventId}</span>
          </p>
          <RowControls
            what={`RSVP button ${i + 1}`}
            index={i}
            count={actions.length}
            onMove={(d) => onChange(moveBy(actions, i, d))}
            onRemove={() => onChange(removeAt(actions, i))}
          />
        </div>
      ))}
      {errors.actions && (
        <p role="alert" className="text-sm text-red-400">
          {errors.actions}
        </p>
      )}
      {left.length > 0 && (
        <Field id="modal-add-action" label="Add an RSVP button for">
          <select
            id="modal-add-action"
            className={inputClass}
            value=""
            onChange={(e) => e.target.value && onChange([...actions, e.target.value])}
          >
            <option value="">Choose an event...</option>
            {left.map((e) => (
              <option key={e.id} value={e.id}>
                {choiceLabel(e)}
              </option>
            ))}
          </select>
        </Field>
      )}
    </Panel>
  );
}

const LINK_TYPES: { value: LinkType; label: string; target: string; placeholder: string }[] = [
  { value: 'external', label: 'External link', target: 'Web address', placeholder: 'https://partner.example/offer' },
  { value: 'internal', label: 'Portal link', target: 'Portal path', placeholder: '/capella-day-pass' },
  { value: 'mail', label: 'E-mail', target: 'Mail address', placeholder: 'mailto:name@example.com' },
];

/** Text links under the buttons: outbound, to a portal page, or a mail. */
export function LinksEditor({
  links,
  errors,
  onChange,
}: {
  links: LinkDraft[];
  errors: ModalErrors;
  onChange: (links: LinkDraft[]) => void;
}) {
  return (
    <Panel title="Links">
      {links.map((link, i) => {
        const at = `links.${i}`;
        const kind = LINK_TYPES.find((t) => t.value === link.type) ?? LINK_TYPES[0];
        const set = (patch: Partial<LinkDraft>) => onChange(replaceAt(links, i, { ...link, ...patch }));
        return (
          <div key={link.key} className="space-y-3 rounded-lg border border-line bg-ink/40 p-3">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm font-medium text-zinc-200">Link {i + 1}</p>
              <RowControls
                what={`link ${i + 1}`}
                index={i}
                count={links.length}
                onMove={(d) => onChange(moveBy(links, i, d))}
                onRemove={() => onChange(removeAt(links, i))}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={`${at}-type`} label="Type">
                <select
                  id={`${at}-type`}
                  className={inputClass}
                  value={link.type}
                  onChange={(e) => set({ type: e.target.value as LinkType })}
                >
                  {LINK_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${at}-label`} label="Label" error={errors[`${at}.label`]}>
                <input
                  {...describedBy(`${at}-label`, errors[`${at}.label`])}
                  className={inputClass}
                  value={link.label}
                  onChange={(e) => set({ label: e.target.value })}
                />
              </Field>
            </div>
            <Field id={`${at}-href`} label={kind?.target ?? 'Address'} error={errors[`${at}.href`]}>
              <input
                {...describedBy(`${at}-href`, errors[`${at}.href`])}
                className={inputClass}
                placeholder={kind?.placeholder}
                value={link.href}
                onChange={(e) => set({ href: e.target.value })}
              />
            </Field>
          </div>
        );
      })}
      <AddButton what="link" onClick={() => onChange([...links, newLink()])} />
    </Panel>
  );
}
