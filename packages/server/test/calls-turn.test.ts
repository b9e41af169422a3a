/**
 * /system/config with TURN (docs/CALLS.md §7): one TURN REST entry per user whose
 * credential is what coturn computes for `use-auth-secret` (base64 HMAC-SHA1 of the
 * username under the shared secret), and the reply is never cached.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, API_BASE, api } from '@parley/protocol';
import { loadConfig } from '../src/index.js';
import { ApiClient, registerUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

const SECRET = 'north-wind-42';
const URLS = 'turn:turn.example.com:3478?transport=udp, turn:turn.example.com:3478?transport=tcp';
const STUN = { urls: 'stun:stun.example.com:3478' };

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  const turnEnv = { TURN_SECRET: SECRET, TURN_URLS: URLS, TURN_TTL_S: '3600' };
  const { turn } = loadConfig(turnEnv);
  ts = await startServer({ turn, iceServers: [STUN] });
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

describe('TURN REST credentials', () => {
  it('adds a per-user entry that coturn accepts, after the configured ICE servers, with no-store', async () => {
    const u = await registerUser(client);
    const before = Math.floor(Date.now() / 1000);
    const res = await fetch(ts.url + API_BASE + api.systemConfig.path, {
      headers: { [ACCESS_TOKEN_HEADER]: u.tokens.accessToken },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { data } = (await res.json()) as {
      data: { webrtc: { iceServers: { urls: string[]; username: string; credential: string }[] } };
    };
    const [stun, turn] = data.webrtc.iceServers;
    expect(stun).toEqual(STUN);
    expect(turn!.urls).toEqual([
      'turn:turn.example.com:3478?transport=udp',
      'turn:turn.example.com:3478?transport=tcp',
    ]);
    const [expiry, userId] = turn!.username.split(':').map(Number);
    expect(userId).toBe(u.id);
    expect(expiry).toBeGreaterThanOrEqual(before + 3600);
    expect(expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    // coturn: base64(HMAC-SHA1(static-auth-secret, username)).
    const expected = crypto.createHmac('sha1', SECRET).update(turn!.username, 'utf8').digest('base64');
    expect(turn!.credential).toBe(expected);

    const other = await registerUser(client);
    const theirs = await client.ok('systemConfig', { token: other.tokens.accessToken });
    expect(theirs.webrtc.iceServers[1]!.username).toMatch(new RegExp(`^\\d+:${other.id}$`));
  });

  it('TURN_SECRET without TURN_URLS (or the other way round) stops the start', () => {
    expect(() => loadConfig({ TURN_SECRET: SECRET })).toThrow(/TURN_SECRET and TURN_URLS/);
    expect(() => loadConfig({ TURN_URLS: URLS })).toThrow(/TURN_SECRET and TURN_URLS/);
    expect(loadConfig({}).turn).toBeUndefined();
  });

  it('without TURN only ICE_SERVERS are listed (none by default)', async () => {
    const plain = await startServer();
    try {
      const c = new ApiClient(plain.url);
      const u = await registerUser(c);
      expect((await c.ok('systemConfig', { token: u.tokens.accessToken })).webrtc.iceServers).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
