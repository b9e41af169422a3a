import { EMOJI, MessageStatus, MessageType, Timing } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../chat/types';
import { displayToTokens, insertAt, isBlank, messageParts, tokensToDisplay } from './emojiText';
import { fitBox, formatDuration, formatFileSize, voiceBubbleWidth } from './format';
import { canRecall, reeditText, rememberRecalled } from './recall';
import { canEdit } from './edit';
import { summaryText } from './content';

describe('emoji text', () => {
  it('round-trips every one of the 58 tokens through the composer form', () => {
    expect(EMOJI).toHaveLength(58);
    const tokens = EMOJI.map(([name]) => `a#${name};b`).join(' ');
    const shown = tokensToDisplay(tokens);
    expect(shown).not.toContain('#');
    expect(displayToTokens(shown)).toBe(tokens);
  });

  it('keeps unknown tokens and plain text, and accepts a heart without the selector', () => {
    expect(tokensToDisplay('#nope; #smile;!')).toBe('#nope; 🙂!');
    expect(displayToTokens('I ❤ you ❤️')).toBe('I #heart; you #heart;');
  });

  it('splits text into runs, emoji and links', () => {
    expect(messageParts('hi #wave; see https://example.com/a?b=1, ok')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', name: 'wave', char: '👋' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', url: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', ok' },
    ]);
  });

  it('inserts at the caret and replaces a selection', () => {
    expect(insertAt('hello', 2, 2, '🙂')).toEqual({ value: 'he🙂llo', caret: 4 });
    expect(insertAt('hello', 1, 4, 'X')).toEqual({ value: 'hXo', caret: 2 });
  });

  it('treats white space as blank', () => {
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('formatting', () => {
  it('formats file sizes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('grows voice bubbles with duration, bounded', () => {
    expect(voiceBubbleWidth(1)).toBe(76);
    expect(voiceBubbleWidth(60)).toBe(220);
    expect(voiceBubbleWidth(600)).toBe(220);
    expect(voiceBubbleWidth(0)).toBe(76);
    const widths = [1, 2, 5, 10, 30, 60].map(voiceBubbleWidth);
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    expect(new Set(widths).size).toBe(widths.length);
  });

  it('fits media into a box keeping the ratio', () => {
    expect(fitBox(1000, 500, 200)).toEqual({ width: 200, height: 100 });
    expect(fitBox(100, 50, 200)).toEqual({ width: 100, height: 80 });
    expect(fitBox(0, 0, 200)).toEqual({ width: 150, height: 150 });
  });
});

describe('recall window', () => {
  const now = 1_000_000_000;
  const own: ChatMessage = {
    id: 5,
    type: MessageType.TEXT,
    content: 'x',
    sendId: 1,
    sendTime: now - 1000,
    status: MessageStatus.SENDED,
    selfSend: true,
    loadStatus: 'ok',
  };
  it('allows own stored normal messages within 5 minutes', () => {
    expect(canRecall(own, now)).toBe(true);
    expect(canRecall({ ...own, sendTime: now - Timing.RECALL_WINDOW_MS + 1 }, now)).toBe(true);
    expect(canRecall({ ...own, sendTime: now - Timing.RECALL_WINDOW_MS }, now)).toBe(false);
  });
  it('refuses others, unsent, failed, recalled and tips', () => {
    expect(canRecall({ ...own, selfSend: false }, now)).toBe(false);
    expect(canRecall({ ...own, id: undefined, tmpId: 't' }, now)).toBe(false);
    expect(canRecall({ ...own, loadStatus: 'fail' }, now)).toBe(false);
    expect(canRecall({ ...own, status: MessageStatus.RECALL }, now)).toBe(false);
    expect(canRecall({ ...own, type: MessageType.TIP_TIME }, now)).toBe(false);
  });
  it('offers edit for own stored texts and cards inside the edit window only', () => {
    const win = Timing.EDIT_WINDOW_MS;
    expect(canEdit(own, now, win)).toBe(true);
    expect(canEdit({ ...own, type: MessageType.CARD }, now, win)).toBe(true);
    expect(canEdit({ ...own, sendTime: now - win }, now, win)).toBe(true);
    expect(canEdit({ ...own, sendTime: now - win - 1 }, now, win)).toBe(false);
    expect(canEdit({ ...own, sendTime: now - 2000 }, now, 1000)).toBe(false);
    expect(canEdit({ ...own, selfSend: false }, now, win)).toBe(false);
    expect(canEdit({ ...own, id: undefined, tmpId: 't' }, now, win)).toBe(false);
    expect(canEdit({ ...own, loadStatus: 'sending' }, now, win)).toBe(false);
    expect(canEdit({ ...own, status: MessageStatus.RECALL }, now, win)).toBe(false);
    expect(canEdit({ ...own, forwarded: true }, now, win)).toBe(false);
    for (const type of [MessageType.IMAGE, MessageType.FILE, MessageType.ACT_RT_VOICE, MessageType.ACT_RT_VIDEO])
      expect(canEdit({ ...own, type }, now, win)).toBe(false);
  });
  it('remembers recalled text for re-edit for a while', () => {
    rememberRecalled(5, 'hello', now);
    expect(reeditText(5, now + 1000)).toBe('hello');
    expect(reeditText(5, now + Timing.RECALL_WINDOW_MS + 1)).toBeUndefined();
    expect(reeditText(6, now)).toBeUndefined();
  });
});

describe('summaries', () => {
  const t = (k: string) => `[${k}]`;
  it('describes each kind', () => {
    expect(summaryText(MessageType.TEXT, 'hi #smile;', t)).toBe('hi 🙂');
    expect(summaryText(MessageType.IMAGE, '{}', t)).toBe('[chat.preview.image]');
    const file = JSON.stringify({ name: 'a.pdf', size: 1, url: '/uploads/a.pdf' });
    expect(summaryText(MessageType.FILE, file, t)).toBe('[chat.preview.file] \u2068a.pdf\u2069');
  });
});
