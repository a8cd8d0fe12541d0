import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, matchLocale, pickLocale } from './locales.ts';

describe('locales', () => {
  it('reads an Accept-Language header by preference', () => {
    expect(acceptLanguageTags('en;q=0.5, zh-CN,zh;q=0.9, fr;q=0')).toEqual(['zh-CN', 'zh', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('maps browser tags to the portal languages', () => {
    expect(matchLocale('zh-CN')).toBe('zh-Hans');
    expect(matchLocale('zh-Hans-SG')).toBe('zh-Hans');
    expect(matchLocale('zh-TW')).toBeNull();
    expect(matchLocale('ja-JP')).toBe('ja');
    expect(matchLocale('ko')).toBe('ko');
    expect(pickLocale(['zh-Hant', 'ko-KR', 'en'])).toBe('ko');
    expect(pickLocale(['fr-FR', 'de'])).toBe('en');
  });
});
