/**
 * The bad-input walk of issue 22 point 8's content fields: a media item's `caption`
 * (IMAGE, VIDEO, FILE) and a voice message's `waveform` (AUDIO), each broken in every
 * way, in private and group sends. Every reply is a 400 naming `content` with a
 * catalogued message, and nothing is stored or relayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, MessageType, ServerErrors, describeServerError, type ServerErrorKey } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody, tmpId } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TestUser;
let b: TestUser;
let groupId: number;

const image = {
  originUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
  thumbUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
  width: 8,
  height: 4,
};
const video = {
  videoUrl: '/uploads/videos/2026/01/dddddddddddddddddddddddddddddddd.mp4',
  coverUrl: '',
  width: 64,
  height: 36,
  duration: 3,
};
const file = { name: 'a.pdf', size: 1, url: '/uploads/files/2026/01/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/a.pdf' };
const audio = { duration: 4, url: '/uploads/files/2026/01/cccccccccccccccccccccccccccccccc/28.mp3' };

/** Each wrong value of a field and the catalogue key it is refused with. */
const WRONG_CAPTION: [string, unknown, ServerErrorKey][] = [
  ['a number', 5, 'invalidContent'],
  ['null', null, 'invalidContent'],
  ['an object', { text: 'hi' }, 'invalidContent'],
  ['an array', ['hi'], 'invalidContent'],
  ['true', true, 'invalidContent'],
  ['empty', '', 'messageBlank'],
  ['blank', ' \n\t ', 'messageBlank'],
  ['too long', 'x'.repeat(Limits.TEXT_CONTENT_MAX + 1), 'messageTooLong'],
];
const WRONG_WAVEFORM: [string, unknown][] = [
  ['a string', '1,2,3'],
  ['null', null],
  ['an object', { 0: 1 }],
  ['empty', []],
  ['too many bars', Array.from({ length: Limits.WAVEFORM_BARS_MAX + 1 }, () => 1)],
  ['a bar too high', [1, Limits.WAVEFORM_LEVEL_MAX + 1]],
  ['a negative bar', [1, -1]],
  ['a fraction', [1, 2.5]],
  ['a string bar', [1, '2']],
  ['a null bar', [1, null]],
  ['a nested array', [[1]]],
];

const probes = (): { label: string; type: number; content: object; key: ServerErrorKey }[] => [
  ...[
    [MessageType.IMAGE, image],
    [MessageType.VIDEO, video],
    [MessageType.FILE, file],
  ].flatMap(([type, base]) =>
    WRONG_CAPTION.map(([label, caption, key]) => ({
      label: `type ${String(type)} caption ${label}`,
      type: type as number,
      content: { ...(base as object), caption },
      key,
    })),
  ),
  ...WRONG_WAVEFORM.map(([label, waveform]) => ({
    label: `waveform ${label}`,
    type: MessageType.AUDIO,
    content: { ...audio, waveform },
    key: 'invalidContent' as ServerErrorKey,
  })),
];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b] = [await registerUser(client), await registerUser(client)];
  await befriend(client, a, b);
  groupId = (await client.ok('groupCreate', { token: a.tokens.accessToken, body: { name: 'G', friendIds: [b.id] } }))
    .id;
});
afterAll(() => ts?.close());

describe('caption and waveform broken: 400 naming content, nothing changed', () => {
  it.each(['privateSend', 'groupSend'] as const)('%s', async (name) => {
    const before = await snapshotState(ts);
    const failures: string[] = [];
    for (const p of probes()) {
      const content = JSON.stringify(p.content);
      const body =
        name === 'privateSend' ? sendBody(b.id, p.type, content) : { tmpId: tmpId(), groupId, type: p.type, content };
      const res = await client.call(name, { token: a.tokens.accessToken, body });
      const { key, params, message } = res.body as { key?: string; params?: Record<string, unknown>; message: string };
      const catalogued =
        key === p.key &&
        message === describeServerError(p.key, (params ?? {}) as Record<string, string | number>) &&
        Object.hasOwn(ServerErrors, key);
      if (res.status !== 400 || params?.field !== 'content' || !catalogued)
        failures.push(`${p.label} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotState(ts)).toBe(before);
  });

  it('the longest caption and the most bars pass (the limits are where they say)', async () => {
    const caption = 'y'.repeat(Limits.TEXT_CONTENT_MAX);
    const waveform = Array.from({ length: Limits.WAVEFORM_BARS_MAX }, () => Limits.WAVEFORM_LEVEL_MAX);
    for (const [type, content] of [
      [MessageType.IMAGE, { ...image, caption }],
      [MessageType.AUDIO, { ...audio, waveform }],
    ] as const)
      await client.ok('privateSend', {
        token: a.tokens.accessToken,
        body: sendBody(b.id, type, JSON.stringify(content)),
      });
  });
});
