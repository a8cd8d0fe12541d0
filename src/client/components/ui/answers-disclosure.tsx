/** What a member answered on a booking form, folded under "Answers (n)" in an admin table's row. */
export function AnswersDisclosure({
  answers,
  testId,
}: {
  answers: { label: string; value: string }[];
  testId: string;
}) {
  if (answers.length === 0) return null;
  return (
    <details className="mt-1.5 text-xs" data-testid={testId}>
      <summary className="cursor-pointer text-gold">Answers ({answers.length})</summary>
      <dl className="mt-1.5 grid max-w-80 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {answers.map((a) => (
          <div key={a.label} className="contents">
            <dt className="text-zinc-400">{a.label}</dt>
            <dd className="break-words text-zinc-100">{a.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
