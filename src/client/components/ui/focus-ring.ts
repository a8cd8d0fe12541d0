/**
 * Keyboard focus on tabs and other flat, square controls: a rounded gold ring inside the control instead of the
 * page-wide outline (styles.css), which draws a box around them. `!` beats that outline, which is unlayered CSS.
 */
export const focusRing =
  'rounded-md focus-visible:outline-none! focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-gold/80';

/**
 * Keyboard focus on a gold button: a white ring, so it is not read as the button's own gold edge; 3:1 and more
 * against the dark cards the buttons sit on (the gap between ring and button is the card's). `!` as above.
 */
export const goldFocusRing = 'focus-visible:outline-white!';

/** A tab's "current" bar, drawn as an inset shadow so it keeps its straight edge inside the rounded ring. */
export const tabCurrentBar = 'shadow-[inset_0_-2px_0_0_var(--color-gold)]';
