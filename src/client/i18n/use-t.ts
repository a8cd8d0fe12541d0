import { useLingui } from '@lingui/react';
import { isLocale, type Locale } from '#common/locales.ts';
import type { MessageId, MessageValues } from './i18n.ts';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The active language's messages, by typed key; the component renders again when the member switches language. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** The active language, for `Intl` formatting and the language menu. */
export function useLocale(): Locale {
  const { locale } = useLingui().i18n;
  return isLocale(locale) ? locale : 'en';
}
