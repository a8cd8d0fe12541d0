import { MemberMessagePage } from '../../components/layout/member-message-page.tsx';
import { useT } from '../../i18n/use-t.ts';

export function NotFoundPage() {
  const t = useT();
  return (
    <MemberMessagePage title={t('msg.notFoundTitle')}>
      <p>{t('msg.notFoundText')}</p>
    </MemberMessagePage>
  );
}
