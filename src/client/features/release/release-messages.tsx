import { Link } from 'wouter';
import { MY_BOOKINGS_PATH } from '#common/constants.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { RELEASE_MSG } from '#common/release-text.ts';
import { MemberMessagePage } from '../../components/layout/member-message-page.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { Trans } from '../../i18n/trans.tsx';
import { useT } from '../../i18n/use-t.ts';

const TITLES: Record<string, MessageId> = {
  [ERROR_CODE.releaseLinkUsed]: 'release.used',
  [ERROR_CODE.releaseLinkExpired]: 'release.expired',
  [ERROR_CODE.releaseLinkOutdated]: 'release.outdated',
};

const myBookings = (
  <Link href={MY_BOOKINGS_PATH} className="text-gold underline underline-offset-4 hover:text-gold-soft" />
);

/**
 * Why a release link no longer works, by the server's code, in the server's words; without a code (network, 5xx)
 * the link may be fine, so the page says to try again.
 */
export function ReleaseRefused({ code, text, lang }: { code: string | null; text: string | null; lang?: string }) {
  const t = useT();
  const known = code !== null && code in TITLES;
  const title = known ? t(TITLES[code] as MessageId) : code ? t('release.linkNotValid') : t('release.wentWrong');
  return (
    <MemberMessagePage title={title} tone={known ? 'info' : 'error'}>
      <p data-testid="release-refused" data-code={code ?? ''} lang={code && text ? lang : undefined}>
        {code ? (text ?? RELEASE_MSG.invalid) : t('release.notLoaded')}
      </p>
      <p className="mt-3 text-sm">
        <Trans id="release.alwaysOn" components={{ 0: myBookings }} />
      </p>
    </MemberMessagePage>
  );
}

/** After the release: what happened, and nothing left to do. */
export function ReleaseDone({ eventTitle, message, lang }: { eventTitle: string; message: string; lang?: string }) {
  const t = useT();
  return (
    <MemberMessagePage title={t('release.doneTitle')} tone="info">
      <p data-testid="release-done">
        <Trans
          id="release.doneText"
          values={{ event: eventTitle }}
          components={{ 0: <strong className="text-white" /> }}
        />
      </p>
      <p className="mt-3" lang={lang}>
        {message}
      </p>
    </MemberMessagePage>
  );
}
