import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PATHS } from '../../paths.ts';

/** The 'Back to Benefits' link at the top of member pages (member spec §2). */
export function BackToBenefits() {
  return (
    <Link href={PATHS.benefits} className="inline-flex items-center gap-2 text-sm text-zinc-300 hover:text-gold">
      <ArrowLeft size={16} aria-hidden /> Back to Benefits
    </Link>
  );
}
