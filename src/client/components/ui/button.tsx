import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { goldFocusRing } from './focus-ring.ts';

const variants = {
  gold: `bg-gold text-ink hover:bg-gold-soft disabled:bg-zinc-600 disabled:text-zinc-300 ${goldFocusRing}`,
  outline: 'border border-gold/60 text-gold hover:bg-gold/10 disabled:border-zinc-600 disabled:text-zinc-500',
  ghost: 'text-zinc-300 hover:text-white hover:bg-white/5',
  blue: 'bg-blue-600 text-white hover:bg-blue-500 disabled:bg-zinc-600 disabled:text-zinc-300',
};

export type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants };

export function Button({ variant = 'gold', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold tracking-wider transition-colors disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
