import { describe, expect, it } from 'vitest';
import { EMOJI, LOCALES } from '@parley/protocol';
import { cldrChain, emojiNames } from '../../../build/emojiNames';

describe('emoji names (CLDR, issue 20 point 14)', () => {
  it.each([...LOCALES])('names all 58 emoji in %s, never by their code names', (locale) => {
    const names = emojiNames(locale);
    for (const [name] of EMOJI) {
      expect(names[name], `${locale} ${name}`).toBeTruthy();
      if (/[A-Z]/.test(name)) expect(names[name]).not.toBe(name); // "heartEyes" is no name
    }
  });

  it('reads the regional file first, then its parent', () => {
    expect(cldrChain('ar-SA')).toEqual(['ar-SA', 'ar']);
    expect(cldrChain('zh-TW')).toEqual(['zh-Hant', 'zh']);
    expect(cldrChain('es-MX')).toEqual(['es-MX', 'es-419', 'es']);
    expect(emojiNames('ar-SA').heartEyes).toBe('وجه مبتسم مع عينين على شكل قلب');
    expect(emojiNames('zh-CN').thumbsUp).toBe('拇指向上');
    expect(emojiNames('en-US').heartEyes).toBe('smiling face with heart-eyes');
    for (const name of Object.values(emojiNames('ar-SA'))) expect(name).toMatch(/\p{Script=Arabic}/u);
  });
});
