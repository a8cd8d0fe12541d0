import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE_DAYS, deviceOf, withDevice } from './device-cookie.ts';

const SECRET = 'a test key of at least thirty-two characters';

afterEach(() => vi.useRealTimers());

describe('device cookies', () => {
  it('name a device for the account, kind and key they were issued with, and for nothing else', () => {
    const cookie = withDevice(SECRET, 'admin', 'a@example.com', undefined);
    expect(cookie).not.toContain('a@example.com');
    const device = deviceOf(SECRET, 'admin', 'a@example.com', cookie);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(deviceOf(SECRET, 'admin', 'b@example.com', cookie)).toBeNull();
    expect(deviceOf(SECRET, 'member', 'a@example.com', cookie)).toBeNull();
    expect(deviceOf(`${SECRET}!`, 'admin', 'a@example.com', cookie)).toBeNull();
    // The MAC's first character carries six whole bits: changing it changes the MAC.
    const [device0, issued, sig = ''] = cookie.split('.');
    const forged = `${device0}.${issued}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expect(deviceOf(SECRET, 'admin', 'a@example.com', forged)).toBeNull();
    expect(deviceOf(SECRET, 'admin', 'a@example.com', 'garbage')).toBeNull();
  });

  it('keep the last four accounts of a browser, one token each', () => {
    let cookie: string | undefined;
    for (const who of ['a', 'b', 'c', 'a', 'd', 'e'])
      cookie = withDevice(SECRET, 'member', `${who}@example.com`, cookie);
    expect(cookie?.split('~')).toHaveLength(4);
    for (const who of ['e', 'd', 'a', 'c'])
      expect(deviceOf(SECRET, 'member', `${who}@example.com`, cookie)).not.toBeNull();
    expect(deviceOf(SECRET, 'member', 'b@example.com', cookie)).toBeNull();
  });

  it(`expire after ${DEVICE_COOKIE_DAYS} days`, () => {
    const cookie = withDevice(SECRET, 'admin', 'a@example.com', undefined);
    vi.useFakeTimers({ now: Date.now() + (DEVICE_COOKIE_DAYS - 1) * 86_400_000 });
    expect(deviceOf(SECRET, 'admin', 'a@example.com', cookie)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    expect(deviceOf(SECRET, 'admin', 'a@example.com', cookie)).toBeNull();
  });
});
