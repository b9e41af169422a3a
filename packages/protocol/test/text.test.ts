import { describe, expect, it } from 'vitest';
import { cleanText, friendRemarkRequest, hasForbiddenChars, nickName, signature, userName } from '../src/index.js';

/** The issue's `params.rule` of the first failure, or null when the value passes. */
const ruleOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, v: unknown) => {
  const r = schema.safeParse(v);
  if (r.success) return null;
  const issue = r.error!.issues[0] as { message: string; params?: { rule?: string } };
  return issue.params?.rule ?? issue.message;
};

describe('text hygiene (text.ts)', () => {
  it('refuses controls, format characters, surrogates and private use; allows emoji sequences', () => {
    for (const bad of [
      'a\u0000b',
      'a\u200bb',
      'a\u200db',
      'a\u202eb',
      'a\u2066b',
      'a\ufeffb',
      'a\u00adb',
      'a\ud800b',
      'a\ue000b',
      'a\u3164b',
    ]) {
      expect(hasForbiddenChars(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['Zoë', '名字', '👩‍💻', '👨‍👩‍👧', '🏳️‍🌈', '❤️', 'a b'])
      expect(hasForbiddenChars(good), good).toBe(false);
    expect(hasForbiddenChars('a\nb', { newlines: true })).toBe(false);
    expect(hasForbiddenChars('a\tb', { newlines: true })).toBe(true);
  });

  it('normalises with NFKC', () => {
    expect(cleanText('ｔｒｉａｌ')).toBe('trial');
    expect(userName.parse(' ＴＲＩＡＬ@example.com ')).toBe('TRIAL@example.com');
  });

  it('field schemas name the rule `characters`', () => {
    expect(ruleOf(userName, 'tri\u200bal@example.com')).toBe('characters');
    expect(ruleOf(nickName, 'Eve\u202e')).toBe('characters');
    expect(ruleOf(signature, 'one\ntwo')).toBeNull();
    expect(signature.parse('one\r\ntwo')).toBe('one\ntwo');
    expect(ruleOf(signature, 'bell\u0007')).toBe('characters');
    expect(ruleOf(friendRemarkRequest, { friendId: 1, remark: 'boss\u2067' })).toBe('characters');
  });
});
