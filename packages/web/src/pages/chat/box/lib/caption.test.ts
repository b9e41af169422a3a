// A media item's caption (issue 22 point 8) as the bubble, quote and chat list read it.
import { describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import { previewText } from '../../../../chat/preview';
import { captionOf, parseAudio, summaryText } from './content';

const t = (k: string) => `[${k}]`;
const image = (extra: object) => JSON.stringify({ originUrl: '/uploads/o.png', thumbUrl: '/uploads/t.png', ...extra });

describe('captions', () => {
  it('are read from images, videos and files; blank or absent is none', () => {
    expect(captionOf(MessageType.IMAGE, image({ caption: 'Sunset #smile;' }))).toBe('Sunset #smile;');
    expect(captionOf(MessageType.VIDEO, JSON.stringify({ videoUrl: '/v.mp4', caption: 'clip' }))).toBe('clip');
    expect(captionOf(MessageType.FILE, JSON.stringify({ name: 'a.pdf', caption: 'read me' }))).toBe('read me');
    expect(captionOf(MessageType.IMAGE, image({ caption: '  ' }))).toBe('');
    expect(captionOf(MessageType.IMAGE, image({}))).toBe('');
    expect(captionOf(MessageType.AUDIO, JSON.stringify({ url: '/a.mp3', caption: 'x' }))).toBe('');
  });
  it('follow the kind in quotes and in the chat list', () => {
    expect(summaryText(MessageType.IMAGE, image({ caption: 'Sunset #smile;' }), t)).toBe(
      '[chat.preview.image] Sunset 🙂',
    );
    const last = { type: MessageType.IMAGE, content: image({ caption: 'Sunset' }), selfSend: true, status: 1 };
    expect(previewText(last as never, 'Ann', t)).toBe('[chat.preview.image] \u2068Sunset\u2069');
  });
});

describe('waveforms as read', () => {
  it('keeps 1..64 finite bars, clamped to 0..31; anything else is none', () => {
    expect(parseAudio(JSON.stringify({ url: '/a.mp3', waveform: [0, 40, -2, 3.6] }))?.waveform).toEqual([0, 31, 0, 4]);
    expect(parseAudio(JSON.stringify({ url: '/b.mp3', waveform: [] }))?.waveform).toBeUndefined();
    expect(parseAudio(JSON.stringify({ url: '/c.mp3', waveform: ['1'] }))?.waveform).toBeUndefined();
    expect(parseAudio(JSON.stringify({ url: '/d.mp3', waveform: new Array(65).fill(1) }))?.waveform).toBeUndefined();
  });
});
