/**
 * The authorization matrix's rows for issue 22 point 8 (no new endpoint): a send whose
 * content carries a caption or a waveform is checked like any send, for every relation
 * of the caller A (see authorization-matrix.test.ts); a caption is found by search only
 * by the two people of its chat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, type SearchReply } from '@parley/protocol';
import {
  allowed,
  client,
  closeWorld,
  openWorld,
  refused,
  snapshot,
  tok,
  w,
  type Relation,
} from './support/user-world.js';
import { sendBody } from './support/messages.js';

const captioned = JSON.stringify({
  originUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
  thumbUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
  width: 8,
  height: 4,
  caption: 'lighthouse at dusk',
});
const voice = JSON.stringify({
  duration: 3,
  url: '/uploads/files/2026/01/cccccccccccccccccccccccccccccccc/28.mp3',
  waveform: [3, 9, 31, 12],
});
const BODIES = [
  ['a captioned image', MessageType.IMAGE, captioned],
  ['a voice message with its waveform', MessageType.AUDIO, voice],
] as const;

beforeAll(openWorld);
afterAll(closeWorld);

describe.each(BODIES)('privateSend with %s', (_label, type, content) => {
  const rows: Record<Exclude<Relation, 'none' | 'badToken'>, () => Promise<void>> = {
    stranger: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.s.id, type, content) }),
    nonFriend: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.x.id, type, content) }),
    blocked: () => refused('privateSend', 'blockedCannotSend', { body: sendBody(w.k.id, type, content) }),
    other: async () => {
      const m = await allowed('privateSend', { body: sendBody(w.f.id, type, content) });
      expect(m.content).toBe(content);
    },
    owner: () => refused('privateSend', 'notFriendCannotSend', { body: sendBody(w.a.id, type, content) }),
  };
  it.each(Object.keys(rows) as (keyof typeof rows)[])('%s', (relation) => rows[relation]());
  it.each(['none', 'badToken'] as const)('%s → 401, nothing changed', async (how) => {
    const before = await snapshot();
    const token = how === 'none' ? undefined : `${tok(w.a)}x`;
    const res = await client.call('privateSend', { token, body: sendBody(w.f.id, type, content) });
    expect([res.status, res.body.key]).toEqual([401, 'loginExpired']);
    expect(await snapshot()).toBe(before);
  });
});

describe('a caption is searched only by its chat', () => {
  it('A and F find it; the stranger, the ex-friend and the blocker do not', async () => {
    await allowed('privateSend', { body: sendBody(w.f.id, MessageType.IMAGE, captioned) });
    const find = async (token: string) =>
      ((await client.ok('messageSearch', { token, query: { keyword: 'lighthouse' } })) as SearchReply).hits.length;
    expect(await find(tok(w.a))).toBeGreaterThan(0);
    expect(await find(tok(w.f))).toBeGreaterThan(0);
    for (const u of [w.s, w.x, w.k]) expect(await find(tok(u))).toBe(0);
  });
});
