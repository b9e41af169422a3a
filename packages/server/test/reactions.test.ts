/**
 * Reactions (issue 21 point 2): set, toggle, switch and take off; the REACTION (14)
 * notice with the full summary on every terminal, once, live and in the offline pull;
 * history carries the summary; refusals change nothing; a recall clears reactions; a
 * group burst is coalesced (far fewer frames than reactions, the final state exact);
 * the flusher's crash safety is in reactions-flusher.test.ts.
 * Real clock: the coalescing window runs on timers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MessageType,
  REACTION_EMOJI_MAX,
  REACTION_USER_IDS_MAX,
  ServerErrors,
  parseReactionNotice,
  type GroupMessage,
  type PrivateMessage,
  type ReactionNotice,
  type ServerErrorKey,
} from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { closeAll, friendPair, sendBody, sockets, typeFrame, type TwoTerminalUser } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';
import { groupReaction, makeGroup as makeGroupOf, noticeOf, privateReaction, tok } from './support/reactions.js';

const WINDOW_MS = 400;
let ts: TestServer;
let client: ApiClient;
const pairs: TwoTerminalUser[] = [];
const opened: TestSocket[] = [];

beforeAll(async () => {
  ts = await startServer({ reactionCoalesceMs: WINDOW_MS, reactionSweepMs: 200 });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  closeAll(...pairs);
  for (const s of opened) s.close();
  await ts?.close();
});

const pair = async () => {
  const p = await friendPair(ts, client);
  pairs.push(...p);
  return p;
};
const connect = async (u: TestUser) => {
  const s = await TestSocket.login(ts.wsUrl, tok(u));
  opened.push(s);
  return s;
};
const reactPrivate = (u: TestUser, id: number, emoji: string | null) =>
  client.ok('privateReact', { token: tok(u), params: { id }, body: { emoji } });
const reactGroup = (u: TestUser, id: number, emoji: string | null) =>
  client.ok('groupReact', { token: tok(u), params: { id }, body: { emoji } });
const makeGroup = (n: number) => makeGroupOf(client, n);

async function refused(name: 'privateReact' | 'groupReact', u: TestUser, key: ServerErrorKey, opts: CallOptions) {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(u), ...opts });
  expect([res.status, res.body.key], JSON.stringify(res.body)).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(ts)).toBe(before);
}

describe('private reactions', () => {
  it('set, toggle, switch and take off: each change is one REACTION notice with the full summary on all four terminals', async () => {
    const [a, b] = await pair();
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'lunch?') });
    for (const s of [a.appSocket, b.webSocket, b.appSocket])
      await s.next((f) => (f.data as PrivateMessage).id === msg.id);

    const on = await reactPrivate(b, msg.id, '👍');
    expect(on).toEqual({ id: msg.id, reactions: [{ emoji: '👍', count: 1, userIds: [b.id] }], mine: '👍' });
    const first: ReactionNotice[] = [];
    for (const s of sockets(a, b)) {
      const f = await s.next(privateReaction(msg.id));
      expect([(f.data as PrivateMessage).sendId, (f.data as PrivateMessage).recvId]).toEqual([b.id, a.id]);
      first.push(noticeOf(f));
    }
    expect(new Set(first.map((n) => JSON.stringify(n))).size).toBe(1);
    expect(first[0]).toEqual({
      id: msg.id,
      author: a.id,
      reactTime: expect.any(Number),
      reactions: on.reactions,
      last: { userId: b.id, emoji: '👍' },
    });

    // Both react with the same emoji: one chip, two people, most recent first.
    const both = await reactPrivate(a, msg.id, '👍');
    expect(both.reactions).toEqual([{ emoji: '👍', count: 2, userIds: [a.id, b.id] }]);
    // The same emoji again takes it off; another switches; null takes it off.
    expect((await reactPrivate(b, msg.id, '👍')).mine).toBeNull();
    expect((await reactPrivate(b, msg.id, '😂')).reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [a.id] },
      { emoji: '😂', count: 1, userIds: [b.id] },
    ]);
    const off = await reactPrivate(a, msg.id, null);
    expect(off).toEqual({ id: msg.id, reactions: [{ emoji: '😂', count: 1, userIds: [b.id] }], mine: null });
    // Taking off what is not there changes nothing and stores nothing.
    const before = await snapshotState(ts);
    expect((await reactPrivate(a, msg.id, null)).mine).toBeNull();
    expect(await snapshotState(ts)).toBe(before);

    // Four changes after the first: four more notices, reactTime strictly increasing; a removal names no `last`.
    for (const s of sockets(a, b)) {
      const times = [first[0]!.reactTime];
      for (let i = 0; i < 4; i++) times.push(noticeOf(await s.next(privateReaction(msg.id))).reactTime);
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      expect(new Set(times).size).toBe(5);
      expect(await s.quiet(100, privateReaction(msg.id))).toBe(true);
    }

    // History carries the summary as of the last notice.
    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id, size: 10 } });
    const stored = history.find((m) => m.id === msg.id)!;
    expect(stored.reactions).toEqual(off.reactions);
    const notices = history.filter((m) => m.type === MessageType.REACTION).map((m) => parseReactionNotice(m.content)!);
    expect(notices.at(0)).toMatchObject({ reactions: off.reactions, reactTime: stored.reactTime });
    expect(notices.at(0)!.last).toBeUndefined();

    // An offline terminal pulls each notice once, in id order, after the message.
    b.appSocket.frames.length = 0;
    await client.ok('privatePullOffline', { token: b.app, query: { minId: msg.id - 1 } });
    await b.appSocket.next((f) => typeFrame(MessageType.LOADING)(f) && (f.data as PrivateMessage).content === 'false');
    const pulled = b.appSocket.frames.filter(privateReaction(msg.id)).map((f) => (f.data as PrivateMessage).id);
    expect(pulled).toEqual(
      history
        .filter((m) => m.type === MessageType.REACTION)
        .map((m) => m.id)
        .reverse(),
    );
  });

  it('who reacted: public fields, newest first, filtered by emoji', async () => {
    const [a, b] = await pair();
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'vote') });
    await reactPrivate(a, msg.id, '🙏');
    await reactPrivate(b, msg.id, '❤️');
    const all = await client.ok('privateReactions', { token: a.web, query: { id: msg.id } });
    expect(all.more).toBe(false);
    expect(all.reactors.map((r) => [r.userId, r.nickName, r.emoji])).toEqual([
      [b.id, 'Bob', '❤️'],
      [a.id, 'Alice', '🙏'],
    ]);
    expect(Object.keys(all.reactors[0]!).sort()).toEqual(
      ['emoji', 'headImage', 'headImageThumb', 'nickName', 'time', 'userId'].sort(),
    );
    const hearts = await client.ok('privateReactions', { token: b.web, query: { id: msg.id, emoji: '❤️' } });
    expect(hearts.reactors.map((r) => r.userId)).toEqual([b.id]);
  });

  it('refusals change nothing: not one emoji, not a reactable message, recalled, no longer friends', async () => {
    const [a, b] = await pair();
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'hi') });
    for (const emoji of ['a', '👍👍', '', ' 👍', '👍 ', ':)', '#thumbsUp;', '\u200d', '1']) {
      const res = await client.call('privateReact', { token: b.web, params: { id: msg.id }, body: { emoji } });
      expect([res.status, res.body.key, res.body.params?.field], emoji).toEqual([400, 'reactionEmojiInvalid', 'emoji']);
    }
    // Sequences are one emoji: a skin tone, a ZWJ family, a flag, a keycap.
    for (const emoji of ['👍🏽', '👩‍👩‍👧', '🇯🇵', '1️⃣']) {
      expect((await reactPrivate(b, msg.id, emoji)).mine).toBe(emoji);
    }
    await reactPrivate(b, msg.id, null);

    // A reaction notice is no message to react to.
    const [notice] = await client.ok('privateHistory', { token: a.web, query: { friendId: b.id, size: 1 } });
    expect(notice!.type).toBe(MessageType.REACTION);
    await refused('privateReact', b, 'reactionNotAllowed', { params: { id: notice!.id }, body: { emoji: '👍' } });

    // Recall clears the reactions everywhere; a recalled message takes none.
    await reactPrivate(b, msg.id, '😮');
    await client.ok('privateRecall', { token: a.web, params: { id: msg.id } });
    const rows = await ts.server.db.kysely
      .selectFrom('message_reactions')
      .selectAll()
      .where('kind', '=', 0)
      .where('message_id', '=', msg.id)
      .execute();
    expect(rows).toEqual([]);
    const [after] = (await client.ok('privateHistory', { token: b.web, query: { friendId: a.id, size: 20 } })).filter(
      (m) => m.id === msg.id,
    );
    expect(after!.reactions).toBeUndefined();
    await refused('privateReact', b, 'reactionRecalled', { params: { id: msg.id }, body: { emoji: '👍' } });

    // No longer friends: the chat cannot take reactions, as it cannot take messages.
    const kept = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'bye') });
    await client.ok('friendDelete', { token: b.web, params: { friendId: a.id } });
    await refused('privateReact', a, 'notFriendCannotSend', { params: { id: kept.id }, body: { emoji: '😢' } });
  });
});

describe('group reactions', () => {
  it('a burst is coalesced: at most one frame per window, one for a burst inside a window; every member ends with the exact state', async () => {
    const N = 30;
    const { owner, members, groupId, say } = await makeGroup(N);
    const watchers = [await connect(owner), await connect(members[0]!), await connect(members[N - 1]!)];
    const msg = await say(owner, 'Friday party?');
    // The owner's socket is the sending terminal: the message goes to the others.
    for (const s of watchers.slice(1)) await s.next((f) => (f.data as GroupMessage).id === msg.id);

    const emoji = ['👍', '❤️', '😂'];
    const started = Date.now();
    await Promise.all(members.map((m, i) => reactGroup(m, msg.id, emoji[i % 3]!)));
    // A third change their mind: off again, in the same burst.
    await Promise.all(members.filter((_, i) => i % 3 === 2).map((m) => reactGroup(m, msg.id, null)));
    const burstMs = Date.now() - started;
    const changes = N + N / 3;

    // The last notice carries the state of the table; wait for it, then count.
    const expected = await client.ok('groupReactions', { token: tok(owner), query: { id: msg.id } });
    for (const s of watchers) {
      const seen: ReactionNotice[] = [];
      for (;;) {
        const n = noticeOf(await s.next(groupReaction(msg.id), 5000));
        seen.push(n);
        if (n.reactions.reduce((sum, c) => sum + c.count, 0) === expected.reactors.length) break;
      }
      expect(await s.quiet(WINDOW_MS + 300, groupReaction(msg.id))).toBe(true);
      // One notice per window at most: the burst's length bounds the count, not the number of changes.
      expect(seen.length).toBeLessThanOrEqual(Math.ceil(burstMs / WINDOW_MS) + 1);
      expect(seen.length).toBeLessThan(changes);
      const last = seen.at(-1)!;
      // Concurrent first uses may come in any order: compare the chips as a set.
      expect(last.reactions.map((c) => `${c.emoji} ${c.count}`).sort()).toEqual([`👍 ${N / 3}`, `❤️ ${N / 3}`].sort());
      for (const c of last.reactions) {
        const ids = expected.reactors.filter((r) => r.emoji === c.emoji).map((r) => r.userId);
        expect(c.userIds).toEqual(ids.slice(0, REACTION_USER_IDS_MAX));
      }
    }
    // The message row carries the same summary for history and pulls.
    const history = await client.ok('groupHistory', { token: tok(members[1]!), query: { groupId, size: 50 } });
    const stored = history.find((m) => m.id === msg.id)!;
    expect(stored.reactions?.map((c) => c.count)).toEqual([N / 3, N / 3]);
    expect(await ts.server.db.kysely.selectFrom('reaction_pending').selectAll().execute()).toEqual([]);

    // A burst inside one window (the flusher held back, as on a machine that keeps up): one notice.
    const second = await say(owner, 'Or Saturday?');
    for (const s of watchers.slice(1)) await s.next((f) => (f.data as GroupMessage).id === second.id);
    const flusher = ts.server.services.reactionFlusher;
    await flusher.stop();
    try {
      await Promise.all(members.map((m, i) => reactGroup(m, second.id, emoji[i % 3]!)));
    } finally {
      flusher.start();
    }
    for (const s of watchers) {
      const only = noticeOf(await s.next(groupReaction(second.id), 5000));
      // Chips go in order of first use; concurrent first uses may come in any order.
      expect(only.reactions.map((c) => `${c.emoji} ${c.count}`).sort()).toEqual(
        emoji.map((e) => `${e} ${N / 3}`).sort(),
      );
      expect(await s.quiet(WINDOW_MS + 300, groupReaction(second.id))).toBe(true);
    }
  });

  it('at most REACTION_EMOJI_MAX distinct emoji; the cap counts my own old one out; window, muted, left, dissolved', async () => {
    const { owner, members, groupId, say } = await makeGroup(REACTION_EMOJI_MAX + 1);
    const msg = await say(owner, 'pick one');
    const faces = [
      '😀',
      '😁',
      '😂',
      '🤣',
      '😃',
      '😄',
      '😅',
      '😆',
      '😉',
      '😊',
      '😋',
      '😎',
      '😍',
      '😘',
      '🥰',
      '😗',
      '😙',
      '🥲',
      '😚',
      '🙂',
    ];
    expect(faces.length).toBe(REACTION_EMOJI_MAX);
    for (let i = 0; i < REACTION_EMOJI_MAX; i++) await reactGroup(members[i]!, msg.id, faces[i]!);
    const late = members[REACTION_EMOJI_MAX]!;
    await refused('groupReact', late, 'reactionTooMany', { params: { id: msg.id }, body: { emoji: '🤯' } });
    expect((await reactGroup(late, msg.id, faces[3]!)).mine).toBe(faces[3]);
    // The only one with 😀 switches to a new emoji: the count stays at the cap.
    expect((await reactGroup(members[0]!, msg.id, '🤯')).reactions).toHaveLength(REACTION_EMOJI_MAX);

    // Someone who joined after the message does not see it.
    const newcomer = await registerUser(client, { nickName: 'New' });
    await befriend(client, owner, newcomer);
    await client.ok('groupInvite', { token: tok(owner), body: { groupId, friendIds: [newcomer.id] } });
    await refused('groupReact', newcomer, 'messageNotExist', { params: { id: msg.id }, body: { emoji: '👍' } });
    // A muted member may not react; a leaver neither.
    await client.ok('groupMembersMuted', { token: tok(owner), body: { groupId, userIds: [late.id], isMuted: true } });
    await refused('groupReact', late, 'memberMuted', { params: { id: msg.id }, body: { emoji: '👍' } });
    await client.ok('groupQuit', { token: tok(members[1]!), params: { groupId } });
    await refused('groupReact', members[1]!, 'groupNotJoined', { params: { id: msg.id }, body: { emoji: '👍' } });
    // A dissolved group takes no more reactions, as it takes no more messages.
    await client.ok('groupDelete', { token: tok(owner), params: { groupId } });
    await refused('groupReact', members[2]!, 'groupDissolved', { params: { id: msg.id }, body: { emoji: '👍' } });
  });
});
