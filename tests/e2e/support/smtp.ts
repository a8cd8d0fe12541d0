import { afterAll, beforeAll } from 'vitest';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../support/smtp-peer.ts';
import { setupE2e } from './suite.ts';

/**
 * setupE2e with a real SMTP peer as the portal's mail server: the peer's hooks are registered first, so it listens
 * before the portal starts. `received()` is what the peer has got so far.
 */
export function setupE2eWithSmtp() {
  let peer: SmtpPeer | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    peer = await startSmtpPeer();
    env.SMTP_URL = peer.url;
  });
  afterAll(() => peer?.close());
  const e2e = setupE2e({ env });
  const received = (): ReceivedMail[] => peer?.received ?? [];
  return { e2e, received };
}
