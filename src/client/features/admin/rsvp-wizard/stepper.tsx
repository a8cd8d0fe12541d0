import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

export const STEPS = [
  { key: 'process', label: 'Process Sheets' },
  { key: 'configure', label: 'Configure RSVP' },
  { key: 'preview', label: 'Preview & Deploy' },
] as const;
export type StepKey = (typeof STEPS)[number]['key'];

/** The three wizard steps (docs/spec/admin-and-rsvp.md §2); earlier steps show a tick. */
export function Stepper({ current }: { current: StepKey }) {
  const at = STEPS.findIndex((s) => s.key === current);
  return (
    <ol aria-label="Wizard steps" className="mb-8 flex flex-wrap items-center gap-3">
      {STEPS.map((step, i) => {
        const done = i < at;
        const active = i === at;
        return (
          <li
            key={step.key}
            aria-current={active ? 'step' : undefined}
            className="flex items-center gap-3 text-sm font-medium"
          >
            {i > 0 && <span aria-hidden className={cn('h-px w-8 sm:w-16', done || active ? 'bg-gold' : 'bg-line')} />}
            <span
              aria-hidden
              className={cn(
                'flex size-8 items-center justify-center rounded-full border text-sm',
                active && 'border-gold bg-gold text-ink',
                done && 'border-gold text-gold',
                !active && !done && 'border-line text-zinc-400',
              )}
            >
              {done ? <Check size={16} /> : i + 1}
            </span>
            <span className={cn(active ? 'text-white' : done ? 'text-gold' : 'text-zinc-400')}>
              <span className="sr-only">Step {i + 1}: </span>
              {step.label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
