/** Names that mix scripts like spoofs do (UTS #39 "Highly Restrictive", per part of the name): text.ts, account.ts. */
import { describe, expect, it } from 'vitest';
import { loginRequest, mixesScripts, registerRequest } from '../src/index.js';

describe('mixesScripts', () => {
  it('flags a part that mixes Latin with Cyrillic, Greek, Armenian or another script', () => {
    for (const name of [
      'tr\u0456al@parley.chat', // Cyrillic і
      'p\u0430ypal@example.com', // Cyrillic а
      'g\u03bfogle@example.com', // Greek ο
      'g\u0585\u0585gle@example.com', // Armenian օ
      'ann@p\u0430rley.chat', // in a domain label
      'user\u0661@example.com', // an Arabic-Indic digit in a Latin part
      '\u0438\u0432\u0430\u043d\u03b1@example.com', // Cyrillic with Greek
      'a\u13aa@example.com', // Latin with Cherokee (not a script of UTS #31's Table 5)
    ]) {
      expect(mixesScripts(name), name).toBe(true);
    }
  });

  it('lets a part be one script, or Latin with Chinese, Japanese or Korean writing', () => {
    for (const name of [
      'trial@parley.chat',
      'jean-luc.o\u2019neil+tag_1@example.com', // punctuation and digits go with any script
      'caf\u00e9.\u00fcber@stra\u00dfe.de',
      '\u0438\u0432\u0430\u043d@\u043f\u043e\u0447\u0442\u0430.\u0440\u0444', // иван@почта.рф
      '\u0438\u0432\u0430\u043d@gmail.com', // Cyrillic part, Latin domain: each part is one script
      '\u5f20\u4f1f@\u4f8b\u5b50.\u4e2d\u56fd', // 张伟@例子.中国
      '\u6771\u4eac\u30bf\u30ef\u30fcabc@example.jp', // Han, katakana, ー and Latin
      '\uae40\ubbfc\uc900abc@example.kr', // Hangul and Latin
      '\u4e2d\u6587\u3105abc@example.tw', // Han, Bopomofo and Latin
      '\u03b5\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac@example.gr',
      '\u0645\u062d\u0645\u062f@example.com',
      '\u0928\u092e\u0938\u094d\u0924\u0947@example.in', // Devanagari with its combining marks
    ]) {
      expect(mixesScripts(name), name).toBe(false);
    }
  });
});

describe('the rule belongs to registration only', () => {
  it('register refuses a mixed name with userNameMixedScripts; login still takes it', () => {
    const mixed = 'tr\u0456al@parley.chat';
    const reg = registerRequest.safeParse({ userName: mixed, password: 'secret1' });
    expect(reg.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['userName', 'userNameMixedScripts']]);
    expect(registerRequest.safeParse({ userName: 'trial@parley.chat', password: 'secret1' }).success).toBe(true);
    expect(loginRequest.safeParse({ terminal: 0, userName: mixed, password: 'secret1' }).success).toBe(true);
  });
});
