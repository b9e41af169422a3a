// The offline queue (issue 11 point 6): typed offline, sent in order with their tmpIds once logged in.
import { describe, expect, it } from 'vitest';
import { MessageType, RuntimeCode } from '@parley/protocol';
import { ANN, BOB, P, ready, flushPromises } from './testEngine';
import { chatKey } from './types';
import { LIVE_RETRY_MS, isTransient } from './outbox';

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

  it('queues a text cut off while the socket still looks up and tries it again after a pause, once', async () => {
    const s = await ready();
    s.api.send.mockRejectedValueOnce(networkError());
    await s.engine.sendText(P, ANN, 'hi');
    expect(s.chat()!.messages[0]!.loadStatus).toBe('queued');
    expect(s.toast).not.toHaveBeenCalled();
    // A later message waits behind it to keep the order; typing it tries the queue at once.
    s.api.send.mockRejectedValueOnce(networkError());
    await s.engine.sendText(P, ANN, 'after');
    expect(s.chat()!.messages.map((m) => m.loadStatus)).toEqual(['queued', 'queued']);
    await s.runTimers(LIVE_RETRY_MS[1]);
    await flushPromises();
    expect(s.api.send.mock.calls.map((c) => c[0].tmpId)).toEqual(['tmp-1', 'tmp-1', 'tmp-1', 'tmp-2']);
    expect(s.chat()!.messages.map((m) => m.loadStatus)).toEqual(['ok', 'ok']);
  });

  it('gives up on a message the server keeps failing while the socket is up: the user retries, later ones go', async () => {
    const s = await ready();
    const answer = s.api.send.getMockImplementation()!;
    s.api.send.mockRejectedValue(Object.assign(new Error('boom'), { code: 500 }));
    await s.engine.sendText(P, ANN, 'hi');
    for (let i = 0; i < LIVE_RETRY_MS.length; i++) await s.runTimers();
    expect(s.api.send).toHaveBeenCalledTimes(LIVE_RETRY_MS.length + 1);
    expect(s.chat()!.messages[0]!.loadStatus).toBe('fail');
    expect(s.toast).toHaveBeenCalledWith('errors.serverBusy');
    s.api.send.mockImplementation(answer);
    await s.engine.sendText(P, ANN, 'after');
    expect(s.chat()!.messages.map((m) => m.loadStatus)).toEqual(['fail', 'ok']);
  });

  it('fails a refused send at once and says why', async () => {
    const s = await ready();
    s.api.send.mockRejectedValueOnce(Object.assign(new Error('You are not friends'), { code: 403 }));
    await s.engine.sendText(P, ANN, 'hi');
    expect(s.chat()!.messages[0]!.loadStatus).toBe('fail');
    expect(s.toast).toHaveBeenCalledWith('You are not friends');
    expect(s.api.send).toHaveBeenCalledTimes(1);
  });

  it('tells a network failure from a refusal', () => {
    expect(isTransient(networkError())).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { code: 400 }))).toBe(false);
    expect(isTransient(new Error('offline'))).toBe(false);
  });
});
