import { ShieldCheck } from 'lucide-react';

/** Marks every admin screen so staff never mistake it for the member portal. */
export function AdminBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded border border-gold/70 bg-gold/10 px-2 py-0.5 text-[11px] font-bold tracking-[0.25em] text-gold">
      <ShieldCheck size={12} aria-hidden />
      ADMIN
    </span>
  );
}
