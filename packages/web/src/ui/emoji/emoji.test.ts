import { describe, expect, it } from 'vitest';
import { EMOJI, EMOJI_NAMES } from '@parley/protocol';
import { EMOJI_URLS } from './twemojiUrls';

describe('emoji images', () => {
  it('has one shipped image for each of the 58 emoji, named by its code points', () => {
    expect(Object.keys(EMOJI_URLS)).toEqual(EMOJI_NAMES);
    for (const [name, char] of EMOJI) {
      const points = [...char]
        .map((c) => c.codePointAt(0)!.toString(16))
        .filter((p) => p !== 'fe0f')
        .join('-');
      expect(EMOJI_URLS[name], name).toContain(`${points}`);
      expect(EMOJI_URLS[name], name).not.toMatch(/^data:|^https?:/);
    }
  });
});
