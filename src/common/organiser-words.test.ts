import { describe, expect, it } from 'vitest';
import { benefitTitle, eventTitleIn, fallbackOf, localise, missingWords } from './organiser-words.ts';

describe('localise', () => {
  const record = {
    title: 'Cruise',
    modal: { paragraphs: ['One', 'Two'], links: [{ label: 'Map', href: '/map' }] },
    wording: {} as Record<string, string>,
    translations: {
      'zh-Hans': {
        title: '游船',
        modal: { paragraphs: ['', '二', '三'], links: [{ label: '地图', href: 'javascript:1' }] },
        wording: { done: '已报名' },
        extra: 'never leaks',
      },
    },
  };

  it('merges field by field, by position and key, over the English; only the record own keys', () => {
    expect(localise(record, 'zh-Hans')).toEqual({
      title: '游船',
      // A blank falls back; a list keeps its length; a target (href) is the base's whatever a translation says.
      modal: { paragraphs: ['One', '二'], links: [{ label: '地图', href: '/map' }] },
      wording: { done: '已报名' },
    });
  });

  it('answers the base without a language, in English, or in a language with no words', () => {
    const { translations: _t, ...base } = record;
    expect(localise(record, undefined)).toEqual(base);
    expect(localise(record, 'en')).toEqual(base);
    expect(localise(record, 'ja')).toEqual(base);
  });

  it('names the words it serves in English, and no target, nor anything in English or when all is translated', () => {
    expect(fallbackOf(record, 'zh-Hans')).toEqual(['modal.paragraphs.0']);
    expect(fallbackOf(record, 'ja')).toEqual([
      'title',
      'modal.paragraphs.0',
      'modal.paragraphs.1',
      'modal.links.0.label',
    ]);
    expect(fallbackOf(record, 'en')).toBeUndefined();
    expect(fallbackOf({ title: 'Cruise', translations: { ko: { title: '크루즈' } } }, 'ko')).toBeUndefined();
  });

  it('names a benefit and its event in the language', () => {
    const benefit = { title: 'Cruise', translations: { 'zh-Hans': { title: '游船', eventTitle: '日落游船' } } };
    expect(benefitTitle(benefit, 'zh-Hans')).toBe('游船');
    expect(eventTitleIn({ title: 'Sunset Cruise' }, benefit, 'zh-Hans')).toBe('日落游船');
    expect(
      eventTitleIn({ title: 'Cruise' }, { title: 'Cruise', translations: { 'zh-Hans': { title: '游船' } } }, 'zh-Hans'),
    ).toBe('游船');
    expect(
      eventTitleIn({ title: 'Other' }, { title: 'Cruise', translations: { 'zh-Hans': { title: '游船' } } }, 'zh-Hans'),
    ).toBe('Other');
  });

  it('counts the English words a language leaves', () => {
    const base = { title: 'Cruise', empty: '', list: ['a', 'b'], form: { f: { label: 'L', options: ['x'] } } };
    expect(missingWords(base, undefined)).toBe(5);
    expect(missingWords(base, { title: 'T', list: ['', 'B'], form: { f: { options: ['X'] } } })).toBe(2);
  });
});
