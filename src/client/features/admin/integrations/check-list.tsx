import type { ReactNode } from 'react';

/** Checkboxes under a legend (event types, token scopes), wrapping in columns on a wide screen. */
export function CheckList<K extends string>({
  legend,
  labels,
  value,
  onChange,
  name,
}: {
  legend: string;
  labels: Record<K, string>;
  value: K[];
  onChange: (next: K[]) => void;
  name: string;
}) {
  const keys = Object.keys(labels) as K[];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {keys.map((k) => (
          <label key={k} className="flex items-start gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              name={name}
              value={k}
              checked={value.includes(k)}
              onChange={(e) => onChange(e.target.checked ? [...value, k] : value.filter((v) => v !== k))}
              className="mt-0.5 accent-gold"
            />
            <span>{labels[k]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A list read from the server: loading, failed, empty, or its items (endpoints, tokens). */
export function ListState<T>({
  query,
  items,
  what,
  render,
}: {
  query: { isLoading: boolean; isError: boolean };
  items: T[];
  what: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <div className="mt-6 space-y-4">
      {query.isLoading ? (
        <p className="text-zinc-400">Loading {what}...</p>
      ) : query.isError ? (
        <p className="text-red-400">Failed to load {what}. Please try refreshing.</p>
      ) : items.length === 0 ? (
        <p className="text-zinc-400">No {what} yet</p>
      ) : (
        items.map(render)
      )}
    </div>
  );
}
