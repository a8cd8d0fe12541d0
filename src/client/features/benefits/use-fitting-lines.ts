import { type RefObject, useLayoutEffect, useState } from 'react';

export type TileFit = { titleLines: 1 | 2; lines: number };

/**
 * How a tile's words fit its fixed height: how many lines of its description `text` (at most `most`), and whether
 * its title keeps two lines. A long title beside a date line that wraps leaves room for fewer; with booking lines
 * too, the title gives up its second line (it is whole in the modal) rather than a line being cut in half.
 * Measured from where the text starts and what follows it, as they would stand with a two-line title, so the answer
 * does not depend on what is clamped now.
 */
export function useFittingLines(
  box: RefObject<HTMLElement | null>,
  title: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  most: number,
): TileFit {
  const [fit, setFit] = useState<TileFit>({ titleLines: 2, lines: most });
  useLayoutEffect(() => {
    const outer = box.current;
    const head = title.current;
    const inner = text.current;
    if (!outer || !head || !inner || typeof ResizeObserver === 'undefined') {
      setFit({ titleLines: 2, lines: most });
      return;
    }
    let gap = 0;
    const measure = () => {
      const style = getComputedStyle(inner);
      const lineHeight = Number.parseFloat(style.lineHeight);
      const titleLine = Number.parseFloat(getComputedStyle(head).lineHeight);
      const last = outer.lastElementChild;
      if (!lineHeight || !titleLine || !last) return;
      const margin = Number.parseFloat(style.marginTop) || 0;
      gap = margin || gap; // the space above the text when it shows (none while it is hidden)
      const own = inner.getBoundingClientRect();
      const bottom = outer.getBoundingClientRect().top + outer.clientHeight;
      const after = Math.max(0, last.getBoundingClientRect().bottom - own.bottom);
      const titleFull = Math.min(head.scrollHeight, 2 * titleLine);
      const room = bottom - (own.top - margin) - after - (titleFull - head.getBoundingClientRect().height);
      // A quarter line of room short is the leading under the last line, not a glyph: the title keeps its two lines.
      const lines = (space: number) => Math.max(0, Math.min(most, Math.floor((space - gap + 0.5) / lineHeight)));
      const next: TileFit =
        room >= -lineHeight / 4 || titleFull <= titleLine
          ? { titleLines: 2, lines: lines(room) }
          : { titleLines: 1, lines: lines(room + titleFull - titleLine) };
      setFit((was) => (was.titleLines === next.titleLines && was.lines === next.lines ? was : next));
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
  }, [box, title, text, most]);
  return fit;
}
