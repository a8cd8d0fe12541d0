import { MSG } from '#common/messages.ts';
import { MemberMessagePage } from '../../components/layout/member-message-page.tsx';

export function NotFoundPage() {
  return (
    <MemberMessagePage title={MSG.notFoundTitle}>
      <p>{MSG.notFoundText}</p>
    </MemberMessagePage>
  );
}
