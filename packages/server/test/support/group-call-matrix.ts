/**
 * The group call rows of the group authorization matrix (group-authorization.test.ts):
 * every group call endpoint × role. Allowed cells run a call on a fresh group with the
 * people they need online; refusals by outsiders are asked on a running call whose
 * group `left` has left, so they meet the call's own checks.
 */
import { expect } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { ANSWER, CANDIDATE, OFFER } from './calls.js';
import { client, g, leave, makeGroup, ok, people, refused, tok, ts, type Role, type Row } from './group-world.js';
import { TestSocket } from './ws.js';

type GroupCallEndpoint = Extract<EndpointName, `groupCall${string}`>;

interface Running {
  groupId: number;
  end(): Promise<void>;
}

/** `host` rings `invitees` (online on WEB) in a fresh group; `joined` of them accept. `left` has left the group. */
async function running(host: Role, invitees: Role[], joined: Role[] = []): Promise<Running> {
  const groupId = await makeGroup();
  await leave(groupId);
  const sockets = await Promise.all(invitees.map((r) => TestSocket.login(ts.wsUrl, tok(r))));
  await ok(host, 'groupCallSetup', { body: { groupId, userInfos: invitees.map((r) => ({ id: people[r].id })) } });
  for (const r of joined) await ok(r, 'groupCallAccept', { query: { groupId } });
  return {
    groupId,
    async end() {
      await client.call('groupCallCancel', { token: tok(host), query: { groupId } });
      for (const s of sockets) s.close();
    },
  };
}

async function during(host: Role, invitees: Role[], joined: Role[], work: (groupId: number) => Promise<void>) {
  const call = await running(host, invitees, joined);
  try {
    await work(call.groupId);
  } finally {
    await call.end();
  }
}

/** Left and stranger, refused on a running call with `key`. */
const outsidersOnCall = (
  name: GroupCallEndpoint,
  key: Parameters<typeof refused>[2],
  opts: (id: number) => object,
) => ({
  left: () => during('owner', ['member'], [], (id) => refused('left', name, key, opts(id))),
  stranger: () => during('owner', ['member'], [], (id) => refused('stranger', name, key, opts(id))),
});

const q = (groupId: number) => ({ query: { groupId } });
/** Calls as `role` and expects success. */
const done = async (role: Role, name: EndpointName, opts: object): Promise<void> => {
  await ok(role, name, opts);
};

/** `role` relays to a joined peer: as host (with member joined) or as the joined member of the owner's call. */
function relayRow(
  name: 'groupCallOffer' | 'groupCallAnswer' | 'groupCallCandidate',
  field: string,
  value: unknown,
): Row {
  const body = (groupId: number, to: Role) => ({ body: { groupId, userId: people[to].id, [field]: value } });
  return {
    owner: () => during('owner', ['member'], ['member'], (id) => done('owner', name, body(id, 'member'))),
    admin: () => during('admin', ['member'], ['member'], (id) => done('admin', name, body(id, 'member'))),
    member: () => during('owner', ['member'], ['member'], (id) => done('member', name, body(id, 'owner'))),
    ...outsidersOnCall(name, 'callNotJoined', (id) => body(id, 'owner')),
  };
}

/** `role` acts while joined (host, or the accepted invitee of the owner's call). */
function joinedRow(name: 'groupCallQuit' | 'groupCallHeartbeat', opts: (id: number) => object = q): Row {
  return {
    owner: () => during('owner', ['member'], ['member'], (id) => done('owner', name, opts(id))),
    admin: () => during('owner', ['admin'], ['admin'], (id) => done('admin', name, opts(id))),
    member: () => during('owner', ['member'], ['member'], (id) => done('member', name, opts(id))),
    ...outsidersOnCall(name, 'callNotJoined', opts),
  };
}

/** `role` answers a ring (accept or reject). */
function ringRow(name: 'groupCallAccept' | 'groupCallReject'): Row {
  return {
    owner: () => during('member', ['owner', 'admin'], [], (id) => done('owner', name, q(id))),
    admin: () => during('owner', ['admin', 'member'], [], (id) => done('admin', name, q(id))),
    member: () => during('owner', ['member', 'admin'], [], (id) => done('member', name, q(id))),
    ...outsidersOnCall(name, 'callNotInvited', q),
  };
}

const setupBy = (host: Role, invitee: Role) => () => during(host, [invitee], [], async () => undefined);

