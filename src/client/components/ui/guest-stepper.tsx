import { Minus, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';
import { inputClass } from './field.tsx';

const stepClass =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-line text-zinc-200 hover:border-gold hover:text-gold disabled:opacity-40 disabled:hover:border-line disabled:hover:text-zinc-200';

/**
 * A count chosen with the arrows or the − and + buttons, never typed (docs/spec/admin-and-rsvp.md §5: typing and
 * pasting are blocked). The buttons are for touch: keyboards have the arrows, so they stay out of the Tab order,
 * as React Aria's NumberField keeps its steppers. A soft keyboard is not offered, and its insertions are refused.
 */
export function GuestStepper({
  id,
  value,
  onChange,
  min,
  max,
  describedBy,
  invalid,
}: {
  id: string;
  value: number;
  onChange: (n: number) => void;
  min: number;
  max: number;
  describedBy?: string;
  invalid?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Chrome reports a step (an arrow key, the spin buttons) as an insertion too: it is told apart by what caused it.
  const stepping = useRef(false);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    // A soft keyboard sends no key to block: what it inserts or deletes without a step under way is refused.
    const refuse = (e: InputEvent) => {
      // Enter is an insertLineBreak in Chrome: refusing it would stop the form's submission.
      if (!stepping.current && e.inputType !== 'insertLineBreak') e.preventDefault();
    };
    const start = (e: KeyboardEvent | PointerEvent) => {
      stepping.current = !(e instanceof KeyboardEvent) || e.key === 'ArrowUp' || e.key === 'ArrowDown';
    };
    const stop = () => {
      stepping.current = false;
    };
    el.addEventListener('beforeinput', refuse);
    el.addEventListener('keydown', start);
    el.addEventListener('pointerdown', start);
    for (const type of ['keyup', 'pointerup', 'pointercancel', 'blur']) el.addEventListener(type, stop);
    return () => {
      el.removeEventListener('beforeinput', refuse);
      el.removeEventListener('keydown', start);
      el.removeEventListener('pointerdown', start);
      for (const type of ['keyup', 'pointerup', 'pointercancel', 'blur']) el.removeEventListener(type, stop);
    };
  }, []);
  const n = Number.isFinite(value) ? value : min;
  const t = useT();
  const set = (next: number) => onChange(Math.min(max, Math.max(min, next)));
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        tabIndex={-1}
        className={stepClass}
        aria-label={t('guests.fewer')}
        aria-controls={id}
        disabled={n <= min}
        onClick={() => set(n - 1)}
      >
        <Minus size={18} aria-hidden />
      </button>
      <input
        ref={input}
        id={id}
        type="number"
        inputMode="none"
        min={min}
        max={max}
        value={n}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={cx(inputClass, 'w-20 text-center')}
        onKeyDown={(e) => {
          if (!STEP_KEYS.has(e.key)) e.preventDefault();
        }}
        onPaste={(e) => e.preventDefault()}
        onDrop={(e) => e.preventDefault()}
        onChange={(e) => set(e.target.valueAsNumber)}
      />
      <button
        type="button"
        tabIndex={-1}
        className={stepClass}
        aria-label={t('guests.more')}
        aria-controls={id}
        disabled={n >= max}
        onClick={() => set(n + 1)}
      >
        <Plus size={18} aria-hidden />
      </button>
    </div>
  );
}

// Only the arrows and Tab change or leave the count; Enter submits the form, as in any other field.
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Tab', 'Enter']);
