// Issue 22 point 8 in the chat engine: a preview's batch in order with the caption in the
// first item, a voice message's waveform in its content, and the unplayed mark kept here.
import { describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import { ANN, ME, P, ready, wire } from './testEngine';
import { messageKey } from './types';

describe('a preview batch', () => {
  it('shows and sends the items in order, the caption and the quote with the first only', async () => {
    const s = await ready();
    s.engine.onFrame(wire(5));
    // The first upload answers last: its send still goes first.
    let releaseFirst!: () => void;
    const first = new Promise<void>((r) => (releaseFirst = r));
    s.upload.image.mockImplementationOnce(async () => {
      await first;
      return { originUrl: '/uploads/o.png', thumbUrl: '/uploads/t.png', width: 10, height: 20 };
    });
    const sent = s.engine.sendAttachments(
      P,
      ANN,
      [
        { kind: 'image', file: new File(['x'], 'a.png'), caption: 'Two #smile;' },
        { kind: 'file', file: new File(['yy'], 'b.txt') },
        { kind: 'image', file: new File(['z'], 'c.png') },
      ],
      { quoteMessageId: 5 },
    );
    await new Promise((r) => setTimeout(r, 0));
    const shown = s.chat()!.messages.filter((m) => m.selfSend);
    expect(shown.map((m) => m.type)).toEqual([MessageType.IMAGE, MessageType.FILE, MessageType.IMAGE]);
    expect(JSON.parse(shown[0]!.content).caption).toBe('Two #smile;');
    expect(s.api.send).not.toHaveBeenCalled();
    releaseFirst();
    await sent;
    const reqs = s.api.send.mock.calls.map(([req]) => req);
    expect(reqs.map((r) => r.type)).toEqual([MessageType.IMAGE, MessageType.FILE, MessageType.IMAGE]);
    expect(reqs.map((r) => JSON.parse(r.content).caption)).toEqual(['Two #smile;', undefined, undefined]);
    expect(reqs.map((r) => r.quoteMessageId)).toEqual([5, undefined, undefined]);
    expect(JSON.parse(reqs[1]!.content)).toEqual({ name: 'b.txt', size: 2, url: '/uploads/f/a.mp3' });
  });

  it('a blank caption is not sent; a voice message carries its waveform', async () => {
    const s = await ready();
    await s.engine.sendAttachments(P, ANN, [{ kind: 'image', file: new File(['x'], 'a.png'), caption: '  ' }]);
    expect(JSON.parse(s.api.send.mock.calls[0]![0].content)).not.toHaveProperty('caption');
    await s.engine.sendAttachment(P, ANN, { kind: 'voice', blob: new Blob(['x']), durationSec: 2, waveform: [1, 31] });
    expect(JSON.parse(s.api.send.mock.calls[1]![0].content)).toEqual({
      duration: 2,
      url: '/uploads/f/a.mp3',
      waveform: [1, 31],
    });
  });
});

describe('the unplayed mark', () => {
  it('a received voice message is marked played on this device and stays so', async () => {
    const s = await ready();
    const audio = JSON.stringify({ duration: 3, url: '/uploads/files/x.mp3' });
    s.engine.onFrame(wire(7, { type: MessageType.AUDIO, content: audio }));
    s.engine.onFrame(wire(8, { type: MessageType.AUDIO, content: audio, sendId: ME, recvId: ANN }));
    const [theirs, mine] = s.chat()!.messages.filter((m) => m.type === MessageType.AUDIO);
    await s.engine.markPlayed(P, ANN, messageKey(theirs!));
    await s.engine.markPlayed(P, ANN, messageKey(mine!));
    const after = () => s.chat()!.messages.filter((m) => m.type === MessageType.AUDIO);
    expect(after().map((m) => m.played)).toEqual([true, undefined]);
    // the same message again (a pull) keeps what this device knows
    s.engine.onFrame(wire(7, { type: MessageType.AUDIO, content: audio }));
    expect(after()[0]!.played).toBe(true);
    expect(s.saveSpy).toHaveBeenCalled();
  });
});
