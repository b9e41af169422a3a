/**
 * Group tips in every user's language: each group change stores a TIP_TEXT whose
 * `tip` names its template key and the names of that moment (group nicknames
 * included), beside the English `content`; the live frame, history and the offline
 * pull all carry it, and other messages carry none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, MessageType, groupMessage, type GroupMessage, type GroupTip, type ServerFrame } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { tmpId } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let owner: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;

const isFrame =
  (type: number, groupId: number) =>
  (f: ServerFrame): boolean => {
    const d = f.data as { type?: number; groupId?: number } | undefined;
    return f.cmd === Cmd.GROUP_MESSAGE && d?.type === type && d.groupId === groupId;
  };
const isLoading = (f: ServerFrame) => (f.data as { type?: number } | undefined)?.type === MessageType.LOADING;
/** What a tip shows: its English content and its tip, checked against the wire schema on the way. */
const shown = (m: GroupMessage) => {
  groupMessage.parse(m);
  return { content: m.content, tip: m.tip };
};

interface Expected {
  content: string;
  tip: GroupTip;
}
const expected = (content: string, key: GroupTip['key'], params: GroupTip['params'] = {}): Expected => ({
  content,
  tip: { key, params },
});

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [owner, bob, carol, dave] = [
    await registerUser(client, { nickName: 'Owner' }),
    await registerUser(client, { nickName: 'Bob' }),
    await registerUser(client, { nickName: 'Carol' }),
    await registerUser(client, { nickName: 'Dave' }),
  ];
  for (const u of [bob, carol, dave]) await befriend(client, owner, u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('group tips carry their key and params', () => {
  it('a group created alone: created, with the creator', async () => {
    const g = await client.ok('groupCreate', { token: tok(owner), body: { name: 'Solo' } });
    const history = await client.ok('groupHistory', { token: tok(owner), query: { groupId: g.id } });
    expect(history.map(shown)).toEqual([expected('Owner created the group', 'created', { name: 'Owner' })]);
  });

  it('every change, live to a member, then in her history and her offline pull, in order', async () => {
    const carolSocket = await TestSocket.login(ts.wsUrl, tok(carol));
    sockets.push(carolSocket);
    const want: Expected[] = [];
    const g = await client.ok('groupCreate', {
      token: tok(owner),
      body: { name: 'Team', friendIds: [bob.id, carol.id] },
    });
    const step = async (act: () => Promise<unknown>, ...tips: Expected[]) => {
      await act();
      for (const tip of tips) {
        const frame = await carolSocket.next(isFrame(MessageType.TIP_TEXT, g.id));
        expect(shown(frame.data as GroupMessage)).toEqual(tip);
        want.push(tip);
      }
    };
    const body = (extra: Record<string, unknown>) => ({ token: tok(owner), body: { groupId: g.id, ...extra } });

    await step(
      () => Promise.resolve(),
      expected('Owner created the group and invited Bob, Carol', 'createdAndInvited', {
        name: 'Owner',
        members: ['Bob', 'Carol'],
      }),
    );
    // Tips name members by their group nickname as it is at the time.
    await client.ok('groupModify', { token: tok(bob), body: { id: g.id, remarkNickName: 'Bobby' } });
    await step(
      () => client.ok('groupInvite', body({ friendIds: [dave.id] })),
      expected('Owner invited Dave', 'invited', { name: 'Owner', members: ['Dave'] }),
    );
    await step(
      () => client.ok('groupModify', { token: tok(owner), body: { id: g.id, name: 'Crew', notice: 'Be nice' } }),
      expected('Owner renamed the group to "Crew"', 'renamed', { name: 'Owner', group: 'Crew' }),
      expected('Owner changed the announcement', 'noticeChanged', { name: 'Owner' }),
    );
    await step(
      () => client.ok('groupAddManagers', body({ userIds: [carol.id] })),
      expected('Carol is now an admin', 'adminOn', { members: ['Carol'] }),
    );
    await step(
      () => client.ok('groupRemoveManagers', body({ userIds: [carol.id] })),
      expected('Carol is no longer an admin', 'adminOff', { members: ['Carol'] }),
    );
    await step(() => client.ok('groupMuted', body({ isMuted: true })), expected('All members are muted', 'muteAllOn'));
    await step(
      () => client.ok('groupMuted', body({ isMuted: false })),
      expected('All members may speak again', 'muteAllOff'),
    );
    await step(
      () => client.ok('groupMembersMuted', body({ userIds: [bob.id, dave.id], isMuted: true })),
      expected('Bobby, Dave has been muted', 'memberMuted', { members: ['Bobby', 'Dave'] }),
    );
    await step(
      () => client.ok('groupMembersMuted', body({ userIds: [bob.id, dave.id], isMuted: false })),
      expected('Bobby, Dave may speak again', 'memberUnmuted', { members: ['Bobby', 'Dave'] }),
    );
    await step(
      () => client.ok('groupQuit', { token: tok(dave), params: { groupId: g.id } }),
      expected('Dave left the group', 'left', { name: 'Dave' }),
    );
    await step(
      () => client.ok('groupRemoveMembers', body({ userIds: [bob.id] })),
      expected('Owner removed Bobby', 'removed', { name: 'Owner', members: ['Bobby'] }),
    );
    // A message that is no tip carries none.
    const text = await client.ok('groupSend', {
      token: tok(carol),
      body: { tmpId: tmpId(), groupId: g.id, type: MessageType.TEXT, content: 'bye' },
    });
    expect(text).not.toHaveProperty('tip');
    await step(
      () => client.ok('groupDelete', { token: tok(owner), params: { groupId: g.id } }),
      expected('Owner dissolved the group', 'dissolved', { name: 'Owner' }),
    );
    expect(new Set(want.map((w) => w.tip.key)).size).toBe(13);

    const history = await client.ok('groupHistory', { token: tok(carol), query: { groupId: g.id, size: 50 } });
    const tips = history.filter((m) => m.type === MessageType.TIP_TEXT).reverse();
    expect(tips.map(shown)).toEqual(want);
    expect(history.find((m) => m.id === text.id)).not.toHaveProperty('tip');
    // The removed member's history ends with the tip of his removal.
    const [last] = await client.ok('groupHistory', { token: tok(bob), query: { groupId: g.id, size: 1 } });
    expect(shown(last!)).toEqual(want.find((w) => w.tip.key === 'removed'));

    carolSocket.frames.length = 0;
    await client.ok('groupPullOffline', { token: tok(carol), query: { minId: 0 } });
    await carolSocket.next(isLoading);
    const pulled: GroupMessage[] = [];
    for (;;) {
      const f = await carolSocket.next((x) => isLoading(x) || isFrame(MessageType.TIP_TEXT, g.id)(x));
      if (isLoading(f)) break;
      pulled.push(f.data as GroupMessage);
    }
    expect(pulled.map(shown)).toEqual(want);
  });
});
