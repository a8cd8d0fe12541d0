import { TriangleAlert } from 'lucide-react';

/** What a role choice hides or orphans in the member form (roleWarnings), said where the organiser chooses. */
export function RoleWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Field role warnings"
      data-testid="role-warnings"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200"
    >
      <ul className="space-y-1">
        {warnings.map((w) => (
          <li key={w} className="flex gap-2">
            <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{w}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