export const groupCallRows = (): Record<GroupCallEndpoint, Row> => ({
  groupCallSetup: {
    owner: setupBy('owner', 'member'),
    admin: setupBy('admin', 'member'),
    member: setupBy('member', 'owner'),
    left: () =>
      refused('left', 'groupCallSetup', 'notGroupMember', {
        body: { groupId: g, userInfos: [{ id: people.member.id }] },
      }),
    stranger: () =>
      refused('stranger', 'groupCallSetup', 'notGroupMember', {
        body: { groupId: g, userInfos: [{ id: people.member.id }] },
      }),
  },
  groupCallAccept: ringRow('groupCallAccept'),
  groupCallReject: ringRow('groupCallReject'),
  groupCallFailed: {
    owner: () =>
      during('member', ['owner', 'admin'], [], (id) =>
        done('owner', 'groupCallFailed', { body: { groupId: id, reason: 'permissionDenied' } }),
      ),
    admin: () =>
      during('owner', ['admin', 'member'], [], (id) => done('admin', 'groupCallFailed', { body: { groupId: id } })),
    member: () =>
      during('owner', ['member', 'admin'], [], (id) => done('member', 'groupCallFailed', { body: { groupId: id } })),
    // Not in the call: a no-op, as box-im.
    left: () =>
      during('owner', ['member'], [], async (id) => {
        await done('left', 'groupCallFailed', { body: { groupId: id } });
        expect((await ok('owner', 'groupCallInfo', q(id))).userInfos).toHaveLength(2);
      }),
    stranger: () =>
      during('owner', ['member'], [], async (id) => {
        await done('stranger', 'groupCallFailed', { body: { groupId: id } });
        expect((await ok('owner', 'groupCallInfo', q(id))).userInfos).toHaveLength(2);
      }),
  },
  groupCallJoin: {
    owner: () => during('member', ['admin'], [], (id) => done('owner', 'groupCallJoin', q(id))),
    admin: () => during('owner', ['member'], [], (id) => done('admin', 'groupCallJoin', q(id))),
    member: () => during('owner', ['admin'], [], (id) => done('member', 'groupCallJoin', q(id))),
    ...outsidersOnCall('groupCallJoin', 'notGroupMember', q),
  },
  groupCallCancel: {
    owner: () => during('owner', ['member'], [], (id) => done('owner', 'groupCallCancel', q(id))),
    admin: () => during('admin', ['member'], [], (id) => done('admin', 'groupCallCancel', q(id))),
    member: () =>
      during('owner', ['member'], ['member'], (id) =>
        refused('member', 'groupCallCancel', 'callOnlyHostCancel', q(id)),
      ),
    ...outsidersOnCall('groupCallCancel', 'callOnlyHostCancel', q),
  },
  groupCallQuit: joinedRow('groupCallQuit'),
  groupCallInvite: {
    owner: () =>
      during('owner', ['admin'], [], (id) =>
        done('owner', 'groupCallInvite', { body: { groupId: id, userInfos: [{ id: people.member.id }] } }),
      ),
    admin: () =>
      during('owner', ['admin'], ['admin'], (id) =>
        done('admin', 'groupCallInvite', { body: { groupId: id, userInfos: [{ id: people.member.id }] } }),
      ),
    member: () =>
      during('owner', ['member'], ['member'], (id) =>
        done('member', 'groupCallInvite', { body: { groupId: id, userInfos: [{ id: people.admin.id }] } }),
      ),
    ...outsidersOnCall('groupCallInvite', 'callNotJoined', (id) => ({
      body: { groupId: id, userInfos: [{ id: people.admin.id }] },
    })),
  },
  groupCallOffer: relayRow('groupCallOffer', 'offer', OFFER),
  groupCallAnswer: relayRow('groupCallAnswer', 'answer', ANSWER),
  groupCallCandidate: relayRow('groupCallCandidate', 'candidate', CANDIDATE),
  groupCallDevice: joinedRowDevice(),
  groupCallHeartbeat: joinedRow('groupCallHeartbeat'),
  groupCallInfo: {
    owner: async () => expect(await ok('owner', 'groupCallInfo', q(g))).toEqual({ isChating: false }),
    admin: () =>
      during('owner', ['member'], [], async (id) =>
        expect((await ok('admin', 'groupCallInfo', q(id))).isChating).toBe(true),
      ),
    member: async () => expect(await ok('member', 'groupCallInfo', q(g))).toEqual({ isChating: false }),
    left: () => refused('left', 'groupCallInfo', 'notGroupMember', q(g)),
    stranger: () => refused('stranger', 'groupCallInfo', 'notGroupMember', q(g)),
  },
});

function joinedRowDevice(): Row {
  const body = (groupId: number) => ({ body: { groupId, isCamera: true, isMicroPhone: false } });
  return {
    owner: () => during('owner', ['member'], ['member'], (id) => done('owner', 'groupCallDevice', body(id))),
    admin: () => during('owner', ['admin'], ['admin'], (id) => done('admin', 'groupCallDevice', body(id))),
    member: () => during('owner', ['member'], ['member'], (id) => done('member', 'groupCallDevice', body(id))),
    ...outsidersOnCall('groupCallDevice', 'callNotJoined', body),
  };
}
