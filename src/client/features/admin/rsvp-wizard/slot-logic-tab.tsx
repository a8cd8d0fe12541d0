import { ROLE_KEY_OF, ROLE_TITLES, resolveRoles, roleWarnings } from '#common/dynamic-form.ts';
import { fitsRole, NO_ROLE } from '#common/rsvp-config.ts';
import type { SlotRow } from '#common/sheets.ts';
import { DataTable } from '../../../components/ui/table-frame.tsx';
import { Check, NumberInput, Section, Select, TextInput } from './controls.tsx';
import { type EditorField, ROLE_KEYS, type RoleKey, type SlotConfig } from './draft.ts';
import { RoleWarnings } from './role-warnings.tsx';

// A stored configuration may leave a role unset (null): members then get the inferred field, shown as "Auto".
const AUTO = ':auto';
const ROLE_OF = Object.fromEntries(Object.entries(ROLE_KEY_OF).map(([role, key]) => [key, role])) as Record<
  RoleKey,
  keyof typeof ROLE_KEY_OF
>;

/** Slots, capacities, booking window and restrictions (docs/spec/admin-and-rsvp.md §3 "SlotConfig"). */
export function SlotLogicTab({
  value,
  onChange,
  fields,
  slots,
}: {
  value: SlotConfig;
  onChange: (value: SlotConfig) => void;
  fields: EditorField[];
  slots: SlotRow[];
}) {
  const set = <K extends keyof SlotConfig>(key: K, v: SlotConfig[K]) => onChange({ ...value, [key]: v });
  const setR = <K extends keyof SlotConfig['restrictions']>(key: K, v: SlotConfig['restrictions'][K]) =>
    onChange({ ...value, restrictions: { ...value.restrictions, [key]: v } });
  const datedSlots = slots.length > 0 ? slots.some((s) => s.date) : undefined;
  const editorFields = fields.map((f, i) => ({ ...f, ordering: i }));
  // What the live form would use for an unset choice: the inference members and the server use.
  const auto = resolveRoles(editorFields, value, { hasSlots: value.hasSlots, datedSlots });
  const label = (name?: string) => fields.find((f) => f.fieldName === name)?.displayName ?? name;
  const off = !value.hasSlots;

  return (
    <div className="space-y-6">
      <Check
        id="slot-has-slots"
        label="This RSVP has time slots"
        hint="Members choose a slot from Tab 2's list; full slots cannot be booked."
        checked={value.hasSlots}
        onChange={(v) => set('hasSlots', v)}
      />
      <Section title="Field roles">
        <div className="grid gap-4 md:grid-cols-3">
          {ROLE_KEYS.map((key) => {
            const chosen = value[key];
            const inferred = auto[ROLE_OF[key]];
            // Only the fields whose type the role can take (a number is never an RSVP status), and the one chosen.
            const choices = fields.filter((f) => fitsRole(key, f.fieldType) || f.fieldName === chosen);
            return (
              <Select
                key={key}
                id={`slot-${key}`}
                label={ROLE_TITLES[key]}
                value={chosen === null || chosen === undefined ? AUTO : chosen}
                onChange={(v) => set(key, v === AUTO ? null : v)}
              >
                {(chosen === null || chosen === undefined) && (
                  <option value={AUTO}>{inferred ? `Auto (${label(inferred)})` : 'Auto (none found)'}</option>
                )}
                <option value={NO_ROLE}>None</option>
                {choices.map((f) => (
                  <option key={f.fieldName} value={f.fieldName}>
                    {f.displayName}
                  </option>
                ))}
              </Select>
            );
          })}
        </div>
      </Section>
      <RoleWarnings warnings={roleWarnings(editorFields, value, datedSlots)} />
      <Section title="Capacity">
        <div className="grid gap-4 md:grid-cols-3">
          <NumberInput
            id="slot-max-bookings"
            label="Max Bookings per Slot"
            hint="For a slot whose Tab 2 row gives no capacity; Tab 2's own capacity always wins."
            min={1}
            max={10_000}
            disabled={off}
            value={value.maxBookingsPerSlot}
            onChange={(v) => v !== undefined && set('maxBookingsPerSlot', v)}
          />
          <TextInput
            id="slot-window-start"
            label="Booking Window Start"
            type="date"
            disabled={off}
            value={value.bookingWindowStart ?? ''}
            onChange={(v) => set('bookingWindowStart', v || null)}
          />
          <TextInput
            id="slot-window-end"
            label="Booking Window End"
            type="date"
            disabled={off}
            value={value.bookingWindowEnd ?? ''}
            onChange={(v) => set('bookingWindowEnd', v || null)}
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <Check
            id="slot-waitlist"
            label="Allow waitlist"
            disabled={off}
            checked={value.allowWaitlist}
            onChange={(v) => set('allowWaitlist', v)}
          />
          <Check
            id="slot-hide-full"
            label="Hide full slots"
            disabled={off}
            checked={value.hideFullSlots}
            onChange={(v) => set('hideFullSlots', v)}
          />
          <Check
            id="slot-show-remaining"
            label="Show remaining count"
            disabled={off}
            checked={value.showRemainingCount}
            onChange={(v) => set('showRemainingCount', v)}
          />
        </div>
      </Section>
      <Section title="Restrictions">
        <div className="grid gap-4 md:grid-cols-3">
          <NumberInput
            id="slot-max-guests"
            label="Max Guests per Booking"
            min={0}
            max={10}
            value={value.restrictions.maxGuestsPerBooking}
            onChange={(v) => v !== undefined && setR('maxGuestsPerBooking', v)}
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <Check
            id="slot-requires-approval"
            label="Requires approval"
            checked={value.restrictions.requiresApproval}
            onChange={(v) => setR('requiresApproval', v)}
          />
          <Check
            id="slot-single-booking"
            label="One booking per e-mail"
            checked={value.restrictions.singleBookingPerEmail}
            onChange={(v) => setR('singleBookingPerEmail', v)}
          />
        </div>
      </Section>
      <Section title="Slots from Tab 2">
        {slots.length === 0 ? (
          <p className="text-sm text-zinc-400">No slots were found. Add a Tab 2 link in step 1 to use time slots.</p>
        ) : (
          <DataTable
            label="Slots from Tab 2"
            caption="Processed time slots"
            tableClass="w-full min-w-[480px] text-sm"
            columns={[
              { head: 'Time Slot' },
              { head: 'Date' },
              { head: 'Bookable', className: 'text-right' },
              { head: 'Booked', className: 'text-right' },
              { head: 'Remaining', className: 'text-right' },
            ]}
            message={null}
            rows={slots}
            row={(s) => (
              <tr key={`${s.date ?? ''} ${s.timeSlot}`} className="text-zinc-200">
                <td className="px-3 py-2">{s.timeSlot}</td>
                <td className="px-3 py-2">{s.date ?? '—'}</td>
                <td className="px-3 py-2 text-right">{s.bookableSlots}</td>
                <td className="px-3 py-2 text-right">{s.bookedSlots}</td>
                <td className="px-3 py-2 text-right">{s.remainingSlots}</td>
              </tr>
            )}
          />
        )}
      </Section>
    </div>
  );
}
