import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export const replaceAt = <T,>(list: T[], i: number, item: T) => list.map((x, j) => (j === i ? item : x));
export const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);
export function moveBy<T>(list: T[], i: number, delta: -1 | 1): T[] {
  const to = i + delta;
  const a = list[i];
  const b = list[to];
  if (a === undefined || b === undefined) return list;
  const next = [...list];
  next[i] = b;
  next[to] = a;
  return next;
}

/** The accessible props of a control whose message (if any) is shown under it by `Field`. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

const iconButton = 'px-2 py-1.5 disabled:opacity-30 disabled:hover:bg-transparent';

/** Up, down and remove for one row of a list; `what` names the row for screen readers ("section 2"). */
export function RowControls({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        variant="ghost"
        className={iconButton}
        aria-label={`Move ${what} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp size={16} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className={iconButton}
        aria-label={`Move ${what} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown size={16} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className={`${iconButton} text-red-400 hover:bg-red-500/10 hover:text-red-300`}
        aria-label={`Remove ${what}`}
        title="Remove"
        onClick={onRemove}
      >
        <Trash2 size={16} aria-hidden />
      </Button>
    </div>
  );
}

/** What each card of a `ListEditor` gets: its name ("Section 2"), its place, and its change, move and remove. */
export type ListCardProps<T> = {
  name: string;
  index: number;
  onChange: (item: T) => void;
};

/**
 * An ordered list of cards (a page's sections, its buttons): each with move and remove, the list's error under
 * them, and an add button. `children` draws a card's fields.
 */
export function ListEditor<T extends { key: string }>({
  items,
  noun,
  empty,
  note,
  error,
  create,
  onChange,
  children,
}: {
  items: T[];
  /** Capitalised, as the cards and the add button name it: "Section". */
  noun: string;
  empty: string;
  /** Shown above a list that is not empty. */
  note?: string;
  error?: string;
  create: () => T;
  onChange: (items: T[]) => void;
  children: (item: T, card: ListCardProps<T>) => ReactNode;
}) {
  const hint = items.length === 0 ? empty : note;
  return (
    <div className="space-y-4">
      {hint && <p className="text-sm text-zinc-400">{hint}</p>}
      {items.map((item, i) => {
        const name = `${noun} ${i + 1}`;
        return (
          <fieldset key={item.key} className="min-w-0 rounded-lg border border-line bg-ink/40 p-4">
            <legend className="float-left py-1.5 text-sm font-semibold text-gold">{name}</legend>
            <div className="float-right">
              <RowControls
                what={name.toLowerCase()}
                index={i}
                count={items.length}
                onMove={(delta) => onChange(moveBy(items, i, delta))}
                onRemove={() => onChange(removeAt(items, i))}
              />
            </div>
            <div className="clear-both space-y-4 pt-3">
              {children(item, { name, index: i, onChange: (next) => onChange(replaceAt(items, i, next)) })}
            </div>
          </fieldset>
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <Button variant="outline" onClick={() => onChange([...items, create()])}>
        <Plus size={16} aria-hidden />
        Add {noun.toLowerCase()}
      </Button>
    </div>
  );
}
