/**
 * Reactions (issue 21 point 2) survive their flusher: pending notices of a stopped
 * flusher are flushed when it starts again, rows a stopped node left are swept up, and
 * a notice pending at a restart is stored by the next start. Real clock: the coalescing
 * window runs on timers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, parseReactionNotice, type GroupMessage } from '@parley/protocol';
import { ApiClient, type TestUser } from './support/api.js';
import { createApp } from '../src/index.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';
import { groupReaction, makeGroup as makeGroupOf, noticeOf, tok } from './support/reactions.js';

const WINDOW_MS = 400;
let ts: TestServer;
let client: ApiClient;
const opened: TestSocket[] = [];

beforeAll(async () => {
  ts = await startServer({ reactionCoalesceMs: WINDOW_MS, reactionSweepMs: 200 });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await ts?.close();
});

const connect = async (u: TestUser) => {
  const s = await TestSocket.login(ts.wsUrl, tok(u));
  opened.push(s);
  return s;
};
const reactGroup = (u: TestUser, id: number, emoji: string | null) =>
  client.ok('groupReact', { token: tok(u), params: { id }, body: { emoji } });
const makeGroup = (n: number) => makeGroupOf(client, n);

describe('the reaction flusher', () => {
  it('a stopped flusher loses nothing: pending rows are flushed on start, and rows a node left are swept up', async () => {
    const { owner, members, say } = await makeGroup(2);
    const watch = await connect(members[1]!);
    const msg = await say(owner, 'still there?');
    await watch.next((f) => (f.data as GroupMessage).id === msg.id);
    const flusher = ts.server.services.reactionFlusher;
    await flusher.stop();
    try {
      await reactGroup(members[0]!, msg.id, '👍');
      expect(await watch.quiet(WINDOW_MS + 200, groupReaction(msg.id))).toBe(true);
      const pending = await ts.server.db.kysely
        .selectFrom('reaction_pending')
        .select('message_id')
        .where('message_id', '=', msg.id)
        .execute();
      expect(pending).toEqual([{ message_id: msg.id }]);
    } finally {
      flusher.start();
    }
    expect(noticeOf(await watch.next(groupReaction(msg.id))).reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [members[0]!.id] },
    ]);

    // A node that committed a reaction and stopped before its notice: the sweep stores it.
    const db = ts.server.db.kysely;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('message_reactions')
        .values({ kind: 1, message_id: msg.id, user_id: owner.id, emoji: '🎉', created_at: Date.now() })
        .execute();
      await tx
        .insertInto('reaction_pending')
        .values({
          kind: 1,
          message_id: msg.id,
          due_at: Date.now() - 1,
          actor_id: owner.id,
          last_user_id: owner.id,
          last_emoji: '🎉',
        })
        .execute();
    });
    const swept = noticeOf(await watch.next(groupReaction(msg.id), 5000));
    expect(swept.reactions.map((c) => c.emoji)).toEqual(['👍', '🎉']);
    expect(swept.last).toEqual({ userId: owner.id, emoji: '🎉' });
  });
  it('a pending notice survives a restart: the next start stores it', async () => {
    const { owner, members, say } = await makeGroup(1);
    const msg = await say(owner, 'still on?');
    await reactGroup(members[0]!, msg.id, '👍');
    const db = ts.server.db.kysely;
    // The node stops inside the window (its timer never fires) and stays down past its end.
    await ts.server.services.reactionFlusher.stop();
    await db
      .updateTable('reaction_pending')
      .set({ due_at: Date.now() - 1 })
      .where('message_id', '=', msg.id)
      .execute();
    await ts.server.close();
    const restarted = await createApp(ts.config);
    const url = await restarted.listen();
    const closeFirst = ts.close; // the data dir and database go with the last close
    ts = {
      ...ts,
      server: restarted,
      url,
      wsUrl: url.replace(/^http/, 'ws'),
      close: async () => {
        await restarted.close();
        await closeFirst();
      },
    };
    client = new ApiClient(ts.url);
    const notices = () =>
      ts.server.db.kysely
        .selectFrom('group_messages')
        .select('content')
        .where('type', '=', MessageType.REACTION)
        .where('content', 'like', `{"id":${msg.id},%`)
        .execute();
    for (let i = 0; i < 250 && (await notices()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const stored = (await notices()).map((n) => parseReactionNotice(n.content)!);
    expect(stored.map((n) => n.reactions)).toEqual([[{ emoji: '👍', count: 1, userIds: [members[0]!.id] }]]);
    const [row] = await client.ok('groupHistory', { token: tok(owner), query: { groupId: msg.groupId, size: 3 } });
    expect(row!.type).toBe(MessageType.REACTION);
  });
});
