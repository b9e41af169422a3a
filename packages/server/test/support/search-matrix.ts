/**
 * The message search row of the authorization matrix (authorization-matrix.test.ts):
 * A finds A's own messages and those of chats A sees (a friend's, an ex-friend's kept
 * chat, a blocker's), never a chat of two other users, nor one of a group A is not
 * in, nor a group message from outside A's membership window.
 */
import { expect } from 'vitest';
import { ChatType, MessageType, type SearchReply } from '@parley/protocol';
import { befriend } from './contacts.js';
import { tmpId } from './messages.js';
import { allowed, client, fresh, refused, tok, w, type Row } from './user-world.js';
import type { TestUser } from './api.js';

const search = (keyword: string, chat?: { chatType: string; targetId: number }) =>
  allowed('messageSearch', { query: { keyword, ...chat } }) as Promise<SearchReply>;
const ids = (r: SearchReply) => r.hits.map((h) => h.id);
const say = async (u: TestUser, groupId: number, content: string) =>
  (await client.ok('groupSend', { token: tok(u), body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content } }))
    .id;

export const searchRows = (): Record<'messageSearch', Row> => ({
  messageSearch: {
    // T1 → T2 is not A's; neither is a group of strangers.
    stranger: async () => {
      await refused('messageSearch', 'notFriend', { query: { keyword: 'xyz', chatType: 'PRIVATE', targetId: w.s.id } });
      expect(ids(await search('x'))).not.toContain(w.others);
      const u = await fresh();
      await befriend(client, w.s, u);
      const g = (await client.ok('groupCreate', { token: tok(w.s), body: { name: 'S', friendIds: [u.id] } })).id;
      await say(u, g, 'stranger secret words');
      await refused('messageSearch', 'notGroupMember', {
        query: { keyword: 'secret', chatType: ChatType.GROUP, targetId: g },
      });
      expect((await search('stranger secret')).hits).toEqual([]);
    },
    // The ex-friend's chat stays A's to read, so to search.
    nonFriend: async () => {
      const r = await search('old times', { chatType: ChatType.PRIVATE, targetId: w.x.id });
      expect(r.hits.map((h) => [h.snippet, h.targetId])).toEqual([['old times', w.x.id]]);
    },
    blocked: async () => {
      expect((await search('hello', { chatType: ChatType.PRIVATE, targetId: w.k.id })).hits).toEqual([]);
    },
    // F's message to A; in groups only A's windows: after A joined, up to when A left.
    other: async () => {
      expect(ids(await search('hi A', { chatType: ChatType.PRIVATE, targetId: w.f.id }))).toEqual([w.fromF]);
      const u = await fresh();
      await befriend(client, w.f, u);
      const g = (await client.ok('groupCreate', { token: tok(w.f), body: { name: 'W', friendIds: [u.id] } })).id;
      await say(w.f, g, 'window before join');
      await client.ok('groupInvite', { token: tok(w.f), body: { groupId: g, friendIds: [w.a.id] } });
      const inside = await say(w.f, g, 'window while in');
      await client.ok('groupQuit', { token: tok(w.a), params: { groupId: g } });
      await say(w.f, g, 'window after leaving');
      expect(ids(await search('window', { chatType: ChatType.GROUP, targetId: g }))).toEqual([inside]);
      expect(ids(await search('window'))).toEqual([inside]);
    },
    owner: async () => {
      const r = await search('hi F');
      expect(r.hits.map((h) => [h.id, h.chatType, h.targetId, h.sendId])).toEqual([
        [w.mine, ChatType.PRIVATE, w.f.id, w.a.id],
      ]);
    },
  },
});
