import { ChatType, MessageStatus, MessageType } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { messageKey, type ChatMessage } from '../../../../chat/types';
import { SELECT_MAX, chosenInOrder, favouriteIds, forwardPlan, isSelectable, toggled } from './selection';

const msg = (id: number | undefined, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  tmpId: id === undefined ? `tmp-${Math.random()}` : undefined,
  type: MessageType.TEXT,
  content: `m${id}`,
  sendId: 1,
  sendTime: 1_000 + (id ?? 0),
  status: MessageStatus.SENDED,
  selfSend: false,
  loadStatus: 'ok',
  ...fields,
});

describe('selecting messages', () => {
  it('gives a checkbox to stored bubbles only, never to tips, notices or unsent entries', () => {
    expect(isSelectable(msg(1))).toBe(true);
    expect(isSelectable(msg(2, { type: MessageType.IMAGE }))).toBe(true);
    expect(isSelectable(msg(3, { type: MessageType.ACT_RT_VOICE }))).toBe(true); // a call record is a bubble
    expect(isSelectable(msg(4, { type: MessageType.TIP_TIME }))).toBe(false);
    expect(isSelectable(msg(5, { type: MessageType.TIP_TEXT }))).toBe(false);
    expect(isSelectable(msg(6, { status: MessageStatus.RECALL }))).toBe(false);
    expect(isSelectable(msg(undefined, { loadStatus: 'sending' }))).toBe(false);
    expect(isSelectable(msg(undefined, { loadStatus: 'fail' }))).toBe(false);
    expect(isSelectable(msg(7, { loadStatus: 'queued' }))).toBe(false);
  });

  it('forwards in the chat order, whatever order they were ticked in, and skips what cannot be sent', () => {
    const chat = [
      msg(10),
      msg(11, { type: MessageType.ACT_RT_VIDEO }),
      msg(12, { type: MessageType.FILE }),
      msg(13, { status: MessageStatus.RECALL }), // recalled after it was ticked
      msg(14),
    ];
    const ticked = new Set([messageKey(chat[4]!), messageKey(chat[1]!), messageKey(chat[3]!), messageKey(chat[0]!)]);
    ticked.add(messageKey(chat[2]!));
    ticked.add('id:99'); // deleted meanwhile: no longer in the chat
    const chosen = chosenInOrder(chat, ticked);
    expect(chosen.map((m) => m.id)).toEqual([10, 11, 12, 13, 14]);
    const plan = forwardPlan(chosen);
    expect(plan.send.map((m) => m.id)).toEqual([10, 12, 14]);
    expect(plan.skipped).toBe(2);
  });

  it('favourites the live messages of a kept kind, in order, in private and group chats only', () => {
    const chosen = [
      msg(20),
      msg(21, { type: MessageType.ACT_RT_VOICE }),
      msg(22, { type: MessageType.IMAGE }),
      msg(23, { status: MessageStatus.RECALL }),
    ];
    expect(favouriteIds(chosen, ChatType.PRIVATE)).toEqual([20, 22]);
    expect(favouriteIds(chosen, ChatType.GROUP)).toEqual([20, 22]);
    expect(favouriteIds(chosen, ChatType.SYSTEM)).toEqual([]);
  });

  it('ticks on and off, and refuses one more past SELECT_MAX (unticking still works)', () => {
    const one = toggled(new Set(), 'id:1');
    expect(one).toEqual(new Set(['id:1']));
    expect(toggled(one as Set<string>, 'id:1')).toEqual(new Set());
    const full = new Set(Array.from({ length: SELECT_MAX }, (_, i) => `id:${i}`));
    expect(toggled(full, 'id:x')).toBe('full');
    expect(toggled(full, 'id:0')).toHaveProperty('size', SELECT_MAX - 1);
  });
});
