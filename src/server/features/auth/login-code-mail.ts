import { LOGIN_CODE_TTL_MINUTES } from '#common/constants.ts';
import type { Locale } from '#common/locales.ts';
import { mailT, sentenceGap } from '../../lib/mail-i18n.ts';

/** The sign-in code's mail in the member's language (decision 061); English is the spec's wording. */
export function loginCodeMail(locale: Locale, code: string, link: string) {
  const t = mailT(locale);
  const minutes = { minutes: LOGIN_CODE_TTL_MINUTES };
  const strong = `<strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`;
  // The catalogue's <0>…</0> is the link (Lingui's tag for a component, here our own anchor).
  const linked = t('login.enterOrLink').replace('<0>', `<a href="${link}">`).replace('</0>', '</a>');
  return {
    subject: t('login.subject', { code }),
    text: [
      t('login.code', { code }),
      '',
      t('login.enterOrOpen'),
      link,
      '',
      t('login.expires', minutes),
      t('login.ignore'),
    ].join('\n'),
    html: [
      `<p>${t('login.code', { code: strong })}</p>`,
      `<p>${linked}</p>`,
      `<p>${t('login.expires', minutes)}${sentenceGap(locale)}${t('login.ignore')}</p>`,
    ].join('\n'),
  };
}
