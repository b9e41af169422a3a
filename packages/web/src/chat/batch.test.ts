// The offline pull's batch path: the same result as applying the messages one by one.
import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType, type PrivateMessage } from '@parley/protocol';
import { PULL_BATCH_MAX } from './sync';
import { withTimeTips } from './messages';
import { pullHarness } from './pullHarness';
import { blankChat, type ChatRecord } from './state';
import { ANN, BOB, ME, P, annKey, loading, ready, wire } from './testEngine';
import { chatKey, type ChatMessage } from './types';

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const held = (id: number, from: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  type: MessageType.TEXT,
  content: `m${id}`,
  sendId: from,
  recvId: from === ME ? ANN : ME,
  sendTime: id * 60_000,
  status: MessageStatus.SENDED,
  selfSend: from === ME,
  loadStatus: 'ok',
  ...patch,
});

/** Ann's chat: held ids and a pending own send; Bob's: a failed send and a deleted id; 4 and 7 are new. */
function initialChats(): Record<string, ChatRecord> {
  const ann = blankChat(P, ANN, { showName: 'Ann', headImage: '' });
  ann.messages = [held(3, ANN), held(9, ME), held(20, ANN), { ...held(0, ME), id: undefined, tmpId: 'own' }];
  ann.unreadCount = 2;
  ann.lastSendTime = 20 * 60_000;
  const bob = blankChat(P, BOB, undefined);
  bob.messages = [held(5, BOB), { ...held(0, ME), id: undefined, tmpId: 'failed', loadStatus: 'fail' }, held(15, BOB)];
  bob.deletedIds = [12];
  return { [annKey]: ann, [chatKey({ type: P, targetId: BOB })]: bob };
}

/** A pull in a shuffled order: ids 1-40 over four peers, some twice, some recalled or read; 25 is the pending send. */
function pulledFrames(rand: () => number): PrivateMessage[] {
  const peers = [ANN, BOB, 4, 7];
  const frames: PrivateMessage[] = [];
  for (let id = 1; id <= 40; id++) {
    const peer = id === 25 ? ANN : peers[Math.floor(rand() * peers.length)]!;
    const own = id === 25 || rand() < 0.25;
    const r = rand();
    const status = r < 0.1 ? MessageStatus.RECALL : r < 0.2 ? MessageStatus.READED : MessageStatus.SENDED;
    const type = rand() < 0.1 ? MessageType.TIP_TEXT : MessageType.TEXT;
    // Close send times (ties included) so time tips and the last message depend on the order.
    const m = wire(id, {
      sendId: own ? ME : peer,
      recvId: own ? peer : ME,
      status,
      type,
      sendTime: ((id + 3) >> 2) * 200_000,
    });
    if (id === 25) m.tmpId = 'own';
    frames.push(m);
    if (rand() < 0.3) frames.push({ ...m, status: rand() < 0.5 ? MessageStatus.RECALL : MessageStatus.READED });
  }
  for (let i = frames.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [frames[i], frames[j]] = [frames[j]!, frames[i]!];
  }
  return frames;
}

describe('offline pull batches', () => {
  for (const seed of [1, 2, 3, 42, 1234, 99_999]) {
    for (const openKey of [null, annKey]) {
      it(`merges a shuffled pull like one by one (seed ${seed}, ${openKey ? 'Ann open' : 'none open'})`, () => {
        const frames = pulledFrames(random(seed));
        const one = pullHarness(ME, initialChats(), openKey);
        for (const f of frames) one.incoming.applyMessage(f, false);
        const batch = pullHarness(ME, initialChats(), openKey);
        batch.incoming.applyPulled(frames.slice(0, 17));
        batch.incoming.applyPulled(frames.slice(17));
        expect(batch.chats()).toEqual(one.chats());
        expect(Object.keys(batch.chats()).sort()).toEqual(Object.keys(one.chats()).sort());
        for (const [key, c] of Object.entries(one.chats())) {
          expect(withTimeTips(batch.chats()[key]!.messages)).toEqual(withTimeTips(c.messages));
          expect(batch.chats()[key]!.unreadCount).toBe(c.unreadCount);
        }
        expect(new Set(batch.reads)).toEqual(new Set(one.reads));
        const ann = batch.chats()[annKey]!;
        expect(ann.messages.some((m) => m.tmpId === 'own' && m.id === undefined)).toBe(false);
        expect(ann.messages.filter((m) => m.id === 25)).toHaveLength(1);
      });
    }
  }

  it('a batch with nothing new leaves the store alone', () => {
    const h = pullHarness(ME, initialChats());
    const before = h.store.get();
    h.incoming.applyPulled([wire(3), wire(12, { sendId: BOB }), wire(15, { sendId: BOB })]);
    expect(h.store.get()).toBe(before);
  });

  it('applies a recall that comes mid-pull to the message held back', async () => {
    const s = await ready();
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(30, { quoteMessage: undefined }));
    s.engine.onFrame(wire(31));
    s.engine.onFrame(wire(32, { type: MessageType.RECALL, content: '30' }));
    const c = s.chat()!;
    expect(c.messages.map((m) => [m.id, m.status])).toEqual([
      [30, MessageStatus.RECALL],
      [31, MessageStatus.SENDED],
    ]);
    expect(c.unreadCount).toBe(1);
    expect(s.engine.cursor()).toBe(0);
    s.engine.onFrame(loading(false));
    expect(s.engine.cursor()).toBe(32);
  });

  it('a READED frame mid-pull clears what was held back before it', async () => {
    const s = await ready();
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(40));
    s.engine.onFrame({ ...wire(0), id: undefined, type: MessageType.READED, sendId: ME, recvId: ANN });
    s.engine.onFrame(wire(41));
    s.engine.onFrame(loading(false));
    expect(s.chat()!.unreadCount).toBe(1);
    expect(s.chat()!.messages.map((m) => m.status)).toEqual([MessageStatus.READED, MessageStatus.SENDED]);
  });

  it('shows a long pull in batches; the cursor waits for LOADING false', async () => {
    const s = await ready();
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    const total = PULL_BATCH_MAX + 120;
    for (let id = total; id >= 1; id--) s.engine.onFrame(wire(id));
    expect(s.chat()!.messages).toHaveLength(PULL_BATCH_MAX);
    expect(s.engine.cursor()).toBe(0);
    await s.runTimers(100);
    expect(s.chat()!.messages).toHaveLength(total);
    expect(s.chat()!.unreadCount).toBe(total);
    expect(s.engine.cursor()).toBe(0);
    s.engine.onFrame(loading(false));
    expect(s.engine.cursor()).toBe(total);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });
});
