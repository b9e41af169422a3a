// Group chats: cmd 4 frames, the group cursor and pull, @ flags, recall, read marks, receipts, sends.
import { describe, expect, it } from 'vitest';
import { AT_ALL, MessageStatus, MessageType } from '@parley/protocol';
import { PULL_BATCH_MS } from './engine';
import { previewText } from './preview';
import { ANN, BOB, G, ME, TEAM, flushPromises, groupWire, loading, ready, setup, teamKey, wire } from './testEngine';

describe('group frames', () => {
  it('inserts group messages by id into the GROUP chat, counting unread and naming the sender in the preview', async () => {
    const s = await ready();
    for (const id of [3, 1, 2, 3]) s.engine.onGroupFrame(groupWire(id));
    s.engine.onGroupFrame(groupWire(4, { sendId: ME, sendNickName: 'Me' }));
    s.engine.onGroupFrame(groupWire(5, { type: MessageType.TIP_TEXT, content: 'Ann invited Bob', sendId: 0 }));
    const c = s.chat(teamKey)!;
    expect(c.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(c.unreadCount).toBe(3);
    expect(c.showName).toBe('Team');
    expect(c.messages[0]).toMatchObject({ groupId: TEAM, sendNickName: 'Ann', selfSend: false });
    s.engine.onGroupFrame(groupWire(6, { sendId: BOB, sendNickName: 'Bob', content: 'hi' }));
    const t = (k: string) => k;
    expect(previewText(s.chat(teamKey)!.last, 'Team', t)).toBe('\u2068Bob\u2069: \u2068hi\u2069');
    s.engine.onGroupFrame(groupWire(7, { sendId: ME, sendNickName: 'Me', content: 'mine' }));
    expect(previewText(s.chat(teamKey)!.last, 'Team', t)).toBe('\u2068mine\u2069');
  });

  it('sets atMe and atAll for unread mentions; opening the chat clears them and reports the read position', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1, { atUserIds: [BOB] }));
    expect(s.chat(teamKey)).toMatchObject({ atMe: false, atAll: false });
    s.engine.onGroupFrame(groupWire(2, { atUserIds: [ME] }));
    expect(s.chat(teamKey)).toMatchObject({ atMe: true, atAll: false });
    s.engine.onGroupFrame(groupWire(3, { atUserIds: [AT_ALL] }));
    expect(s.chat(teamKey)).toMatchObject({ atMe: true, atAll: true, unreadCount: 3 });
    await s.engine.openChat(G, TEAM);
    expect(s.chat(teamKey)).toMatchObject({ atMe: false, atAll: false, unreadCount: 0 });
    await s.runTimers(1000);
    expect(s.groupApi.readed).toHaveBeenCalledWith(TEAM, 3);
  });

  it('ignores group sync frames (90-92): they belong to the group list', async () => {
    const s = await ready();
    s.engine.onGroupFrame({ type: MessageType.GROUP_NEW, groupId: TEAM, content: '{}', sendTime: 1 });
    expect(s.chat(teamKey)).toBeUndefined();
  });

  it('a recall replaces the original with a notice naming the sender and takes back its unread', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1));
    s.engine.onGroupFrame(groupWire(2, { type: MessageType.RECALL, content: '1' }));
    const c = s.chat(teamKey)!;
    expect(c.messages[0]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.peer(\u2068Ann\u2069)' });
    expect(c.unreadCount).toBe(0);
    expect(previewText(c.last, 'Team', (k, o) => `${k}(${String(o?.name)})`)).toBe('chat.recall.peer(\u2068Ann\u2069)');
  });

  it('READED from my other terminal reads the group up to its id', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1, { atUserIds: [ME] }));
    s.engine.onGroupFrame(groupWire(2));
    s.engine.onGroupFrame(groupWire(3, { atUserIds: [AT_ALL] }));
    s.engine.onGroupFrame({ type: MessageType.READED, groupId: TEAM, sendId: ANN, content: '3', sendTime: 1 });
    expect(s.chat(teamKey)!.unreadCount).toBe(3); // not mine: ignored
    s.engine.onGroupFrame({ type: MessageType.READED, groupId: TEAM, sendId: ME, content: '2', sendTime: 1 });
    // The mention of me was read; the one of everyone was not.
    expect(s.chat(teamKey)).toMatchObject({ unreadCount: 1, atMe: false, atAll: true });
    expect(s.chat(teamKey)!.messages[1]!.status).toBe(MessageStatus.READED);
    s.engine.onGroupFrame({ type: MessageType.READED, groupId: TEAM, sendId: ME, content: '3', sendTime: 1 });
    expect(s.chat(teamKey)).toMatchObject({ unreadCount: 0, atMe: false, atAll: false });
  });

  it('RECEIPT frames update the read count of my receipt message; a late smaller count is ignored', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1, { sendId: ME, sendNickName: 'Me', receipt: true }));
    const receipt = (readedCount: number, receiptOk: boolean) => ({
      type: MessageType.RECEIPT,
      groupId: TEAM,
      id: 1,
      readedCount,
      receiptOk,
      sendTime: 1,
    });
    s.engine.onGroupFrame(receipt(2, false));
    expect(s.chat(teamKey)!.messages[0]).toMatchObject({ readedCount: 2, receiptOk: false });
    s.engine.onGroupFrame(receipt(1, false));
    expect(s.chat(teamKey)!.messages[0]!.readedCount).toBe(2);
    s.engine.onGroupFrame(receipt(3, true));
    expect(s.chat(teamKey)!.messages[0]).toMatchObject({ readedCount: 3, receiptOk: true });
  });

  it('do-not-disturb silences notifications unless I am mentioned', async () => {
    const s = await ready({ visible: false });
    s.groups.set(TEAM, { showName: 'Team', headImage: '', isDnd: true });
    s.engine.onGroupFrame(groupWire(1));
    expect(s.notify).not.toHaveBeenCalled();
    s.engine.onGroupFrame(groupWire(2, { atUserIds: [ME] }));
    expect(s.notify).toHaveBeenCalledTimes(1);
  });
});

