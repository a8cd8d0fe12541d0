import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many lines of `text` fit in `box` (at most `most`), counting what comes after it: the tile's height is fixed,
 * and a long title beside a date line that wraps leaves room for fewer than two, so a line would be cut in half.
 * Measured from where the text starts and what follows it, neither of which moves with its own height.
 */
export function useFittingLines(
  box: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  most: number,
): number {
  const [lines, setLines] = useState(most);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = text.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') {
      setLines(most);
      return;
    }
    const measure = () => {
      const lineHeight = Number.parseFloat(getComputedStyle(inner).lineHeight);
      const last = outer.lastElementChild;
      if (!lineHeight || !last) return;
      const own = inner.getBoundingClientRect();
      const bottom = outer.getBoundingClientRect().top + outer.clientHeight;
      const after = Math.max(0, last.getBoundingClientRect().bottom - own.bottom);
      setLines(Math.max(0, Math.min(most, Math.floor((bottom - own.top - after + 0.5) / lineHeight))));
    };
    const sizes = new ResizeObserver(measure);
    const watch = () => {
      for (const child of Array.from(outer.children)) sizes.observe(child);
      measure();
    };
    watch();
    // The booking lines arrive later (their chunk loads after the first paint): measure again with them.
    const children = new MutationObserver(watch);
    children.observe(outer, { childList: true });
    return () => {
      sizes.disconnect();
      children.disconnect();
    };
  }, [box, text, most]);
  return lines;
}
