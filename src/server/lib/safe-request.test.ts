import { describe, expect, it } from 'vitest';
import { isPublicAddress, OutboundRefused, resolveAllowed } from './safe-request.ts';

const production = { allowPrivate: false, httpsOnly: true, timeoutMs: 1000, maxBodyBytes: 100 };

describe('safe outbound requests (decision 058)', () => {
  it('allows only public unicast addresses', () => {
    for (const a of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a)).toBe(true);
    const inside = ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'];
    for (const a of [...inside, '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::', 'not-an-address'])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses http and private hosts in production, after resolving names', async () => {
    await expect(resolveAllowed(new URL('http://8.8.8.8/'), production)).rejects.toThrow(OutboundRefused);
    await expect(resolveAllowed(new URL('https://[::1]/'), production)).rejects.toThrow(/private or reserved/);
    await expect(resolveAllowed(new URL('https://localhost/'), production)).rejects.toThrow(/private or reserved/);
    await expect(resolveAllowed(new URL('https://8.8.8.8/'), production)).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
    });
    const local = { ...production, allowPrivate: true, httpsOnly: false };
    await expect(resolveAllowed(new URL('http://127.0.0.1:9/'), local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveAllowed(new URL('ftp://127.0.0.1/'), local)).rejects.toThrow(/Not an http/);
  });
});
