import { describe, expect, it } from 'vitest';
import {
  EMOJI,
  EMOJI_COUNT,
  EMOJI_NAMES,
  QUICK_REACTIONS,
  emojiIndex,
  emojiToken,
  isReactionEmoji,
  splitEmoji,
  type TextPart,
} from '../src/index.js';

/** Rebuild the text from its parts. */
const join = (parts: TextPart[]): string => parts.map((p) => (p.kind === 'text' ? p.text : `#${p.name};`)).join('');

describe('emoji (spec §3)', () => {
  it('has 58 unique names, each a plain word with a glyph', () => {
    expect(EMOJI_COUNT).toBe(58);
    expect(EMOJI).toHaveLength(58);
    expect(new Set(EMOJI_NAMES).size).toBe(58);
    for (const [name, glyph] of EMOJI) {
      expect(name).toMatch(/^[A-Za-z]+$/);
      expect(glyph.length).toBeGreaterThan(0);
    }
  });

  it('maps names to their index and unknown names to -1', () => {
    EMOJI_NAMES.forEach((name, i) => expect(emojiIndex(name)).toBe(i));
    expect(emojiIndex('nope')).toBe(-1);
    expect(emojiToken('smile')).toBe('#smile;');
  });

  it('splits text with emoji and joins back to the same text', () => {
    const text = 'hi #smile;#heart; there #nope; and #gift;!';
    const parts = splitEmoji(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', name: 'smile', index: 0 },
      { kind: 'emoji', name: 'heart', index: emojiIndex('heart') },
      { kind: 'text', text: ' there #nope; and ' },
      { kind: 'emoji', name: 'gift', index: 57 },
      { kind: 'text', text: '!' },
    ]);
    expect(join(parts)).toBe(text);
  });

  it('round-trips every emoji token', () => {
    const text = EMOJI_NAMES.map((n) => `#${n};`).join(' x ');
    const parts = splitEmoji(text);
    expect(parts.filter((p) => p.kind === 'emoji')).toHaveLength(58);
    expect(join(parts)).toBe(text);
  });

  it('handles edge cases', () => {
    expect(splitEmoji('')).toEqual([]);
    expect(splitEmoji('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
    expect(splitEmoji('#smile')).toEqual([{ kind: 'text', text: '#smile' }]);
    expect(splitEmoji('#smile;')).toEqual([{ kind: 'emoji', name: 'smile', index: 0 }]);
    // The regex is global; a second call must not carry state over.
    expect(splitEmoji('#smile;')).toHaveLength(1);
  });
});

describe('reaction emoji (issue 21 point 2)', () => {
  it('every emoji of the picker and the quick row is one reaction emoji', () => {
    expect(EMOJI.filter(([, char]) => !isReactionEmoji(char))).toEqual([]);
    expect(QUICK_REACTIONS.filter((char) => !isReactionEmoji(char))).toEqual([]);
  });

  it('takes one RGI emoji, sequences included; nothing else', () => {
    for (const ok of ['👍', '👍🏽', '👩‍👩‍👧', '🇯🇵', '1️⃣', '🏳️‍🌈']) expect(isReactionEmoji(ok), ok).toBe(true);
    for (const bad of ['', 'a', '1', '👍👍', ' 👍', '👍 ', '#thumbsUp;', '\u200d', '👍\u200d', ':)']) {
      expect(isReactionEmoji(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
