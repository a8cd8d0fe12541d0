/**
 * Keyboard focus on tabs and other flat, square controls: a rounded gold ring inside the control instead of the
 * page-wide outline (styles.css), which draws a box around them. `!` beats that outline, which is unlayered CSS.
 */
export const focusRing =
  'rounded-md focus-visible:outline-none! focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-gold/80';

/** A tab's "current" bar, drawn as an inset shadow so it keeps its straight edge inside the rounded ring. */
export const tabCurrentBar = 'shadow-[inset_0_-2px_0_0_var(--color-gold)]';
