import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as partnersApi from '#common/api/partners.ts';
import { PARTNER_FIELD_LABEL, PARTNER_FIELDS, type PartnerField } from '#common/partners.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminCall, serverMessageOr } from '../../../lib/admin-http.ts';
import { adminKeys, useAdminBenefits } from '../api.ts';

const boxClass = 'flex min-h-11 items-center gap-2 rounded-md px-2 text-sm text-zinc-200 hover:bg-white/5';

/** Checkboxes of every benefit: which ones a partner account may see (docs/decisions/030). */
export function BenefitPicker({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const benefits = useAdminBenefits();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="grid max-h-56 gap-0.5 overflow-y-auto rounded-md border border-line p-1 sm:grid-cols-2">
        {(benefits.data ?? []).map((b) => (
          <label key={b.id} className={boxClass}>
            <input
              type="checkbox"
              className="size-4 accent-gold"
              checked={value.includes(b.id)}
              onChange={(e) => toggle(b.id, e.target.checked)}
            />
            <span className="min-w-0 truncate">{b.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The benefits' names for a list of ids (an id whose benefit is gone shows as itself). */
export function useBenefitNames() {
  const benefits = useAdminBenefits();
  const names = new Map((benefits.data ?? []).map((b) => [b.id, b.name]));
  return (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(', ');
}

/** Changes a partner account's benefits in place on the Members page. */
export function EditAssignments({
  email,
  benefitIds,
  onDone,
}: {
  email: string;
  benefitIds: string[];
  onDone: () => void;
}) {
  const [value, setValue] = useState(benefitIds);
  const save = useMutation({
    mutationFn: () => adminCall(partnersApi.assign, { params: { email }, body: { benefitIds: value } }),
    onSuccess: () => {
      toast({ title: 'Benefits saved', description: `${email} now sees ${value.length} benefit(s).` });
      onDone();
    },
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to save'), variant: 'destructive' }),
  });
  return (
    <div className="w-full space-y-3 pt-2">
      <BenefitPicker legend={`Benefits ${email} sees`} value={value} onChange={setValue} />
      <Button disabled={save.isPending || value.length === 0} onClick={() => save.mutate()}>
        {save.isPending ? 'Saving...' : 'Save benefits'}
      </Button>
    </div>
  );
}

/** Per benefit, the attendee fields its partners see (default: name, e-mail, guests, status, check-in). */
export function PartnerSharedFields() {
  const benefits = useAdminBenefits();
  const [benefitId, setBenefitId] = useState('');
  const current = benefitId || benefits.data?.[0]?.id || '';
  const shared = useQuery({
    queryKey: adminKeys.partnerFields(current),
    queryFn: () => adminCall(partnersApi.fields, { params: { benefitId: current } }),
    enabled: current !== '',
  });
  const [edits, setEdits] = useState<Record<string, PartnerField[]>>({});
  const fields = edits[current] ?? shared.data?.fields ?? [];
  const save = useMutation({
    mutationFn: () => adminCall(partnersApi.saveFields, { params: { benefitId: current }, body: { fields } }),
    onSuccess: () => toast({ title: 'Sharing saved', description: 'Partners see only the fields ticked.' }),
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to save'), variant: 'destructive' }),
  });
  const toggle = (f: PartnerField, on: boolean) =>
    setEdits({ ...edits, [current]: on ? [...fields, f] : fields.filter((x) => x !== f) });
  return (
    <section aria-labelledby="partner-fields" className="space-y-4 rounded-xl border border-line bg-panel p-5">
      <h2 id="partner-fields" className="text-lg font-semibold text-white">
        Fields shared with partners
      </h2>
      <p className="text-sm text-zinc-400">
        What a benefit's partner accounts see of its attendees, on screen and in their CSV. Form answers only when
        ticked.
      </p>
      <Field id="partner-fields-benefit" label="Benefit">
        <select
          id="partner-fields-benefit"
          className={inputClass}
          value={current}
          onChange={(e) => setBenefitId(e.target.value)}
        >
          {(benefits.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="grid grid-cols-2 gap-0.5 sm:grid-cols-3" disabled={!shared.data}>
        <legend className="sr-only">Fields shared</legend>
        {PARTNER_FIELDS.map((f) => (
          <label key={f} className={boxClass}>
            <input
              type="checkbox"
              className="size-4 accent-gold"
              checked={fields.includes(f)}
              onChange={(e) => toggle(f, e.target.checked)}
            />
            {PARTNER_FIELD_LABEL[f]}
          </label>
        ))}
      </fieldset>
      <Button disabled={save.isPending || !shared.data} onClick={() => save.mutate()}>
        {save.isPending ? 'Saving...' : 'Save sharing'}
      </Button>
    </section>
  );
}
