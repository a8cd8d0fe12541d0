import { useMutation } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AUTO_TAB2_NAME } from '#common/rsvp-config.ts';
import { type ProcessSheetsAnswer, processSheetsSchema, SHEETS_MSG } from '#common/sheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { processSheets } from './api.ts';
import { TextInput } from './controls.tsx';
import type { SheetMapping } from './draft.ts';
import { toastWarnings, withServerReason } from './notify.ts';

export type SheetForm = { tab1Url: string; tab1Name: string; tab2Url: string; tab2Name: string };
type Errors = Partial<Record<keyof SheetForm, string>>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Step 1: read Tab 1's headers (and Tab 2's slot logic) from the spreadsheet (docs/spec/admin-and-rsvp.md §2, §5). */
export function ProcessStep({
  form,
  onFormChange,
  again = false,
  onProcessed,
}: {
  form: SheetForm;
  /** The benefit has a configuration: processing reads its sheets again. */
  again?: boolean;
  onFormChange: (form: SheetForm) => void;
  onProcessed: (answer: ProcessSheetsAnswer, mapping: SheetMapping) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const run = useMutation({ mutationFn: processSheets });

  const set = (key: keyof SheetForm, value: string) => {
    const next = { ...form, [key]: value };
    // A slot-logic link usually lives in the tab the benefit editor names too.
    if (key === 'tab2Url' && value.trim() && !form.tab2Url.trim() && !form.tab2Name.trim())
      next.tab2Name = AUTO_TAB2_NAME;
    onFormChange(next);
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = processSheetsSchema.safeParse(form);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SheetForm | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const input = {
      ...parsed.data,
      tab2Name: parsed.data.tab2Url ? parsed.data.tab2Name || AUTO_TAB2_NAME : undefined,
    };
    run.mutate(input, {
      onSuccess: (answer) => {
        const fields = plural(answer.tab1Headers.length, 'field', 'fields');
        const slots = plural(answer.tab2SlotLogic.length, 'time slot', 'time slots');
        toast({ title: 'Processing complete', description: `${fields} and ${slots} found` });
        toastWarnings(answer.warnings);
        onProcessed(answer, {
          tab1Url: input.tab1Url,
          tab1Name: input.tab1Name,
          tab2Url: input.tab2Url ?? null,
          tab2Name: input.tab2Name ?? null,
        });
      },
      onError: (err) =>
        toast({
          title: 'Processing failed',
          description: withServerReason(SHEETS_MSG.processFailed, err),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-line bg-panel p-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Process Sheets</h2>
        <p className="mt-1 text-sm text-zinc-400">
          Tab 1's header row becomes the form's fields; submissions are written back to it. Tab 2 (optional) lists time
          slots with their capacities. Share the spreadsheet with the portal's service account first.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
        <TextInput
          id="tab1Url"
          label="Tab 1 Sheet URL"
          type="url"
          placeholder="https://docs.google.com/spreadsheets/d/.../edit#gid=0"
          value={form.tab1Url}
          error={errors.tab1Url}
          onChange={(v) => set('tab1Url', v)}
        />
        <TextInput
          id="tab1Name"
          label="Tab 1 Name"
          value={form.tab1Name}
          error={errors.tab1Name}
          hint="Form submissions"
          onChange={(v) => set('tab1Name', v)}
        />
        <TextInput
          id="tab2Url"
          label="Tab 2 Sheet URL (optional)"
          type="url"
          placeholder="Slot logic: time slots and capacities"
          value={form.tab2Url}
          error={errors.tab2Url}
          onChange={(v) => set('tab2Url', v)}
        />
        <TextInput
          id="tab2Name"
          label="Tab 2 Name (optional)"
          value={form.tab2Name}
          error={errors.tab2Name}
          hint="Slot logic"
          onChange={(v) => set('tab2Name', v)}
        />
      </div>
      {/* Actions sit on the left: toasts appear bottom right and would cover them. */}
      <div className="flex border-t border-line pt-6">
        <Button type="submit" disabled={run.isPending}>
          <FileSpreadsheet size={16} aria-hidden />
          {run.isPending ? 'Processing...' : again ? 'Re-process Sheets' : 'Process Sheets'}
        </Button>
      </div>
    </form>
  );
}
