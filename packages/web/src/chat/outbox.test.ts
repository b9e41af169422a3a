// The offline queue (issue 11 point 6): typed offline, sent in order with their tmpIds once logged in.
import { describe, expect, it } from 'vitest';
import { MessageType, RuntimeCode } from '@parley/protocol';
import { ANN, BOB, P, ready, flushPromises } from './testEngine';
import { chatKey } from './types';
import { isTransient } from './outbox';

const networkError = () => Object.assign(new Error('network error'), { code: RuntimeCode.NETWORK_FAILURE });

describe('offline queue', () => {
  it('queues text and cards while the socket is down and sends them in order after login', async () => {
    const s = await ready();
    s.engine.onConnection('closed');
    await s.engine.sendText(P, ANN, 'one');
    await s.engine.sendCard(P, BOB, {
      cover: '/uploads/2026/01/0123456789abcdef0123456789abcdef.png',
      title: 'Zoe',
      description: '',
      link: '',
    });
    s.tick(1);
    await s.engine.sendText(P, ANN, 'two');
    expect(s.api.send).not.toHaveBeenCalled();
    const ann = s.store.get().chats[chatKey({ type: P, targetId: ANN })]!;
    expect(ann.messages.map((m) => m.loadStatus)).toEqual(['queued', 'queued']);
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    await flushPromises();
    await flushPromises();
    const sent = s.api.send.mock.calls.map((c) => c[0]);
    expect(sent.map((r) => r.type)).toEqual([MessageType.TEXT, MessageType.CARD, MessageType.TEXT]);
    expect(sent.map((r) => r.tmpId)).toEqual(['tmp-1', 'tmp-2', 'tmp-3']);
    expect(s.store.get().chats[chatKey({ type: P, targetId: ANN })]!.messages.map((m) => m.loadStatus)).toEqual([
      'ok',
      'ok',
    ]);
  });

  it('puts a text cut off by the connection going down back in the queue and sends it once on the next login', async () => {
    const s = await ready();
    s.api.send.mockImplementationOnce(() => {
      s.engine.onConnection('closed');
      return Promise.reject(networkError());
    });
    await s.engine.sendText(P, ANN, 'hi');
    expect(s.chat()!.messages[0]!.loadStatus).toBe('queued');
    // A later message waits behind it to keep the order.
    await s.engine.sendText(P, ANN, 'after');
    s.engine.onConnection('loggedIn');
    await flushPromises();
    await flushPromises();
    const tmpIds = s.api.send.mock.calls.map((c) => c[0].tmpId);
    expect(tmpIds).toEqual(['tmp-1', 'tmp-1', 'tmp-2']);
    expect(s.chat()!.messages.map((m) => m.loadStatus)).toEqual(['ok', 'ok']);
  });

  it('marks a failure while the socket stays up: the user retries, later messages are not held', async () => {
    const s = await ready();
    s.api.send.mockRejectedValueOnce(networkError());
    await s.engine.sendText(P, ANN, 'hi');
    expect(s.chat()!.messages[0]!.loadStatus).toBe('fail');
    await s.engine.sendText(P, ANN, 'after');
    expect(s.chat()!.messages.map((m) => m.loadStatus)).toEqual(['fail', 'ok']);
  });

  it('tells a network failure from a refusal', () => {
    expect(isTransient(networkError())).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { code: 400 }))).toBe(false);
    expect(isTransient(new Error('offline'))).toBe(false);
  });
});
