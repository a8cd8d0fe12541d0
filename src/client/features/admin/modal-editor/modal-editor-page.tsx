import { type FormEvent, useDeferredValue, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminBenefit } from '#common/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminBenefit } from '../api.ts';
import { describedBy } from '../pages/list-controls.tsx';
import { editBenefitPath } from '../paths.ts';
import { useBenefitModal, useSaveModal } from './modal-api.ts';
import { draftFromModal, inputOf, type ModalDraft, previewOf, validateModal } from './modal-draft.ts';
import { ActionsEditor, DetailsEditor, LinksEditor } from './modal-lists.tsx';
import { ModalPreview } from './modal-preview.tsx';

/** /admin/edit-benefit/:id/modal: what a tile's modal says, beside a live preview of it (decision 010). */
export function ModalEditorPage({ id }: { id: string }) {
  const benefit = useAdminBenefit(id);
  const modal = useBenefitModal(id);
  const title = benefit.data ? `Tile modal: ${benefit.data.title}` : 'Tile modal';
  return (
    <AdminLayout title={title}>
      {benefit.isError || modal.isError ? (
        <p className="py-16 text-center text-zinc-300">Failed to load the benefit.</p>
      ) : benefit.data && modal.data ? (
        <ModalEditor benefit={benefit.data} initial={draftFromModal(modal.data.modal)} />
      ) : (
        <p className="py-16 text-center text-zinc-400">Loading...</p>
      )}
    </AdminLayout>
  );
}

function ModalEditor({ benefit, initial }: { benefit: AdminBenefit; initial: ModalDraft }) {
  const [, navigate] = useLocation();
  const save = useSaveModal(benefit.id);
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? validateModal(draft) : {};
  const change = (patch: Partial<ModalDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const preview = previewOf(useDeferredValue(draft));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(validateModal(draft)).length > 0) return;
    try {
      await save.mutateAsync(inputOf(draft));
      toast({ title: 'Modal saved', description: benefit.title });
      navigate(editBenefitPath(benefit.id));
    } catch (err) {
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to save the modal'), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
      <form noValidate onSubmit={submit} aria-label="Tile modal" className="min-w-0 space-y-6">
        <section className="space-y-5 rounded-xl border border-line bg-panel p-4 sm:p-6">
          <Field
            id="modal-paragraphs"
            label="Text"
            hint="A blank line starts a new paragraph. The date and venue come from the benefit's event."
            error={errors.paragraphs}
          >
            <textarea
              {...describedBy('modal-paragraphs', errors.paragraphs)}
              rows={5}
              className={inputClass}
              value={draft.paragraphs}
              onChange={(e) => change({ paragraphs: e.target.value })}
            />
          </Field>
          <Field id="modal-code" label="Redemption code (optional)" error={errors.redemptionCode}>
            <input
              {...describedBy('modal-code', errors.redemptionCode)}
              className={inputClass}
              value={draft.redemptionCode}
              onChange={(e) => change({ redemptionCode: e.target.value })}
            />
          </Field>
        </section>
        <DetailsEditor rows={draft.details} errors={errors} onChange={(details) => change({ details })} />
        <ActionsEditor actions={draft.actions} errors={errors} onChange={(actions) => change({ actions })} />
        <LinksEditor links={draft.links} errors={errors} onChange={(links) => change({ links })} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => navigate(editBenefitPath(benefit.id))}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save modal'}
          </Button>
        </div>
      </form>
      <div className="min-w-0 lg:sticky lg:top-4">
        <ModalPreview benefit={benefit} modal={preview} />
      </div>
    </div>
  );
}
