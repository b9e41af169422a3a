/** Helpers of the reaction tests (reactions.test.ts, reactions-flusher.test.ts). */
import { Cmd, MessageType, parseReactionNotice, type GroupMessage, type ServerFrame } from '@parley/protocol';
import { registerUser, type ApiClient, type TestUser } from './api.js';
import { befriend } from './contacts.js';
import { tmpId, typeFrame } from './messages.js';

export const tok = (u: TestUser) => u.tokens.accessToken;
export const noticeOf = (f: ServerFrame) => parseReactionNotice((f.data as { content: string }).content)!;
export const privateReaction = (id: number) => (f: ServerFrame) =>
  typeFrame(MessageType.REACTION)(f) && noticeOf(f).id === id;
export const groupReaction = (id: number) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupMessage).type === MessageType.REACTION && noticeOf(f).id === id;

/** A group of `owner` and `n` fresh members (friends of the owner), with its id. */
export async function makeGroup(client: ApiClient, n: number) {
  const owner = await registerUser(client, { nickName: 'Owner' });
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const m = await registerUser(client, { nickName: `M${i}` });
    await befriend(client, owner, m);
    members.push(m);
  }
  const groupId = (
    await client.ok('groupCreate', { token: tok(owner), body: { name: 'Crowd', friendIds: members.map((m) => m.id) } })
  ).id;
  const say = (u: TestUser, content: string) =>
    client.ok('groupSend', { token: tok(u), body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content } });
  return { owner, members, groupId, say };
}