describe('group cursor and pull', () => {
  it('pulls groups with their own cursor; LOADING on cmd 4 brackets the group pull only', async () => {
    const s = setup();
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 10, groupMaxId: 30 }, [], []);
    s.engine.onConnection('open');
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    expect(s.api.pullOffline).toHaveBeenCalledWith(10);
    expect(s.groupApi.pullOffline).toHaveBeenCalledWith(30);
    s.engine.onGroupFrame(loading(true));
    s.engine.onGroupFrame(groupWire(40)); // a push during the pull
    s.engine.onGroupFrame(groupWire(31, { atUserIds: [ME] }));
    s.engine.onFrame(loading(false)); // the private pull ends: the group cursor stays
    expect(s.engine.groupCursor()).toBe(30);
    await s.runTimers(PULL_BATCH_MS);
    expect(s.chat(teamKey)).toMatchObject({ unreadCount: 2, atMe: true });
    expect(s.store.get().phase).toBe('receiving');
    s.engine.onGroupFrame(loading(false));
    expect(s.engine.groupCursor()).toBe(40);
    expect(s.engine.cursor()).toBe(10);
    expect(s.store.get().phase).toBe('ready');
    s.engine.onGroupFrame(groupWire(41));
    expect(s.engine.groupCursor()).toBe(41);
    s.engine.onFrame(wire(11));
    expect(s.engine.cursor()).toBe(11);
    await s.engine.flush();
    const [, index] = s.saveSpy.mock.calls.at(-1)!;
    expect(index).toMatchObject({ privateMaxId: 11, groupMaxId: 41 });
  });

  it("the server's read position (readedMaxId) keeps a read this device lost from coming back as unread", async () => {
    const s = setup();
    // The device saved messages 1-3 unread (the read of 2 was lost when the tab closed).
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 0, groupMaxId: 3 }, [], []);
    s.groups.set(TEAM, { showName: 'Team', headImage: '', isDnd: false, readedMaxId: 0 });
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onGroupFrame(loading(true));
    for (const id of [1, 2, 3]) s.engine.onGroupFrame(groupWire(id, { atUserIds: id === 1 ? [ME] : [] }));
    s.engine.onGroupFrame(loading(false));
    expect(s.chat(teamKey)).toMatchObject({ unreadCount: 3, atMe: true });
    // The group list answers: read up to 2 on some terminal.
    s.groups.set(TEAM, { showName: 'Team', headImage: '', isDnd: false, readedMaxId: 2 });
    s.engine.refreshPeers();
    expect(s.chat(teamKey)).toMatchObject({ unreadCount: 1, atMe: false });
    expect(s.chat(teamKey)!.messages.map((m) => m.status)).toEqual([
      MessageStatus.READED,
      MessageStatus.READED,
      MessageStatus.SENDED,
    ]);
    // A later pull of messages at or below the position does not count them either.
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    s.groups.set(TEAM, { showName: 'Team', headImage: '', isDnd: false, readedMaxId: 5 });
    s.engine.onConnection('loggedIn');
    s.engine.onGroupFrame(loading(true));
    for (const id of [4, 5, 6]) s.engine.onGroupFrame(groupWire(id));
    s.engine.onGroupFrame(loading(false));
    await s.runTimers(PULL_BATCH_MS);
    expect(s.chat(teamKey)!.unreadCount).toBe(1);
    expect(s.chat(teamKey)!.messages.at(-1)).toMatchObject({ id: 6, status: MessageStatus.SENDED });
  });

  it('a drop mid-pull leaves the group cursor; the next login pulls from the same place', async () => {
    const s = setup();
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 0, groupMaxId: 5 }, [], []);
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onGroupFrame(loading(true));
    s.engine.onGroupFrame(groupWire(9));
    s.engine.onConnection('closed');
    expect(s.engine.groupCursor()).toBe(5);
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    expect(s.groupApi.pullOffline).toHaveBeenLastCalledWith(5);
    for (const id of [6, 9]) s.engine.onGroupFrame(groupWire(id));
    s.engine.onGroupFrame(loading(false));
    expect(s.chat(teamKey)!.messages.map((m) => m.id)).toEqual([6, 9]);
    expect(s.engine.groupCursor()).toBe(9);
  });

  it('frames of both streams that came before the stored chats loaded wait for them', async () => {
    const s = setup();
    const started = s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onGroupFrame(groupWire(3));
    s.engine.onFrame(wire(4));
    await started;
    expect(s.groupApi.pullOffline).toHaveBeenCalledWith(0);
    expect(s.chat(teamKey)!.messages.map((m) => m.id)).toEqual([3]);
    await flushPromises();
  });
});

