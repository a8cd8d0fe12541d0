import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimatedBits, secretWeakness } from './secret-strength.ts';

describe('secret strength', () => {
  it.each([
    ['a'.repeat(32), 'too predictable'],
    ['a'.repeat(64), 'too predictable'],
    ['ab'.repeat(20), 'too predictable'],
    ['0123456789abcdef'.repeat(2), 'too predictable'],
    ['password'.repeat(4), 'too predictable'],
    ['abcdefghijklmnopqrstuvwxyz012345', 'too predictable'],
    ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'too predictable'],
    ['short', 'at least 32 characters'],
    [` ${randomBytes(32).toString('base64')}`, 'spaces'],
    ['changeme-Q8z1Lr5Wn2Kd7Tb4Hx9Vj3Pc', 'placeholder'],
    ['REPLACE_WITH_32_RANDOM_CHARS_0f3a9c', 'placeholder'],
    ['Xq-production-key-4Lr8Wn2Kd7Tb4Hx9', 'placeholder'],
  ])('refuses %j', (secret, why) => {
    expect(secretWeakness(secret)).toContain(why);
  });

  it('passes what openssl rand prints, every time', () => {
    for (let i = 0; i < 2000; i++) {
      expect(secretWeakness(randomBytes(32).toString('base64'))).toBeNull();
      expect(secretWeakness(randomBytes(16).toString('hex'))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString('hex'))).toBeNull();
      expect(secretWeakness(randomBytes(24).toString('base64url'))).toBeNull();
    }
  });

  it('scores one repeated character at zero bits', () => {
    expect(estimatedBits('a'.repeat(32))).toBe(0);
    expect(estimatedBits('ab'.repeat(16))).toBe(32);
  });
});
