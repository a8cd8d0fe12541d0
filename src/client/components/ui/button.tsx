import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

// Each look is a class of styles.css's components layer, so a utility in `className` overrides it (decision 059).
const variants = {
  gold: 'ui-btn-gold',
  outline: 'ui-btn-outline',
  ghost: 'ui-btn-ghost',
  blue: 'ui-btn-blue',
};

export type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants };

export function Button({ variant = 'gold', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx('ui-btn', variants[variant], className)} {...props} />;
}
