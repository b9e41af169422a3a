/**
 * The authorization matrix (issue 7): every endpoint × every relationship of the
 * caller to what the call is about, with the expected answer. A refusal changes
 * nothing. A new endpoint fails the "every endpoint has a row" test until it gets
 * one; groups add member/admin/owner columns.
 *
 * Relations, seen from the caller A:
 * - none / badToken: no or a forged access token;
 * - stranger: S, never in contact (for messages and complaints: someone else's);
 * - nonFriend: X, an ex-friend (friends once, messages kept, then deleted);
 * - blocked: K, a friend who has A on their blocklist (for friend add: a non-friend who blocked A);
 * - other: F, A's friend, the other party (for messages and complaints: F's own);
 * - owner: A themself, or A's own message or complaint.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { MessageType, Terminal, api, type EndpointName } from '@parley/protocol';
import {
  RELATIONS,
  allowed,
  client,
  closeWorld,
  complaintAgainst,
  fileForm,
  fresh,
  imageForm,
  openWorld,
  publicOnly,
  refused,
  selfOnly,
  snapshot,
  tok,
  ts,
  userEndpoints,
  w,
  type Row,
  type UserEndpoint,
} from './support/user-world.js';
import { callRows } from './support/call-matrix.js';
import { consoleRows } from './support/console-matrix.js';
import { contactRows } from './support/contact-matrix.js';
import { favouriteRows } from './support/favourite-matrix.js';
import { deviceRows } from './support/device-matrix.js';
import { passwordRows } from './support/password-matrix.js';
import { pushRows } from './support/push-matrix.js';
import { searchRows } from './support/search-matrix.js';
import { sendBody } from './support/messages.js';
import { systemRows } from './support/system-matrix.js';
import { TestSocket } from './support/ws.js';

const matrix = (): Record<UserEndpoint, Row> => ({
  // accounts: login, register and refresh need no access token; the rest act on the caller's own session.
  login: selfOnly(async () => {
    await client.ok('login', { body: { terminal: Terminal.APP, userName: w.a.userName, password: w.a.password } });
  }),
  register: selfOnly(async () => {
    await client.ok('register', { body: { userName: `m${Date.now()}@example.com`, password: 'secret1' } });
  }),
  refreshToken: {
    ...selfOnly(async () => {
      const u = await fresh();
      await client.ok('refreshToken', { refreshToken: u.tokens.refreshToken });
    }),
    // Another user's refresh token is only a token: it refreshes that user's session, never A's.
    other: async () => {
      const pair = await client.ok('refreshToken', { refreshToken: (await fresh()).tokens.refreshToken });
      expect((await client.ok('userSelf', { token: pair.accessToken })).id).not.toBe(w.a.id);
    },
  },
  logout: selfOnly(async () => {
    const u = await fresh();
    await client.ok('logout', { token: tok(u) });
    expect((await client.call('userSelf', { token: tok(u) })).status).toBe(401);
  }),
  modifyPassword: selfOnly(async () => {
    const u = await fresh();
    await client.ok('modifyPassword', { token: tok(u), body: { oldPassword: u.password, newPassword: 'other12' } });
  }),
  // users
  userSelf: selfOnly(async () => expect((await allowed('userSelf')).userName).toBe(w.a.userName)),
  userFind: {
    stranger: async () => publicOnly(await allowed('userFind', { params: { id: w.s.id } })),
    nonFriend: async () => publicOnly(await allowed('userFind', { params: { id: w.x.id } })),
    blocked: async () => expect((await allowed('userFind', { params: { id: w.k.id } })).online).toBe(false),
    other: async () => {
      const f = await allowed('userFind', { params: { id: w.f.id } });
      expect([f.userName, f.online]).toEqual([w.f.userName, true]);
    },
    owner: async () => expect((await allowed('userFind', { params: { id: w.a.id } })).userName).toBe(w.a.userName),
  },
  userUpdate: {
    stranger: () => refused('userUpdate', 'cannotEditOtherUser', { body: { id: w.s.id, nickName: 'Hacked' } }),
    nonFriend: () => refused('userUpdate', 'cannotEditOtherUser', { body: { id: w.x.id, nickName: 'Hacked' } }),
    blocked: () => refused('userUpdate', 'cannotEditOtherUser', { body: { id: w.k.id, nickName: 'Hacked' } }),
    other: () => refused('userUpdate', 'cannotEditOtherUser', { body: { id: w.f.id, nickName: 'Hacked' } }),
    owner: async () => {
      await allowed('userUpdate', { body: { id: w.a.id, nickName: 'Alice' } });
    },
  },
  // Privacy acts on the caller's own account only: the body names no user.
  userPrivacy: selfOnly(async () => {
    await allowed('userPrivacy', { body: { showLastSeen: false } });
    expect((await allowed('userSelf')).showLastSeen).toBe(false);
    await allowed('userPrivacy', { body: { showLastSeen: true } });
  }),
  userFindByName: {
    stranger: async () => {
      const found = await allowed('userFindByName', { query: { name: 'Stranger' } });
      expect(found.map((u) => u.id)).toContain(w.s.id);
      for (const u of found) publicOnly(u);
    },
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: async () => {
      const found = await allowed('userFindByName', { query: { name: 'Friend' } });
      expect(found.find((u) => u.id === w.f.id)?.online).toBe(true);
    },
    owner: async () => {
      const found = await allowed('userFindByName', { query: { name: w.a.userName } });
      expect(found[0]?.userName).toBe(w.a.userName);
    },
  },
  userTerminalOnline: {
    stranger: async () => expect(await allowed('userTerminalOnline', { query: { userIds: `${w.s.id}` } })).toEqual([]),
    nonFriend: async () => expect(await allowed('userTerminalOnline', { query: { userIds: `${w.x.id}` } })).toEqual([]),
    blocked: 'n/a',
    other: async () =>
      expect(await allowed('userTerminalOnline', { query: { userIds: `${w.f.id}` } })).toEqual([
        { userId: w.f.id, terminals: [Terminal.WEB] },
      ]),
    owner: async () => {
      await allowed('userTerminalOnline', { query: { userIds: `${w.a.id}` } });
    },
  },
  userUpdateOnlineTime: selfOnly(async () => {
    await allowed('userUpdateOnlineTime');
  }),
  // friends and blocklist
  ...contactRows(),
  // complaints: anyone but oneself may be reported; complaints are private to their author
  complaintInitiate: {
    stranger: async () => {
      const u = await fresh();
      await client.ok('complaintInitiate', { token: tok(u), body: complaintAgainst(w.s.id) });
    },
    nonFriend: async () => {
      const u = await fresh();
      await client.ok('complaintInitiate', { token: tok(u), body: complaintAgainst(w.x.id) });
    },
    blocked: async () => {
      const u = await fresh();
      await client.ok('complaintInitiate', { token: tok(u), body: complaintAgainst(w.k.id) });
    },
    other: async () => {
      const u = await fresh();
      await client.ok('complaintInitiate', { token: tok(u), body: complaintAgainst(w.f.id) });
    },
    owner: () => refused('complaintInitiate', 'cannotReportSelf', { body: complaintAgainst(w.a.id) }),
  },
  complaintPage: selfOnly(async () => {
    expect((await allowed('complaintPage')).map((c) => c.id)).toEqual([w.myComplaint]);
  }),
  complaintInfo: {
    stranger: 'n/a',
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: () => refused('complaintInfo', 'complaintNotExist', { query: { id: w.fComplaint } }),
    owner: async () =>
      expect((await allowed('complaintInfo', { query: { id: w.myComplaint } })).id).toBe(w.myComplaint),
  },
  // private messages
  privateSend: {
    stranger: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.s.id, MessageType.TEXT, 'x') }),
    nonFriend: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.x.id, MessageType.TEXT, 'x') }),
    blocked: () => refused('privateSend', 'blockedCannotSend', { body: sendBody(w.k.id, MessageType.TEXT, 'x') }),
    other: async () => {
      await allowed('privateSend', { body: sendBody(w.f.id, MessageType.TEXT, 'hi') });
    },
    owner: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.a.id, MessageType.TEXT, 'x') }),
  },
  privateRecall: {
    stranger: () => refused('privateRecall', 'messageNotExist', { params: { id: w.others } }),
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: () => refused('privateRecall', 'recallNotOwn', { params: { id: w.fromF } }),
    owner: async () => {
      const msg = await allowed('privateSend', { body: sendBody(w.f.id, MessageType.TEXT, 'oops') });
      await allowed('privateRecall', { params: { id: msg.id } });
    },
  },
  privateEdit: {
    stranger: () => refused('privateEdit', 'messageNotExist', { params: { id: w.others }, body: { content: 'x' } }),
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: () => refused('privateEdit', 'editNotOwn', { params: { id: w.fromF }, body: { content: 'x' } }),
    owner: async () => {
      const msg = await allowed('privateSend', { body: sendBody(w.f.id, MessageType.TEXT, 'typo') });
      await allowed('privateEdit', { params: { id: msg.id }, body: { content: 'fixed' } });
    },
  },
  // Pins: either party; an ex-friend and a blocked pair are refused in pins.test.ts (as a send is).
  privatePin: {
    stranger: () => refused('privatePin', 'messageNotExist', { params: { id: w.others } }),
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: async () => {
      await allowed('privatePin', { params: { id: w.fromF } });
      await allowed('privateUnpin', { params: { id: w.fromF } });
    },
    owner: async () => {
      await allowed('privatePin', { params: { id: w.mine } });
      await allowed('privateUnpin', { params: { id: w.mine } });
    },
  },
  privateUnpin: {
    stranger: () => refused('privateUnpin', 'messageNotExist', { params: { id: w.others } }),
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: async () => {
      await allowed('privateUnpin', { params: { id: w.fromF } });
    },
    owner: async () => {
      await allowed('privateUnpin', { params: { id: w.mine } });
    },
  },
  privatePins: {
    stranger: () => refused('privatePins', 'notFriend', { query: { friendId: w.s.id } }),
    // As history: an ex-friend's and a blocked chat stay readable.
    nonFriend: async () => {
      await allowed('privatePins', { query: { friendId: w.x.id } });
    },
    blocked: async () => {
      await allowed('privatePins', { query: { friendId: w.k.id } });
    },
    other: async () => {
      await allowed('privatePins', { query: { friendId: w.f.id } });
    },
    owner: 'n/a',
  },
  // A preview belongs to no user (the cache serves anyone who asks); any signed-in caller reaches
  // the guarded fetch, which refuses this inside address (link-preview.test.ts has the rest).
  linkPreview: selfOnly(() =>
    refused('linkPreview', 'linkPreviewFailed', { body: { url: 'http://127.0.0.1:9/nothing-here' } }),
  ),
  privateReact: {
    stranger: () => refused('privateReact', 'messageNotExist', { params: { id: w.others }, body: { emoji: '👍' } }),
    nonFriend: () => refused('privateReact', 'notFriendCannotSend', { params: { id: w.toX }, body: { emoji: '👍' } }),
    blocked: () => refused('privateReact', 'blockedCannotSend', { params: { id: w.toK }, body: { emoji: '👍' } }),
    other: async () => {
      const on = await allowed('privateReact', { params: { id: w.fromF }, body: { emoji: '👍' } });
      expect(on.mine).toBe('👍');
      const off = await allowed('privateReact', { params: { id: w.fromF }, body: { emoji: null } });
      expect([off.mine, off.reactions]).toEqual([null, []]);
    },
    owner: async () => {
      const on = await allowed('privateReact', { params: { id: w.mine }, body: { emoji: '😂' } });
      expect(on.reactions).toEqual([{ emoji: '😂', count: 1, userIds: [w.a.id] }]);
      await allowed('privateReact', { params: { id: w.mine }, body: { emoji: '😂' } });
    },
  },
  privateReactions: {
    stranger: () => refused('privateReactions', 'messageNotExist', { query: { id: w.others } }),
    // Who reacted in my own chat stays mine to read after the friendship or a block.
    nonFriend: async () => {
      expect((await allowed('privateReactions', { query: { id: w.toX } })).reactors).toEqual([]);
    },
    blocked: async () => {
      expect((await allowed('privateReactions', { query: { id: w.toK } })).reactors).toEqual([]);
    },
    other: async () => {
      expect((await allowed('privateReactions', { query: { id: w.fromF } })).more).toBe(false);
    },
    owner: async () => {
      expect((await allowed('privateReactions', { query: { id: w.mine, page: 2 } })).reactors).toEqual([]);
    },
  },
  privatePullOffline: selfOnly(async () => {
    const s = await TestSocket.login(ts.wsUrl, tok(w.a));
    try {
      await allowed('privatePullOffline', { query: { minId: 0 } });
      await s.next((f) => f.cmd === 3 && (f.data as { type: number; content: string }).content === 'false');
      const ids = s.frames.map((f) => (f.data as { id?: number }).id).filter((id) => id !== undefined);
      expect(ids).toEqual(expect.arrayContaining([w.mine, w.fromF]));
      expect(ids).not.toContain(w.others);
    } finally {
      s.close();
    }
  }),
  privateReaded: {
    stranger: () => refused('privateReaded', 'notFriendCannotSend', { query: { friendId: w.s.id } }),
    nonFriend: () => refused('privateReaded', 'notFriendCannotSend', { query: { friendId: w.x.id } }),
    blocked: () => refused('privateReaded', 'blockedCannotSend', { query: { friendId: w.k.id } }),
    other: async () => {
      await allowed('privateReaded', { query: { friendId: w.f.id } });
    },
    owner: () => refused('privateReaded', 'notFriendCannotSend', { query: { friendId: w.a.id } }),
  },
  privateMaxReadedId: {
    stranger: () => refused('privateMaxReadedId', 'notFriend', { query: { friendId: w.s.id } }),
    nonFriend: async () => {
      await allowed('privateMaxReadedId', { query: { friendId: w.x.id } });
    },
    blocked: async () => {
      await allowed('privateMaxReadedId', { query: { friendId: w.k.id } });
    },
    other: async () => {
      await allowed('privateMaxReadedId', { query: { friendId: w.f.id } });
    },
    owner: 'n/a',
  },
  privateHistory: {
    stranger: () => refused('privateHistory', 'notFriend', { query: { friendId: w.s.id } }),
    // An ex-friend's chat stays readable.
    nonFriend: async () =>
      expect((await allowed('privateHistory', { query: { friendId: w.x.id } })).length).toBeGreaterThan(0),
    blocked: async () => {
      await allowed('privateHistory', { query: { friendId: w.k.id } });
    },
    other: async () => {
      const ids = (await allowed('privateHistory', { query: { friendId: w.f.id, size: 100 } })).map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([w.mine, w.fromF]));
      expect(ids).not.toContain(w.others);
    },
    owner: 'n/a',
  },
  // files and config: only the caller's own uploads
  imageUpload: selfOnly(async () => {
    await allowed('imageUpload', { form: await imageForm() });
  }),
  fileUpload: selfOnly(async () => {
    await allowed('fileUpload', { form: fileForm() });
  }),
  videoUpload: selfOnly(async () => {
    const form = new FormData();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    form.append('file', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'v.mp4');
    await allowed('videoUpload', { form });
  }),
  systemConfig: selfOnly(async () => {
    await allowed('systemConfig');
  }),
  // system notifications: only a recipient sees one
  ...systemRows(),
  // calls
  ...callRows(),
  // favourites
  ...favouriteRows(),
  // signed-in devices: only one's own sessions
  ...deviceRows(),
  ...passwordRows(),
  ...pushRows(),
  // message search
  ...searchRows(),
  // moderation console (403 notOperator for a normal user) and Discover
  ...consoleRows(),
});

beforeAll(openWorld);
afterAll(closeWorld);

describe('the matrix covers the table', () => {
  it('every endpoint has a row with every relation', () => {
    const rows = matrix();
    for (const name of userEndpoints) {
      expect(rows[name], name).toBeDefined();
      for (const rel of RELATIONS.slice(2)) expect(rows[name][rel as keyof Row], `${name} × ${rel}`).toBeDefined();
    }
  });
});

describe('without a valid access token', () => {
  const signedIn = (Object.keys(api) as EndpointName[]).filter((n) => api[n].auth);
  it.each(signedIn)('%s: none and a forged token → 401 loginExpired, nothing changed', async (name) => {
    const forged = `${tok(w.a).slice(0, -4)}AAAA`;
    for (const token of [undefined, 'garbage', forged]) {
      const before = await snapshot();
      const res = await client.call(name, { token, params: { id: 1, friendId: 1 } });
      expect([res.status, res.body.key]).toEqual([401, 'loginExpired']);
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('each relation', () => {
  const cells = userEndpoints.flatMap((name) =>
    RELATIONS.slice(2).map((rel) => [name, rel] as [UserEndpoint, keyof Row]),
  );
  it.each(cells)('%s × %s', async (name, rel) => {
    const cell = matrix()[name][rel];
    if (cell !== 'n/a') await cell();
  });
});
