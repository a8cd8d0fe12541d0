import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue's ICU texts ('{count, plural, one {# place} other {# places}}') compiled to Lingui's tokens: at build
 * time for the browser (vite.config.ts), on load for the server. Never imported by the client's code.
 */
export function compileCatalogue(raw: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
}
