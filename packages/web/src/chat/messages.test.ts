import { describe, expect, it } from 'vitest';
import { CallMode, CallOutcome, MessageStatus, MessageType, buildCallRecord } from '@parley/protocol';
import { applyRecall, applyReceipt, countsAsUnread, insertMessage, withTimeTips } from './messages';
import { emojiText, lastIsMissedCall, previewText, tipText } from './preview';
import type { ChatMessage } from './types';

const ME = 1;
const PEER = 2;

function msg(id: number | undefined, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    type: MessageType.TEXT,
    content: `m${id ?? patch.tmpId}`,
    sendId: PEER,
    recvId: ME,
    sendTime: 1_000_000 + (id ?? 0) * 1000,
    status: MessageStatus.SENDED,
    selfSend: false,
    loadStatus: 'ok',
    ...patch,
  };
}

const ids = (list: ChatMessage[]) => list.map((m) => m.id ?? m.tmpId);
const insertAll = (list: ChatMessage[], items: ChatMessage[]) =>
  items.reduce((acc, m) => insertMessage(acc, m).list, list);

describe('insertMessage', () => {
  it('keeps ascending id order when messages arrive out of order', () => {
    const list = insertAll([], [msg(5), msg(2), msg(9), msg(7), msg(1)]);
    expect(ids(list)).toEqual([1, 2, 5, 7, 9]);
  });

  it('drops duplicates by id and reports them', () => {
    let list = insertAll([], [msg(1), msg(2), msg(3)]);
    const again = insertMessage(list, msg(2, { content: 'other' }));
    expect(again.outcome).toBe('duplicate');
    list = insertAll(again.list, [msg(3), msg(1), msg(4)]);
    expect(ids(list)).toEqual([1, 2, 3, 4]);
    expect(list[1]!.content).toBe('m2');
  });

  it('a duplicate keeps a recall this device applied, and takes a recall or read from the server', () => {
    let list = applyRecall(insertAll([], [msg(1), msg(2)]), 1, 'recalled');
    list = insertMessage(list, msg(1)).list;
    expect(list[0]!.status).toBe(MessageStatus.RECALL);
    expect(list[0]!.content).toBe('recalled');
    list = insertMessage(list, msg(2, { status: MessageStatus.READED })).list;
    expect(list[1]!.status).toBe(MessageStatus.READED);
  });

  it('replaces a pending own send by the server copy matched on tmpId, in place', () => {
    const pending = msg(undefined, { tmpId: 'a', selfSend: true, sendId: ME, loadStatus: 'sending', progress: 1 });
    let list = insertAll([], [msg(1), pending]);
    const { list: next, outcome } = insertMessage(list, msg(2, { tmpId: 'a', selfSend: true, sendId: ME }));
    expect(outcome).toBe('replaced');
    expect(ids(next)).toEqual([1, 2]);
    expect(next[1]!.loadStatus).toBe('ok');
    expect(next[1]!.progress).toBeUndefined();
    list = next;
    // a second copy (the pull brings it again) is a duplicate
    expect(insertMessage(list, msg(2, { tmpId: 'a' })).outcome).toBe('duplicate');
  });

  it('moves a confirmed send to its id place when a later message already has a larger id', () => {
    const pending = msg(undefined, { tmpId: 'a', selfSend: true, sendId: ME, loadStatus: 'sending' });
    let list = insertAll([], [msg(1), pending, msg(3)]);
    list = insertMessage(list, msg(4, { tmpId: 'a', selfSend: true, sendId: ME })).list;
    expect(ids(list)).toEqual([1, 3, 4]);
  });

  it('keeps failed sends where they were appended when newer messages arrive', () => {
    const failed = msg(undefined, { tmpId: 'f', selfSend: true, sendId: ME, loadStatus: 'fail' });
    const list = insertAll([], [msg(1), failed, msg(2), msg(3)]);
    expect(ids(list)).toEqual([1, 'f', 2, 3]);
    expect(ids(insertMessage(list, msg(0)).list)).toEqual([0, 1, 'f', 2, 3]);
  });
});

describe('withTimeTips', () => {
  const GAP = 600_000;
  it('inserts a tip before the first message and whenever the last tip is more than 10 minutes older', () => {
    const base = 1_700_000_000_000;
    const list = [
      msg(1, { sendTime: base }),
      msg(2, { sendTime: base + GAP }), // exactly 10 minutes: no tip
      msg(3, { sendTime: base + GAP + 1 }), // over 10 minutes since the last tip
      msg(4, { sendTime: base + GAP + 2 }),
      msg(5, { sendTime: base + 3 * GAP }),
    ];
    const out = withTimeTips(list, GAP);
    expect(out.map((m) => (m.type === MessageType.TIP_TIME ? 'tip' : m.id))).toEqual([
      'tip',
      1,
      2,
      'tip',
      3,
      4,
      'tip',
      5,
    ]);
    const tips = out.filter((m) => m.type === MessageType.TIP_TIME);
    expect(tips.map((m) => m.sendTime)).toEqual([base, base + GAP + 1, base + 3 * GAP]);
    expect(new Set(tips.map((m) => m.tmpId)).size).toBe(3);
  });

  it('uses the store gap by default', () => {
    const out = withTimeTips([msg(1, { sendTime: 0 }), msg(2, { sendTime: 600_001 })]);
    expect(out.filter((m) => m.type === MessageType.TIP_TIME)).toHaveLength(2);
  });
});

