/** Labelled facts of a page's card (the release and transfer pages): rows without a value are left out. */
export function DetailList({ rows, testId }: { rows: [string, string | null][]; testId: string }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-5 gap-y-2 text-sm" data-testid={testId}>
      {rows
        .filter((r): r is [string, string] => Boolean(r[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="break-words text-zinc-100">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
