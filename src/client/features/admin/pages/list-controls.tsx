import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
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
