/**
 * Pinned messages (issue 21 point 3), private and group, on one server: one PIN (15)
 * message per change to every terminal, live and in the offline pull, with a per-chat
 * increasing pinTime; a tip only on a pin; the idempotent repeats that store nothing;
 * who may pin (either friend; owner/admins, or all members with pinByMembers); the
 * 50 cap; refusals change nothing; a recall drops the pin; the group list by window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  MessageType,
  PINS_MAX,
  ServerErrors,
  TipText,
  parsePinNotice,
  type EndpointName,
  type Group,
  type GroupMessage,
  type PrivateMessage,
  type ServerErrorKey,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { closeAll, friendPair, sendBody, sockets, tmpId, type TwoTerminalUser } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let now = Date.UTC(2030, 0, 1, 12, 0, 0);
const opened: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;

async function refused(u: TestUser, name: EndpointName, key: ServerErrorKey, opts: CallOptions) {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(u), ...opts });
  expect([res.status, res.body.key], `${name} ${JSON.stringify(res.body)}`).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(ts)).toBe(before);
}

const ofType =
  (cmd: number, type: number) =>
  (f: ServerFrame): boolean =>
    f.cmd === cmd && (f.data as { type: number }).type === type;

beforeAll(async () => {
  ts = await startServer({ clock: () => now });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await ts?.close();
});

describe('private pins', () => {
  let a: TwoTerminalUser;
  let b: TwoTerminalUser;
  const send = async (from: TwoTerminalUser, to: TwoTerminalUser, content: string) =>
    client.ok('privateSend', { token: from.web, body: sendBody(to.id, MessageType.TEXT, content) });
  const pins = (u: TwoTerminalUser, friend: TwoTerminalUser) =>
    client.ok('privatePins', { token: u.web, query: { friendId: friend.id } });
  const pairCount = async () =>
    Number(
      (
        await ts.server.db.kysely
          .selectFrom('private_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('send_id', 'in', [a.id, b.id])
          .where('recv_id', 'in', [a.id, b.id])
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    [a, b] = await friendPair(ts, client);
  });
  afterAll(() => closeAll(a, b));

  it('either party pins: PIN then the tip reach every terminal of both; the list has it; unpin writes no tip', async () => {
    const first = await send(a, b, 'first');
    const second = await send(b, a, 'second');
    now += 1000;
    await client.ok('privatePin', { token: b.web, params: { id: first.id } });
    for (const s of sockets(a, b)) {
      const pin = (await s.next(ofType(Cmd.PRIVATE_MESSAGE, MessageType.PIN))).data as PrivateMessage;
      expect(parsePinNotice(pin.content)).toEqual({ id: first.id, pinned: true, pinTime: now, by: b.id });
      const tip = (await s.next(ofType(Cmd.PRIVATE_MESSAGE, MessageType.TIP_TEXT))).data as PrivateMessage;
      expect(tip).toMatchObject({ sendId: b.id, recvId: a.id, content: TipText.messagePinned });
      expect(tip.id).toBeGreaterThan(pin.id);
    }
    // The same second: the chat's next pinTime is still later.
    await client.ok('privatePin', { token: a.web, params: { id: second.id } });
    const list = await pins(a, b);
    expect(list.pinTime).toBe(now + 1);
    expect(list.pins.map((p) => [p.message.id, p.pinnedBy, p.pinTime])).toEqual([
      [second.id, a.id, now + 1],
      [first.id, b.id, now],
    ]);
    expect(list.pins[1]!.message).toMatchObject({ content: 'first', sendId: a.id });
    expect(await pins(b, a)).toEqual(list);

    // Pinning a pinned message and unpinning an unpinned one: success, nothing stored or pushed.
    const count = await pairCount();
    await client.ok('privatePin', { token: b.web, params: { id: second.id } });
    expect(await pairCount()).toBe(count);

    for (const s of sockets(a, b)) s.frames.length = 0;
    await client.ok('privateUnpin', { token: b.web, params: { id: second.id } });
    for (const s of sockets(a, b)) {
      const unpin = (await s.next(ofType(Cmd.PRIVATE_MESSAGE, MessageType.PIN))).data as PrivateMessage;
      expect(parsePinNotice(unpin.content)).toMatchObject({ id: second.id, pinned: false, by: b.id });
    }
    expect(await pairCount()).toBe(count + 1);
    await client.ok('privateUnpin', { token: a.web, params: { id: second.id } });
    expect(await pairCount()).toBe(count + 1);
    expect((await pins(a, b)).pins.map((p) => p.message.id)).toEqual([first.id]);
  });

  it('a terminal away pulls each PIN and the tip once, in id order', async () => {
    const msg = await send(a, b, 'pull me');
    await client.ok('privatePin', { token: a.web, params: { id: msg.id } });
    await client.ok('privateUnpin', { token: a.web, params: { id: msg.id } });
    const s = await TestSocket.login(ts.wsUrl, b.app);
    opened.push(s);
    await client.ok('privatePullOffline', { token: b.app, query: { minId: msg.id } });
    await s.next((f) => f.cmd === Cmd.PRIVATE_MESSAGE && (f.data as PrivateMessage).content === 'false');
    const pulled = s.frames
      .filter((f) => f.cmd === Cmd.PRIVATE_MESSAGE && (f.data as PrivateMessage).type !== MessageType.LOADING)
      .map((f) => f.data as PrivateMessage);
    expect(pulled.map((m) => m.type)).toEqual([MessageType.PIN, MessageType.TIP_TEXT, MessageType.PIN]);
    expect(pulled.map((m) => parsePinNotice(m.content)?.pinned)).toEqual([true, undefined, false]);
  });

  it('a recall takes the message out of the pins', async () => {
    const msg = await send(a, b, 'regret');
    await client.ok('privatePin', { token: b.web, params: { id: msg.id } });
    expect((await pins(a, b)).pins.map((p) => p.message.id)).toContain(msg.id);
    await client.ok('privateRecall', { token: a.web, params: { id: msg.id } });
    expect((await pins(b, a)).pins.map((p) => p.message.id)).not.toContain(msg.id);
    await refused(b, 'privatePin', 'pinRecalled', { params: { id: msg.id } });
    // Unpinning it now: nothing is pinned, nothing stored.
    const before = await snapshotState(ts);
    await client.ok('privateUnpin', { token: b.web, params: { id: msg.id } });
    expect(await snapshotState(ts)).toBe(before);
  });

  it('refusals change nothing: strangers, tips, ex-friends, blocks, the cap', async () => {
    const stranger = await registerUser(client);
    const msg = await send(a, b, 'keep');
    await refused(stranger, 'privatePin', 'messageNotExist', { params: { id: msg.id } });
    await refused(stranger, 'privatePins', 'notFriend', { query: { friendId: a.id } });
    const tipRow = await ts.server.db.kysely
      .selectFrom('private_messages')
      .select('id')
      .where('type', '=', MessageType.TIP_TEXT)
      .where('send_id', 'in', [a.id, b.id])
      .where('recv_id', 'in', [a.id, b.id])
      .executeTakeFirstOrThrow();
    await refused(a, 'privatePin', 'pinNotPinnable', { params: { id: tipRow.id } });

    // The cap: what is pinned now, then up to PINS_MAX, then one more.
    const have = (await pins(a, b)).pins.length;
    for (let i = have; i < PINS_MAX; i++) {
      const m = await send(b, a, `p${i}`);
      await client.ok('privatePin', { token: a.web, params: { id: m.id } });
    }
    expect((await pins(b, a)).pins).toHaveLength(PINS_MAX);
    await refused(a, 'privatePin', 'pinsFull', { params: { id: msg.id } });
    const res = await client.call('privatePin', { token: a.web, params: { id: msg.id } });
    expect(res.body.params).toEqual({ max: PINS_MAX });

    // An ex-friend and a blocked friend may not pin, as they may not send; the chat stays readable.
    const [c, d] = [await registerUser(client), await registerUser(client)];
    await befriend(client, c, d);
    const cd = await client.ok('privateSend', { token: tok(c), body: sendBody(d.id, MessageType.TEXT, 'x') });
    await client.ok('blacklistAdd', { token: tok(d), query: { userId: c.id } });
    await refused(c, 'privatePin', 'blockedCannotSend', { params: { id: cd.id } });
    await client.ok('blacklistRemove', { token: tok(d), query: { userId: c.id } });
    await client.ok('friendDelete', { token: tok(d), params: { friendId: c.id } });
    await refused(c, 'privatePin', 'notFriendCannotSend', { params: { id: cd.id } });
    await refused(d, 'privateUnpin', 'notFriendCannotSend', { params: { id: cd.id } });
    expect(await client.ok('privatePins', { token: tok(c), query: { friendId: d.id } })).toEqual({
      pins: [],
      pinTime: 0,
    });
  });
});

describe('group pins', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let groupId: number;
  const send = (u: TestUser, content: string) =>
    client.ok('groupSend', { token: tok(u), body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content } });
  const connect = async (u: TestUser) => {
    const s = await TestSocket.login(ts.wsUrl, tok(u));
    opened.push(s);
    return s;
  };
  const pinnedIds = async (u: TestUser) =>
    (await client.ok('groupPins', { token: tok(u), query: { groupId } })).pins.map((p) => p.message.id);

  beforeAll(async () => {
    [owner, admin, member] = [
      await registerUser(client, { nickName: 'Ana' }),
      await registerUser(client, { nickName: 'Adam' }),
      await registerUser(client, { nickName: 'Mia' }),
    ];
    await befriend(client, owner, admin);
    await befriend(client, owner, member);
    groupId = (
      await client.ok('groupCreate', { token: tok(owner), body: { name: 'Crew', friendIds: [admin.id, member.id] } })
    ).id;
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId, userIds: [admin.id] } });
  });

  it('owner and admins pin: every member gets the PIN and the "pinned" tip; a member needs the setting', async () => {
    const [ownerSocket, memberSocket] = [await connect(owner), await connect(member)];
    const msg = await send(member, 'the plan');
    await client.ok('groupPin', { token: tok(admin), params: { id: msg.id } });
    for (const s of [ownerSocket, memberSocket]) {
      const pin = (await s.next(ofType(Cmd.GROUP_MESSAGE, MessageType.PIN))).data as GroupMessage;
      expect(parsePinNotice(pin.content)).toMatchObject({ id: msg.id, pinned: true, by: admin.id });
      const tip = (await s.next(ofType(Cmd.GROUP_MESSAGE, MessageType.TIP_TEXT))).data as GroupMessage;
      expect(tip).toMatchObject({ content: 'Adam pinned a message', tip: { key: 'pinned', params: { name: 'Adam' } } });
    }
    const other = await send(owner, 'other');
    await refused(member, 'groupPin', 'pinNotAllowed', { params: { id: other.id } });
    await refused(member, 'groupUnpin', 'pinNotAllowed', { params: { id: msg.id } });

    // The owner opens pinning to members: a GROUP_UPDATE carries the setting to them.
    await refused(member, 'groupPinByMembers', 'onlyOwnerOrAdminForbid', { body: { groupId, enabled: true } });
    await client.ok('groupPinByMembers', { token: tok(owner), body: { groupId, enabled: true } });
    const update = await memberSocket.next(ofType(Cmd.GROUP_MESSAGE, MessageType.GROUP_UPDATE));
    expect((JSON.parse((update.data as GroupMessage).content) as Group).pinByMembers).toBe(true);
    await client.ok('groupPin', { token: tok(member), params: { id: other.id } });
    expect(await pinnedIds(owner)).toEqual([other.id, msg.id]);

    memberSocket.frames.length = 0;
    await client.ok('groupUnpin', { token: tok(member), params: { id: msg.id } });
    // No tip for an unpin: the next send is the only group message after the PIN.
    const next = await send(owner, 'after');
    await memberSocket.next((f) => f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupMessage).id === next.id);
    const between = memberSocket.frames.filter((f) => f.cmd === Cmd.GROUP_MESSAGE).map((f) => f.data as GroupMessage);
    expect(between.map((m) => m.type)).toEqual([MessageType.PIN]);
    expect(parsePinNotice(between[0]!.content)).toMatchObject({ id: msg.id, pinned: false });
    await client.ok('groupPinByMembers', { token: tok(admin), body: { groupId, enabled: false } });
    await refused(member, 'groupUnpin', 'pinNotAllowed', { params: { id: other.id } });
  });

  it('a later member sees only pins inside their window and cannot pin before it; a recall unpins', async () => {
    const early = await send(owner, 'before you came');
    await client.ok('groupPin', { token: tok(owner), params: { id: early.id } });
    const late = await registerUser(client, { nickName: 'Late' });
    await befriend(client, owner, late);
    await client.ok('groupInvite', { token: tok(owner), body: { groupId, friendIds: [late.id] } });
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId, userIds: [late.id] } });
    const seen = await send(owner, 'after you came');
    await client.ok('groupPin', { token: tok(owner), params: { id: seen.id } });
    expect(await pinnedIds(late)).toEqual([seen.id]);
    expect(await pinnedIds(owner)).toEqual(expect.arrayContaining([seen.id, early.id]));
    await refused(late, 'groupUnpin', 'messageNotExist', { params: { id: early.id } });

    await client.ok('groupRecall', { token: tok(owner), params: { id: seen.id } });
    expect(await pinnedIds(owner)).not.toContain(seen.id);
    await refused(owner, 'groupPin', 'pinRecalled', { params: { id: seen.id } });
    const stranger = await registerUser(client);
    await refused(stranger, 'groupPins', 'notGroupMember', { query: { groupId } });
  });

  it('the cap counts the group: the 51st pin is refused', async () => {
    const have = (await pinnedIds(owner)).length;
    const ids = [];
    for (let i = have; i <= PINS_MAX; i++) ids.push((await send(owner, `n${i}`)).id);
    for (const id of ids.slice(0, -1)) await client.ok('groupPin', { token: tok(owner), params: { id } });
    expect(await pinnedIds(admin)).toHaveLength(PINS_MAX);
    await refused(admin, 'groupPin', 'pinsFull', { params: { id: ids.at(-1)! } });
    // Pinning one already pinned is still a success at the cap.
    await client.ok('groupPin', { token: tok(admin), params: { id: ids[0]! } });
  });
});
