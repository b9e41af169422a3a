// The send pipeline: text, attachments, retry, quote, forward, recall, delete.
import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType, type PrivateMessage } from '@parley/protocol';
import { ME, ANN, BOB, P, wire, ready } from './testEngine';
import { messageKey } from './types';

describe('sending', () => {
  it('shows a sending entry, then replaces it by the server copy', async () => {
    const s = await ready();
    let resolve!: (m: PrivateMessage) => void;
    s.api.send.mockImplementationOnce(
      (req) =>
        new Promise((r) => {
          resolve = (m) => r({ ...m, tmpId: req.tmpId });
        }),
    );
    const sent = s.engine.sendText(P, ANN, 'hello #smile;');
    const entry = s.chat()!.messages[0]!;
    expect(entry).toMatchObject({ tmpId: 'tmp-1', loadStatus: 'sending', selfSend: true, content: 'hello #smile;' });
    expect(s.chat()!.last).toMatchObject({ content: 'hello #smile;' });
    resolve(wire(77, { sendId: ME, recvId: ANN, content: 'hello #smile;' }));
    await sent;
    expect(s.chat()!.messages).toHaveLength(1);
    expect(s.chat()!.messages[0]).toMatchObject({ id: 77, loadStatus: 'ok', tmpId: 'tmp-1' });
    // the same message from the pull is a duplicate
    s.engine.onFrame(wire(77, { sendId: ME, recvId: ANN, tmpId: 'tmp-1' }));
    expect(s.chat()!.messages).toHaveLength(1);
  });

  it('refuses blank text with the catalogue message', async () => {
    const s = await ready();
    await s.engine.sendText(P, ANN, '   ');
    expect(s.api.send).not.toHaveBeenCalled();
    expect(s.toast).toHaveBeenCalledWith('errors.messageBlank');
  });

  it('marks a failed send and sends it again only on retry, with the same tmpId', async () => {
    const s = await ready();
    s.api.send.mockRejectedValueOnce(new Error('offline'));
    await s.engine.sendText(P, ANN, 'hi');
    const failed = s.chat()!.messages[0]!;
    expect(failed.loadStatus).toBe('fail');
    await s.runTimers();
    expect(s.api.send).toHaveBeenCalledTimes(1);
    await s.engine.retry(P, ANN, messageKey(failed));
    expect(s.api.send).toHaveBeenCalledTimes(2);
    expect(s.api.send.mock.calls[1]![0].tmpId).toBe(failed.tmpId);
    expect(s.chat()!.messages[0]!.loadStatus).toBe('ok');
  });

  it('uploads an image with progress, then sends its URLs', async () => {
    const s = await ready();
    const seen: (number | undefined)[] = [];
    const off = s.store.subscribe(() => seen.push(s.chat()?.messages[0]?.progress));
    await s.engine.sendAttachment(P, ANN, { kind: 'image', file: new File(['x'], 'a.png') });
    off();
    expect(seen).toContain(0.5);
    const req = s.api.send.mock.calls[0]![0];
    expect(req.type).toBe(MessageType.IMAGE);
    expect(JSON.parse(req.content)).toEqual({
      originUrl: '/uploads/o.png',
      thumbUrl: '/uploads/t.png',
      width: 10,
      height: 20,
    });
    expect(s.chat()!.messages[0]!.loadStatus).toBe('ok');
  });

  it('a failed upload is not retried automatically; retry uploads again', async () => {
    const s = await ready();
    s.upload.file.mockRejectedValueOnce(new Error('network'));
    await s.engine.sendAttachment(P, ANN, { kind: 'voice', blob: new Blob(['x']), durationSec: 3.4 });
    const failed = s.chat()!.messages[0]!;
    expect(failed).toMatchObject({ loadStatus: 'fail', type: MessageType.AUDIO });
    expect(s.toast).toHaveBeenCalledWith('errors.fileSendFailed');
    await s.runTimers();
    expect(s.upload.file).toHaveBeenCalledTimes(1);
    expect(s.api.send).not.toHaveBeenCalled();
    await s.engine.retry(P, ANN, messageKey(failed));
    expect(s.upload.file).toHaveBeenCalledTimes(2);
    expect(s.upload.file.mock.calls[1]![1]).toBe(`${new Date().getDate()}.mp3`);
    expect(JSON.parse(s.api.send.mock.calls[0]![0].content)).toEqual({ duration: 3, url: '/uploads/f/a.mp3' });
  });

  it('quotes by id, forwards a copy per target, recalls and deletes locally', async () => {
    const s = await ready();
    s.engine.onFrame(wire(5));
    await s.engine.sendText(P, ANN, 'answer', { quoteMessageId: 5 });
    expect(s.api.send.mock.calls[0]![0].quoteMessageId).toBe(5);
    expect(s.chat()!.messages[1]!.quoteMessage).toMatchObject({ id: 5, content: 'm5' });

    const original = s.chat()!.messages[0]!;
    await s.engine.forward(original, [
      { type: P, targetId: BOB },
      { type: P, targetId: 9 },
    ]);
    const forwards = s.api.send.mock.calls.slice(1).map(([req]) => req);
    expect(forwards.map((r) => r.recvId)).toEqual([BOB, 9]);
    expect(new Set(forwards.map((r) => r.tmpId)).size).toBe(2);
    expect(forwards.every((r) => r.content === 'm5')).toBe(true);

    const own = s.chat()!.messages[1]!;
    await s.engine.recall(P, ANN, own.id!);
    expect(s.chat()!.messages[1]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.self' });
    expect(s.chat()!.last).toMatchObject({ type: MessageType.RECALL, selfSend: true });

    await s.engine.deleteMessage(P, ANN, messageKey(original));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([own.id]);
    // history does not bring a deleted message back
    s.api.history.mockResolvedValueOnce([wire(5), wire(4)]);
    await s.engine.loadOlder(P, ANN);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([4, own.id]);
    expect(s.chat()!.hasMore).toBe(false);
  });
});
