import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The bordered, sideways-scrolling frame of a data table. It is a named, focusable region so a keyboard user can
 * scroll a table wider than the screen (axe: scrollable-region-focusable). It is `relative` so a screen-reader-only
 * header (absolutely positioned) stays inside it instead of widening the whole page on a phone.
 */
function TableFrame({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
      tabIndex={0}
      className={cn('relative overflow-x-auto rounded-xl border border-line', className)}
    >
      {children}
    </section>
  );
}

/** The one row a table shows instead of data: loading, empty, or (error) a failure, announced. */
function TableMessageRow({
  colSpan,
  error = false,
  children,
}: {
  colSpan: number;
  error?: boolean;
  children: ReactNode;
}) {
  return (
    <tr>
      <td
        colSpan={colSpan}
        role={error ? 'alert' : undefined}
        className={cn('px-4 py-10 text-center', error ? 'text-red-400' : 'text-zinc-400')}
      >
        {children}
      </td>
    </tr>
  );
}

/**
 * The actions column of a table that scrolls sideways on a phone: pinned to the frame's right edge so its buttons are
 * always in reach, with a shadow where rows slide under it. Body cells use the panel colour; the header cell the
 * header row's (`bg-black/30` over the panel, made opaque so nothing shows through).
 */
export const pinnedCell = 'sticky right-0 bg-panel shadow-[-8px_0_12px_-8px_rgba(0,0,0,0.8)] sm:shadow-none';
export const pinnedHeadCell = cn(pinnedCell, 'bg-[#0e0e13]');

/** A hint above such a table, for a phone only. */
export function SwipeHint({ children }: { children: ReactNode }) {
  return <p className="mb-2 text-xs text-zinc-400 md:hidden">{children}</p>;
}

/**
 * A data table's column head: its text (or a screen-reader label), its cell's classes, `pinned` for the row actions
 * (kept at the right edge while the rest scrolls), and `sort` for a column the table is sorted by (aria-sort).
 */
export type Column = {
  head: ReactNode;
  className?: string;
  pinned?: boolean;
  sort?: 'ascending' | 'descending' | 'none';
  key?: string;
};

const headCell = 'py-3 text-left text-xs font-semibold uppercase tracking-wider text-zinc-400';

/**
 * The admin area's data table: the framed, sideways-scrolling table with its header row, and either its rows or the
 * one message (loading, empty, failed) in their place. `pad` is the cells' side padding, as the rows' own cells use
 * it; `frameClass` adds to the frame (e.g. hidden on a phone that reads cards instead); `testId` names the table;
 * `caption` gives the table itself a name (read by screen readers, not shown) where a page finds it by that name.
 */
export function DataTable<T>({
  label,
  tableClass,
  frameClass,
  testId,
  caption,
  pad = 'px-3',
  columns,
  message,
  error = false,
  rows,
  row,
}: {
  label: string;
  tableClass: string;
  frameClass?: string;
  testId?: string;
  caption?: string;
  pad?: string;
  columns: Column[];
  message: ReactNode;
  error?: boolean;
  rows: T[];
  row: (item: T) => ReactNode;
}) {
  return (
    <TableFrame label={label} className={cn('bg-panel', frameClass)}>
      <table className={tableClass} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b border-line bg-black/30">
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.key ?? i}
                scope="col"
                aria-sort={c.sort}
                className={cn(pad, headCell, c.pinned && `${pinnedHeadCell} text-right`, c.className)}
              >
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {message ? (
            <TableMessageRow colSpan={columns.length} error={error}>
              {message}
            </TableMessageRow>
          ) : (
            rows.map(row)
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** What a table of `what` shows in place of its rows: loading, failed, or `empty`; null once it has rows. */
export function queryMessage(
  query: { isLoading: boolean; isError: boolean },
  count: number,
  what: string,
  empty: string,
) {
  if (query.isLoading) return `Loading ${what}...`;
  if (query.isError) return `Failed to load ${what}. Please try refreshing.`;
  return count === 0 ? empty : null;
}
