import { ShieldCheck } from 'lucide-react';

/** What the badge says for each role: door staff are not admins and are not told they are. */
const ROLE_LABEL = { admin: 'ADMIN', staff: 'DOOR', partner: 'PARTNER' } as const;

/** Marks every admin screen so staff never mistake it for the member portal. */
export function AdminBadge({ role = 'admin' }: { role?: keyof typeof ROLE_LABEL }) {
  return (
    <span
      data-testid="role-badge"
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded border border-gold/70 bg-gold/10 px-2 py-0.5 text-[11px] font-bold tracking-[0.25em] text-gold"
    >
      <ShieldCheck size={12} aria-hidden />
      {ROLE_LABEL[role]}
    </span>
  );
}
