import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, secretBoxKey } from './secret-box.ts';

const key = secretBoxKey('a test key of at least thirty-two characters');

describe('secret box', () => {
  it('seals a secret so the stored text does not hold it, and opens it again', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1')).not.toBe(sealed);
    expect(openSecret(key, sealed, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('reads a plain value of an older row as it is', () => {
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another row, and a changed byte', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(() =>
      openSecret(secretBoxKey('another key of at least thirty-two characters'), sealed, 'totp:user-1'),
    ).toThrow();
    expect(() => openSecret(key, sealed, 'totp:user-2')).toThrow();
    const [prefix = '', iv = '', tag = '', body = ''] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => openSecret(key, [prefix, iv, tag, flipped].join('.'), 'totp:user-1')).toThrow();
  });
});
