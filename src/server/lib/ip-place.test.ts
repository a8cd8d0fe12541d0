import { describe, expect, it } from 'vitest';
import { placeLabel } from '#common/place.ts';
import { placeOf } from './ip-place.ts';

// Decision 068. The database is pinned exactly in package.json, so these well-known addresses keep their countries.
describe('placeOf', () => {
  it('finds the country of public IPv4, IPv6 and IPv4-mapped IPv6 addresses', () => {
    expect(placeOf('203.116.1.1')).toEqual({ country: 'SG' });
    expect(placeOf('8.8.8.8')).toEqual({ country: 'US' });
    expect(placeOf('2001:67c:2e8:22::c100:68b')).toEqual({ country: 'NL' });
    expect(placeOf('::ffff:203.116.1.1')).toEqual({ country: 'SG' });
  });

  it('names networks near the server instead of looking them up', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(placeOf(ip)).toEqual({ network: 'this' });
    for (const ip of [
      '10.0.0.5',
      '192.168.1.20',
      '172.16.4.4',
      '169.254.1.1',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:10.1.2.3',
    ])
      expect(placeOf(ip)).toEqual({ network: 'local' });
  });

  it('knows no place for documentation ranges, shared address space or what is not an address', () => {
    // The data maps 203.0.113.0/24 (TEST-NET-3) to a country: special ranges are never looked up.
    for (const ip of ['203.0.113.5', '2001:db8::1', '100.64.0.1', 'not-an-ip', '', null, undefined])
      expect(placeOf(ip)).toBeNull();
  });

  it('labels places in English', () => {
    expect(placeLabel({ country: 'SG' })).toBe('Singapore');
    expect(placeLabel({ network: 'this' })).toBe('This network');
    expect(placeLabel({ network: 'local' })).toBe('Local network');
    expect(placeLabel(null)).toBeNull();
  });
});
