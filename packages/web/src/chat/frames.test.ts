// Socket frames: messages, unread counts, read marks, recalls.
import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType } from '@parley/protocol';
import { ME, ANN, P, loading, wire, ready } from './testEngine';

describe('frames', () => {
  it('inserts messages by id into the chat of the other user, dropping duplicates', async () => {
    const s = await ready();
    for (const id of [12, 10, 11, 12, 10]) s.engine.onFrame(wire(id));
    s.engine.onFrame(wire(13, { sendId: ME, recvId: ANN }));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect(s.chat()!.messages[3]!.selfSend).toBe(true);
    expect(s.chat()!.unreadCount).toBe(3);
    expect(s.chat()!.showName).toBe('Ann');
    expect(s.chat()!.last).toMatchObject({ content: 'm13', selfSend: true });
  });

  it('counts unread only for messages not self-sent, not read and not tip text', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN }));
    s.engine.onFrame(wire(3, { status: MessageStatus.READED }));
    s.engine.onFrame(wire(4, { type: MessageType.TIP_TEXT, content: 'You are now friends. Start chatting!' }));
    s.engine.onFrame(wire(5, { type: MessageType.IMAGE, content: '{}' }));
    expect(s.chat()!.unreadCount).toBe(2);
  });

  it('does not count messages for the open chat while the page is visible, and marks them read', async () => {
    const s = await ready();
    await s.engine.openChat(P, ANN);
    s.engine.onFrame(wire(1));
    expect(s.chat()!.unreadCount).toBe(0);
    expect(s.chat()!.messages[0]!.status).toBe(MessageStatus.READED);
    await s.runTimers(1000);
    expect(s.api.readed).toHaveBeenCalledWith(ANN);

    // hidden page: it counts, and a notification shows
    s.state.visible = false;
    s.engine.onFrame(wire(2));
    expect(s.chat()!.unreadCount).toBe(1);
    expect(s.notify).toHaveBeenCalledTimes(1);
    // coming back marks the open chat read
    s.state.visible = true;
    s.api.readed.mockClear();
    s.engine.onVisibilityChange();
    expect(s.chat()!.unreadCount).toBe(0);
    await s.runTimers(1000);
    expect(s.api.readed).toHaveBeenCalledWith(ANN);

    // closed chat: counts again
    s.engine.closeChat(P, ANN);
    s.engine.onFrame(wire(3));
    expect(s.chat()!.unreadCount).toBe(1);
  });

  it('READED from my other terminal clears the unread count; RECEIPT moves the read mark', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN }));
    s.engine.onFrame(wire(3, { sendId: ME, recvId: ANN }));
    expect(s.chat()!.unreadCount).toBe(1);
    s.engine.onFrame({ type: MessageType.READED, sendId: ME, recvId: ANN, content: '1', sendTime: 0 });
    expect(s.chat()!.unreadCount).toBe(0);
    s.engine.onFrame({ type: MessageType.RECEIPT, sendId: ANN, recvId: ME, content: '2', sendTime: 0 });
    expect(s.chat()!.maxReadId).toBe(2);
    expect(s.chat()!.messages.map((m) => m.status)).toEqual([
      MessageStatus.READED,
      MessageStatus.READED,
      MessageStatus.SENDED,
    ]);
  });

  it('a recall replaces the original, sets the last content, marks quotes and fixes the unread count', async () => {
    const s = await ready();
    const quote = { id: 1, sendId: ANN, type: MessageType.TEXT, content: 'm1', status: MessageStatus.SENDED };
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN, quoteMessage: quote }));
    expect(s.chat()!.unreadCount).toBe(1);
    s.engine.onFrame(wire(3, { type: MessageType.RECALL, content: '1' }));
    const c = s.chat()!;
    expect(c.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(c.messages[0]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.peer(\u2068Ann\u2069)' });
    expect(c.messages[1]!.quoteMessage!.status).toBe(MessageStatus.RECALL);
    expect(c.last).toMatchObject({ type: MessageType.RECALL, selfSend: false });
    expect(c.unreadCount).toBe(0);
    expect(s.engine.cursor()).toBe(3);
  });

  it('ignores friend sync, call signals and unknown frames', async () => {
    const s = await ready();
    s.engine.onFrame({ type: MessageType.FRIEND_NEW, sendId: ANN, recvId: ME, content: '{}' });
    s.engine.onFrame(wire(5, { type: 100 }));
    s.engine.onFrame('garbage');
    expect(s.chat()).toBeUndefined();
  });
});

describe('call signals (docs/CALLS.md §8.1)', () => {
  it('never turn a signal frame 100-109 or 200-211 into a message, not even during a pull, and keep the cursor', async () => {
    const s = await ready();
    const signal = (type: number) => ({ type, sendId: ANN, recvId: ME, content: '', sendTime: 1, callId: 'c1' });
    s.engine.onFrame(loading(true));
    for (let type = 100; type <= 109; type++) s.engine.onFrame(signal(type));
    // a signal that carries an id (a misbehaving server) still is not a message
    s.engine.onFrame({ ...signal(101), id: 77 });
    s.engine.onFrame(loading(false));
    for (let type = 200; type <= 211; type++) s.engine.onGroupFrame({ ...signal(type), groupId: 9 });
    s.engine.onFrame(wire(3));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([3]);
    expect(s.engine.cursor()).toBe(3);
  });

  it('lists call records (40/41) as messages', async () => {
    const s = await ready();
    const content = JSON.stringify({ mode: 'video', outcome: 'completed', duration: 5 });
    s.engine.onFrame(wire(4, { type: MessageType.ACT_RT_VIDEO, content, status: MessageStatus.READED }));
    expect(s.chat()!.messages[0]).toMatchObject({ id: 4, type: MessageType.ACT_RT_VIDEO, content });
  });
});