describe('recall and receipts', () => {
  it('recall replaces the original and marks quoting messages recalled', () => {
    const quote = { id: 1, sendId: PEER, type: MessageType.TEXT, content: 'm1', status: MessageStatus.SENDED };
    const list = [msg(1), msg(2, { quoteMessage: quote }), msg(3)];
    const next = applyRecall(list, 1, 'peer recalled');
    expect(next[0]).toMatchObject({ status: MessageStatus.RECALL, content: 'peer recalled' });
    expect(next[1]!.quoteMessage).toMatchObject({ id: 1, status: MessageStatus.RECALL });
    expect(next[2]).toBe(list[2]);
    expect(applyRecall(next, 1, 'x')).toBe(next);
  });

  it('a receipt marks own messages up to the id read, never recalled ones', () => {
    const list = [
      msg(1, { selfSend: true, sendId: ME }),
      msg(2, { selfSend: true, sendId: ME, status: MessageStatus.RECALL }),
      msg(3),
      msg(4, { selfSend: true, sendId: ME }),
    ];
    const next = applyReceipt(list, 3);
    expect(next.map((m) => m.status)).toEqual([
      MessageStatus.READED,
      MessageStatus.RECALL,
      MessageStatus.SENDED,
      MessageStatus.SENDED,
    ]);
  });
});

describe('unread rule', () => {
  it('counts only messages not self-sent, not read and not tip text', () => {
    expect(countsAsUnread(msg(1))).toBe(true);
    expect(countsAsUnread(msg(1, { selfSend: true }))).toBe(false);
    expect(countsAsUnread(msg(1, { status: MessageStatus.READED }))).toBe(false);
    expect(countsAsUnread(msg(1, { type: MessageType.TIP_TEXT }))).toBe(false);
    expect(countsAsUnread(msg(1, { type: MessageType.IMAGE }))).toBe(true);
    expect(countsAsUnread(msg(1, { type: MessageType.ACT_RT_VIDEO }))).toBe(true);
  });
});

describe('previews', () => {
  const t = (key: string, opts?: Record<string, unknown>) => (opts ? `${key}(${String(opts.name)})` : key);
  const last = (type: number, content = '', patch = {}) => ({
    type,
    content,
    status: MessageStatus.SENDED,
    selfSend: false,
    ...patch,
  });

  it('shows placeholder labels for media, calls and cards', () => {
    expect(previewText(last(MessageType.IMAGE, '{}'), 'Ann', t)).toBe('chat.preview.image');
    expect(previewText(last(MessageType.VIDEO, '{}'), 'Ann', t)).toBe('chat.preview.video');
    expect(previewText(last(MessageType.FILE, '{}'), 'Ann', t)).toBe('chat.preview.file');
    expect(previewText(last(MessageType.AUDIO, '{}'), 'Ann', t)).toBe('chat.preview.voice');
    expect(previewText(last(MessageType.CARD, '{}'), 'Ann', t)).toBe('chat.preview.card');
    expect(previewText(last(MessageType.ACT_RT_VOICE, '1:00'), 'Ann', t)).toBe('chat.preview.voiceCall');
    expect(previewText(last(MessageType.ACT_RT_VIDEO, '1:00'), 'Ann', t)).toBe('chat.preview.videoCall');
  });

  it('a call the callee missed reads as missed (and is flagged red); the caller keeps the plain label', () => {
    const cancelled = buildCallRecord(CallMode.VIDEO, CallOutcome.CANCELLED);
    const timedOut = buildCallRecord(CallMode.VOICE, CallOutcome.NOT_ANSWERED);
    expect(previewText(last(MessageType.ACT_RT_VIDEO, cancelled), 'Ann', t)).toBe('chat.preview.missedVideoCall');
    expect(previewText(last(MessageType.ACT_RT_VOICE, timedOut), 'Ann', t)).toBe('chat.preview.missedVoiceCall');
    expect(lastIsMissedCall(last(MessageType.ACT_RT_VOICE, timedOut))).toBe(true);
    const mine = last(MessageType.ACT_RT_VOICE, timedOut, { selfSend: true });
    expect(previewText(mine, 'Ann', t)).toBe('chat.preview.voiceCall');
    expect(lastIsMissedCall(mine)).toBe(false);
    const rejected = last(MessageType.ACT_RT_VOICE, buildCallRecord(CallMode.VOICE, CallOutcome.REJECTED));
    expect(previewText(rejected, 'Ann', t)).toBe('chat.preview.voiceCall');
    expect(lastIsMissedCall(rejected)).toBe(false);
  });

  it('shows text with emoji, translated tips and recall notices', () => {
    expect(previewText(last(MessageType.TEXT, 'hi #smile;\nthere'), 'Ann', t)).toBe('\u2068hi 🙂 there\u2069');
    expect(emojiText('#nope;')).toBe('#nope;');
    expect(previewText(last(MessageType.TIP_TEXT, 'You are now friends. Start chatting!'), 'Ann', t)).toBe(
      'tips.friendAdded',
    );
    expect(tipText('some other tip', t)).toBe('some other tip');
    expect(previewText(last(MessageType.RECALL, '5', { selfSend: true }), 'Ann', t)).toBe('chat.recall.self');
    expect(previewText(last(MessageType.TEXT, 'x', { status: MessageStatus.RECALL }), 'Ann', t)).toBe(
      'chat.recall.peer(\u2068Ann\u2069)',
    );
    expect(previewText(undefined, 'Ann', t)).toBe('');
  });
});
