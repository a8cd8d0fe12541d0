import { Trans as LinguiTrans, type TransProps } from '@lingui/react';
import type { MessageId } from './i18n.ts';

/** A message with elements inside it ('WELCOME, <0>{name}</0>'): each language puts them where its grammar wants. */
export function Trans(props: Omit<TransProps, 'id' | 'render' | 'component'> & { id: MessageId }) {
  return <LinguiTrans {...props} />;
}
