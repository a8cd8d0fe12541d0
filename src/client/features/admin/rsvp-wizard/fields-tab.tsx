import { ArrowDown, ArrowUp, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { EditorField } from './draft.ts';
import { FieldDialog } from './field-dialog.tsx';

const iconButton = 'rounded p-2 text-zinc-400 hover:bg-white/5 hover:text-white disabled:opacity-30';

/** The form's fields in order: add, edit, delete, move (docs/spec/admin-and-rsvp.md §2 "Form Fields"). */
export function FieldsTab({
  fields,
  onSave,
  onDelete,
  onMove,
}: {
  fields: EditorField[];
  /** index null adds a field at the end. */
  onSave: (index: number | null, field: EditorField) => void;
  onDelete: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
}) {
  // editing: null = closed, -1 = a new field, else the index being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [deleting, setDeleting] = useState<number | null>(null);
  const open = (index: number) => {
    setDialogKey((k) => k + 1);
    setEditing(index);
  };
  const current = editing !== null && editing >= 0 ? (fields[editing] ?? null) : null;
  const target = deleting === null ? undefined : fields[deleting];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">
          {fields.length} {fields.length === 1 ? 'field' : 'fields'}, shown to members in this order.
        </p>
        <Button variant="outline" onClick={() => open(-1)}>
          <Plus size={16} aria-hidden />
          Add Field
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-8 text-center text-zinc-400">
          No fields yet. Add one, or process a sheet with a header row.
        </p>
      ) : (
        <ol aria-label="Form fields" className="divide-y divide-line rounded-lg border border-line">
          {fields.map((f, i) => (
            <li key={f.fieldName} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="w-6 text-right text-sm text-zinc-400">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-white">
                  {f.displayName}
                  {f.isRequired && <span className="text-gold"> *</span>}
                </p>
                <p className="truncate text-xs text-zinc-400">
                  <code>{f.fieldName}</code>
                  {f.columnMapping && f.columnMapping !== f.displayName && <> · column “{f.columnMapping}”</>}
                </p>
              </div>
              <span className="rounded border border-line px-2 py-0.5 text-xs text-zinc-300">{f.fieldType}</span>
              {!f.isVisible && (
                <span className="flex items-center gap-1 text-xs text-zinc-400">
                  <EyeOff size={14} aria-hidden /> Hidden
                </span>
              )}
              <div className="flex items-center">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move ${f.displayName} up`}
                  disabled={i === 0}
                  onClick={() => onMove(i, -1)}
                >
                  <ArrowUp size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move ${f.displayName} down`}
                  disabled={i === fields.length - 1}
                  onClick={() => onMove(i, 1)}
                >
                  <ArrowDown size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Edit ${f.displayName}`}
                  onClick={() => open(i)}
                >
                  <Pencil size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-red-400`}
                  aria-label={`Delete ${f.displayName}`}
                  onClick={() => setDeleting(i)}
                >
                  <Trash2 size={16} aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FieldDialog
        key={dialogKey}
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        initial={current}
        takenNames={fields.filter((_, i) => i !== editing).map((f) => f.fieldName)}
        onSave={(field) => {
          onSave(editing === -1 ? null : editing, field);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete "${target?.displayName ?? 'field'}"?`}
        description="The field is removed from this configuration. Answers already in the sheet stay there."
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting !== null) onDelete(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
