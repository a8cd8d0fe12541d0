import type { PartnerSlug } from '../../paths.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';

export function PartnerPage({ slug }: { slug: PartnerSlug }) {
  return (
    <MemberShell>
      <h1>{slug}</h1>
    </MemberShell>
  );
}