describe('group sends', () => {
  it('sends text with mentions and a receipt; the reply replaces the entry', async () => {
    const s = await ready();
    await s.engine.sendText(G, TEAM, 'hello @Ann', { atUserIds: [ANN], receipt: true });
    expect(s.groupApi.send).toHaveBeenCalledWith(
      expect.objectContaining({ groupId: TEAM, content: 'hello @Ann', atUserIds: [ANN], receipt: true }),
    );
    const [m] = s.chat(teamKey)!.messages;
    expect(m).toMatchObject({ loadStatus: 'ok', selfSend: true, receipt: true, readedCount: 0, atUserIds: [ANN] });
    expect(s.api.send).not.toHaveBeenCalled();
  });

  it('a failed send is retried with the same mentions and receipt', async () => {
    const s = await ready();
    s.groupApi.send.mockRejectedValueOnce(new Error('down'));
    await s.engine.sendText(G, TEAM, 'x', { atUserIds: [AT_ALL], receipt: true });
    const failed = s.chat(teamKey)!.messages[0]!;
    expect(failed.loadStatus).toBe('fail');
    await s.engine.retry(G, TEAM, `tmp:${failed.tmpId!}`);
    expect(s.groupApi.send).toHaveBeenLastCalledWith(expect.objectContaining({ atUserIds: [AT_ALL], receipt: true }));
    expect(s.chat(teamKey)!.messages[0]!.loadStatus).toBe('ok');
  });

  it('recalls through the group endpoint', async () => {
    const s = await ready();
    await s.engine.sendText(G, TEAM, 'oops');
    const id = s.chat(teamKey)!.messages[0]!.id!;
    await s.engine.recall(G, TEAM, id);
    expect(s.groupApi.recall).toHaveBeenCalledWith(id);
    expect(s.chat(teamKey)!.messages[0]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.self' });
  });

  it('loads older messages from the group history', async () => {
    const s = await ready();
    s.groupApi.history.mockResolvedValueOnce([groupWire(2), groupWire(1)]);
    await s.engine.openChat(G, TEAM);
    expect(s.groupApi.history).toHaveBeenCalledWith(TEAM, 1, 50);
    expect(s.chat(teamKey)!.messages.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('group pull batches', () => {
  it('the batch path gives the same chats as one by one, @ flags included', async () => {
    const { pullHarness } = await import('./pullHarness');
    const frames = [5, 2, 9, 2, 7, 4].map((id) =>
      groupWire(id, {
        groupId: id % 2 === 0 ? 60 : 61,
        sendId: id === 7 ? ME : ANN,
        atUserIds: id === 4 ? [ME] : id === 9 ? [AT_ALL] : [],
      }),
    );
    const one = pullHarness(ME, {});
    for (const f of frames) one.groupIncoming.applyMessage(f, false);
    const batch = pullHarness(ME, {});
    batch.groupIncoming.applyPulled(frames);
    const strip = (chats: ReturnType<typeof one.chats>) =>
      Object.fromEntries(Object.entries(chats).map(([k, c]) => [k, { ...c, openedAt: 0 }]));
    expect(strip(batch.chats())).toEqual(strip(one.chats()));
    expect(batch.chats()['GROUP-60']).toMatchObject({ atMe: true, atAll: false, unreadCount: 2 });
    expect(batch.chats()['GROUP-61']).toMatchObject({ atMe: false, atAll: true, unreadCount: 2 });
  });
});
