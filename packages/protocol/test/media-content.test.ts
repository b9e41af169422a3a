/** Issue 22 point 8's content fields: a media item's caption and a voice message's waveform. */
import { describe, expect, it } from 'vitest';
import { Limits, MessageType, checkMessageContent } from '../src/index.js';

const image = {
  originUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
  thumbUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
  width: 8,
  height: 4,
};
const file = { name: 'a.pdf', size: 1, url: '/uploads/files/2026/01/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/a.pdf' };
const audio = { duration: 4, url: '/uploads/files/2026/01/cccccccccccccccccccccccccccccccc/28.mp3' };
const check = (type: number, content: object) => checkMessageContent(type, JSON.stringify(content));

describe('caption', () => {
  it('travels in IMAGE, VIDEO and FILE content, kept as written', () => {
    const r = check(MessageType.IMAGE, { ...image, caption: ' two  spaces ' });
    expect(r.ok && JSON.parse(r.content).caption).toBe(' two  spaces ');
    expect(check(MessageType.FILE, { ...file, caption: 'x'.repeat(Limits.TEXT_CONTENT_MAX) }).ok).toBe(true);
  });
  it('follows the text rules', () => {
    expect(check(MessageType.IMAGE, { ...image, caption: '  ' })).toEqual({ ok: false, key: 'messageBlank' });
    expect(check(MessageType.FILE, { ...file, caption: 'x'.repeat(Limits.TEXT_CONTENT_MAX + 1) })).toEqual({
      ok: false,
      key: 'messageTooLong',
    });
    expect(check(MessageType.IMAGE, { ...image, caption: 3 })).toEqual({ ok: false, key: 'invalidContent' });
  });
  it('is not a field of a voice message or a card (dropped as a stray field)', () => {
    const r = check(MessageType.AUDIO, { ...audio, caption: 'hi' });
    expect(r.ok && JSON.parse(r.content)).toEqual(audio);
  });
});

describe('waveform', () => {
  it('takes 1..64 bars of 0..31', () => {
    for (const waveform of [[0], Array.from({ length: 64 }, () => 31)]) {
      const r = check(MessageType.AUDIO, { ...audio, waveform });
      expect(r.ok && JSON.parse(r.content).waveform).toEqual(waveform);
    }
    expect(check(MessageType.AUDIO, audio).ok).toBe(true);
  });
  it.each([[[]], [Array.from({ length: 65 }, () => 1)], [[32]], [[-1]], [[1.5]], [['1']], ['1,2']])(
    'refuses %j',
    (waveform) => {
      expect(check(MessageType.AUDIO, { ...audio, waveform })).toEqual({ ok: false, key: 'invalidContent' });
    },
  );
});
