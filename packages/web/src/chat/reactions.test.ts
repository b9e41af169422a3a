// REACTION (14) messages: the message shows the notice's full summary when newer; the author's preview names it.
import { describe, expect, it } from 'vitest';
import { MessageType, type ReactionNotice } from '@parley/protocol';
import { plainText } from '../i18n/isolate';
import { PULL_BATCH_MS } from './engine';
import { previewSegments } from './preview';
import { ANN, BOB, G, ME, P, TEAM, groupWire, loading, ready, teamKey, wire } from './testEngine';

const notice = (n: ReactionNotice) => JSON.stringify(n);
const thumbs = (userIds: number[]) => ({ emoji: '👍', count: userIds.length, userIds });
const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;

describe('private reactions', () => {
  it('a newer notice replaces the summary, an older one changes nothing; counts and cursor as for an edit', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1, { sendId: ME, recvId: ANN, content: 'lunch?' }));
    const unread = s.chat()!.unreadCount;
    s.engine.onFrame(
      wire(2, {
        type: MessageType.REACTION,
        content: notice({
          id: 1,
          author: ME,
          reactTime: 20,
          reactions: [thumbs([ANN, ME])],
          last: { userId: ANN, emoji: '👍' },
        }),
      }),
    );
    // An older notice (a stale live frame) never brings back what was taken off.
    s.engine.onFrame(
      wire(3, {
        type: MessageType.REACTION,
        content: notice({ id: 1, author: ME, reactTime: 10, reactions: [thumbs([ANN])] }),
      }),
    );
    const c = s.chat()!;
    expect(c.messages.map((m) => [m.id, m.reactions, m.reactTime, m.myReaction])).toEqual([
      [1, [thumbs([ANN, ME])], 20, '👍'],
    ]);
    expect(c.unreadCount).toBe(unread);
    expect(s.engine.cursor()).toBe(3);
    // The author's preview: Ann reacted 👍 to my text, names and text as user parts.
    expect(c.last).toMatchObject({ type: MessageType.REACTION, reaction: { name: 'Ann', emoji: '👍' } });
    expect(previewSegments(c.last, 'Ann', t).at(-1)).toEqual({ user: 'lunch?' });
    expect(
      plainText(
        previewSegments(c.last, 'Ann', (k, o) =>
          k === 'chat.preview.reacted' ? `${String(o?.name)} reacted ${String(o?.emoji)} to: ` : k,
        ),
      ),
    ).toBe('Ann reacted 👍 to: lunch?');
  });

  it('a reaction taken off takes its preview back to the newest message; a reactor past the named ones keeps it', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1, { sendId: ME, recvId: ANN, content: 'lunch?' }));
    const react = (id: number, reactTime: number, reactions: ReactionNotice['reactions'], withLast: boolean) =>
      s.engine.onFrame(
        wire(id, {
          type: MessageType.REACTION,
          content: notice({
            id: 1,
            author: ME,
            reactTime,
            reactions,
            ...(withLast ? { last: { userId: ANN, emoji: '👍' } } : {}),
          }),
        }),
      );
    react(2, 20, [thumbs([ANN])], true);
    expect(s.chat()!.last).toMatchObject({ type: MessageType.REACTION, reaction: { messageId: 1, userId: ANN } });
    // A chip that names only its 20 newest reactors: Ann may be among the rest, so the preview stays.
    react(3, 30, [{ emoji: '👍', count: 25, userIds: [ME] }], false);
    expect(s.chat()!.last?.type).toBe(MessageType.REACTION);
    // Taken off: the chat's newest message shows again.
    react(4, 40, [], false);
    expect(s.chat()!.last).toMatchObject({ type: MessageType.TEXT, content: 'lunch?' });
  });

  it('a pulled message carries its summary; a removal empties it; a recall clears it for good', async () => {
    const s = await ready();
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(11, { reactions: [thumbs([ME])], reactTime: 30 }));
    s.engine.onFrame(
      wire(12, {
        type: MessageType.REACTION,
        content: notice({ id: 11, author: ANN, reactTime: 30, reactions: [thumbs([ME])] }),
      }),
    );
    await s.runTimers(PULL_BATCH_MS);
    s.engine.onFrame(loading(false));
    expect(s.chat()!.messages.map((m) => [m.id, m.myReaction, m.reactTime])).toEqual([[11, '👍', 30]]);
    // My reply shows at once; the notice of my removal follows.
    await s.engine.react(P, ANN, 11, null);
    expect(s.chat()!.messages[0]).toMatchObject({ reactions: undefined, myReaction: null });
    s.engine.onFrame(
      wire(13, {
        type: MessageType.REACTION,
        sendId: ME,
        recvId: ANN,
        content: notice({ id: 11, author: ANN, reactTime: 40, reactions: [] }),
      }),
    );
    expect(s.chat()!.messages[0]).toMatchObject({ reactions: undefined, reactTime: 40, myReaction: null });
    // Reactions of another's message do not become my preview.
    expect(s.chat()!.last?.type).not.toBe(MessageType.REACTION);
    s.engine.onFrame(wire(14, { type: MessageType.RECALL, content: '11' }));
    s.engine.onFrame(
      wire(15, {
        type: MessageType.REACTION,
        content: notice({ id: 11, author: ANN, reactTime: 50, reactions: [thumbs([BOB])] }),
      }),
    );
    expect(s.chat()!.messages[0]).toMatchObject({ reactions: undefined });
  });
});

describe('group reactions', () => {
  it('my chip stays mine when the chip names only the 20 most recent; the preview names the member', async () => {
    const s = await ready();
    s.engine.onGroupFrame(groupWire(1, { sendId: ME, sendNickName: 'Me', content: 'party?' }));
    await s.engine.react(G, TEAM, 1, '👍');
    expect(s.chat(teamKey)!.messages[0]!.myReaction).toBe('👍');
    const others = Array.from({ length: 20 }, (_, i) => 100 + i);
    s.engine.onGroupFrame(
      groupWire(2, {
        type: MessageType.REACTION,
        sendId: 100,
        sendNickName: 'Zoe',
        content: notice({
          id: 1,
          author: ME,
          reactTime: 5,
          reactions: [{ emoji: '👍', count: 21, userIds: others }],
          last: { userId: 100, emoji: '👍' },
        }),
      }),
    );
    const c = s.chat(teamKey)!;
    expect(c.messages[0]).toMatchObject({ myReaction: '👍', reactTime: 5 });
    expect(c.last).toMatchObject({ reaction: { name: 'Zoe', emoji: '👍' } });
    expect(c.unreadCount).toBe(0);
    // A reaction to an older message of mine this device does not hold: "… to your message".
    s.engine.onGroupFrame(
      groupWire(3, {
        type: MessageType.REACTION,
        sendId: 101,
        sendNickName: 'Yan',
        content: notice({
          id: 0,
          author: ME,
          reactTime: 7,
          reactions: [thumbs([101])],
          last: { userId: 101, emoji: '👍' },
        }),
      }),
    );
    const older = s.chat(teamKey)!.last;
    expect(older).toMatchObject({ reaction: { name: 'Yan', emoji: '👍' } });
    expect(older?.reactedTo).toBeUndefined();
    expect(previewSegments(older, 'Team', t)[0]).toMatch(/^chat\.preview\.reactedMine/);
  });
});
