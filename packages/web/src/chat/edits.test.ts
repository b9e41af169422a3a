// EDIT (13) messages: the edited message keeps its place with the new content and edit time.
import { describe, expect, it } from 'vitest';
import { MessageType, type EditNotice } from '@parley/protocol';
import { PULL_BATCH_MS } from './engine';
import { ANN, BOB, G, ME, P, TEAM, groupWire, loading, ready, teamKey, wire } from './testEngine';

const notice = (n: EditNotice) => JSON.stringify(n);

describe('private edits', () => {
  it('a link preview stays while the edited text keeps its link and goes when the link is taken out', async () => {
    const s = await ready();
    const linkPreview = { url: 'https://example.com/a', title: 'A', description: '', siteName: 'example.com' };
    s.engine.onFrame(wire(1, { content: 'see https://example.com/a', linkPreview }));
    expect(s.chat()!.messages[0]!.linkPreview).toEqual(linkPreview);
    s.engine.onFrame(
      wire(2, { type: MessageType.EDIT, content: notice({ id: 1, content: 'https://example.com/a !', editTime: 5 }) }),
    );
    expect(s.chat()!.messages[0]!.linkPreview).toEqual(linkPreview);
    s.engine.onFrame(wire(3, { type: MessageType.EDIT, content: notice({ id: 1, content: 'no link', editTime: 6 }) }));
    expect(s.chat()!.messages[0]).toMatchObject({ content: 'no link', editTime: 6 });
    expect(s.chat()!.messages[0]!.linkPreview).toBeUndefined();
  });

  it('a live EDIT replaces the text in place, updates quotes and the preview, counts nothing and moves the cursor', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.onFrame(
      wire(2, { sendId: ME, recvId: ANN, quoteMessage: { id: 1, sendId: ANN, type: 0, content: 'm1', status: 1 } }),
    );
    s.engine.onFrame(wire(3));
    const unread = s.chat()!.unreadCount;
    s.engine.onFrame(wire(4, { type: MessageType.EDIT, content: notice({ id: 3, content: 'fixed', editTime: 50 }) }));
    s.engine.onFrame(
      wire(5, { type: MessageType.EDIT, content: notice({ id: 1, content: 'm1 fixed', editTime: 60 }) }),
    );
    const c = s.chat()!;
    expect(c.messages.map((m) => [m.id, m.content, m.editTime])).toEqual([
      [1, 'm1 fixed', 60],
      [2, 'm2', undefined],
      [3, 'fixed', 50],
    ]);
    expect(c.messages[1]!.quoteMessage?.content).toBe('m1 fixed');
    expect(c.last).toMatchObject({ content: 'fixed' });
    expect(c.unreadCount).toBe(unread);
    expect(s.engine.cursor()).toBe(5);
  });

  it('the last edit by server order wins: an older EDIT after a newer state changes nothing, also in a pull', async () => {
    const s = await ready();
    s.engine.onFrame(loading(true));
    // The pull brings the message as it is now (edited twice), then both EDIT messages.
    s.engine.onFrame(wire(11, { content: 'two', editTime: 20 }));
    s.engine.onFrame(wire(12, { type: MessageType.EDIT, content: notice({ id: 11, content: 'one', editTime: 10 }) }));
    s.engine.onFrame(wire(13, { type: MessageType.EDIT, content: notice({ id: 11, content: 'two', editTime: 20 }) }));
    await s.runTimers(PULL_BATCH_MS);
    s.engine.onFrame(loading(false));
    expect(s.chat()!.messages.map((m) => [m.id, m.content, m.editTime])).toEqual([[11, 'two', 20]]);
    expect(s.engine.cursor()).toBe(13);
  });
});

describe('group edits', () => {
  it('applies the new text; a mention the edit added raises the @ mark', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1, { atUserIds: [BOB] }));
    expect(s.chat(teamKey)).toMatchObject({ atMe: false });
    const edit = (id: number, content: string, editTime: number, atUserIds: number[], sendId = ANN) =>
      groupWire(id, { type: MessageType.EDIT, sendId, atUserIds, content: notice({ id: 1, content, editTime }) });
    s.engine.onGroupFrame(edit(2, '@bob @me', 10, [ME]));
    const c = s.chat(teamKey)!;
    expect(c.messages.map((m) => [m.id, m.content, m.editTime])).toEqual([[1, '@bob @me', 10]]);
    expect(c.messages[0]!.atUserIds).toEqual([BOB, ME]);
    expect(c).toMatchObject({ atMe: true, atAll: false });
  });
});

describe('the edit action', () => {
  it('PUTs the edit and applies the reply EDIT like a frame; a later frame of the same EDIT changes nothing', async () => {
    const s = await ready();
    await s.engine.sendText(P, ANN, 'helo');
    const id = s.chat()!.messages[0]!.id!;
    s.tick(1_000);
    await s.engine.edit(P, ANN, id, 'hello');
    expect(s.api.edit).toHaveBeenCalledWith(id, 'hello');
    const edited = s.chat()!.messages[0]!;
    expect(edited).toMatchObject({ id, content: 'hello' });
    expect(edited.editTime).toBeGreaterThan(edited.sendTime);
    expect(s.chat()!.last).toMatchObject({ content: 'hello' });
    // the same EDIT pushed to this terminal afterwards is the same state
    const before = s.chat()!;
    const frame = await s.api.edit.mock.results[0]!.value;
    s.engine.onFrame(frame);
    expect(s.chat()).toBe(before);
  });

  it('a group edit sends the mentions of the new text; a refusal rejects and changes nothing', async () => {
    const s = await ready();
    await s.engine.sendText(G, TEAM, 'hi');
    const id = s.chat(teamKey)!.messages[0]!.id!;
    s.tick(1_000);
    await s.engine.edit(G, TEAM, id, 'hi @Ann', [ANN]);
    expect(s.groupApi.edit).toHaveBeenCalledWith(id, 'hi @Ann', [ANN]);
    expect(s.chat(teamKey)!.messages[0]).toMatchObject({ content: 'hi @Ann', atUserIds: [ANN] });
    // my own edit does not raise my @ mark
    expect(s.chat(teamKey)).toMatchObject({ atMe: false, atAll: false });

    s.groupApi.edit.mockRejectedValueOnce(new Error('editUnchanged'));
    const before = s.chat(teamKey);
    await expect(s.engine.edit(G, TEAM, id, 'hi @Ann', [ANN])).rejects.toThrow('editUnchanged');
    expect(s.chat(teamKey)).toBe(before);
  });
});
