/**
 * Discover: the seeded links for every signed-in user; operators save and delete
 * links, and a save probes the URL: X-Frame-Options / CSP frame-ancestors that refuse
 * another origin, an error status, a redirect elsewhere or a timeout make the link
 * not frameable. The probes here hit a loopback HTTP server, which the outbound guard
 * refuses unless OUTBOUND_ALLOW_CIDRS exempts it (the main world here does; the
 * guarded world has production settings and must never reach it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditAction } from '@parley/protocol';
import { registerUser, type TestUser } from './support/api.js';
import { expectRefusedUnchanged, latestAudit, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { cspForbids, probeFrameable, xfoForbids } from '../src/services/discover/probe.js';
import { OutboundFetcher } from '../src/services/outbound/fetch.js';

/** The loopback site may be fetched: what the positive cases need. */
const LOOPBACK_ALLOWED = { outboundAllowCidrs: ['127.0.0.1/32'] };
const local = new OutboundFetcher({ enabled: true, allowCidrs: LOOPBACK_ALLOWED.outboundAllowCidrs });

let w: ConsoleWorld;
let u: TestUser;
let site: http.Server;
let base: string;
/** Requests the site has had. */
let hits = 0;

/** Paths answer with the headers their name says. */
const ROUTES: Record<string, http.OutgoingHttpHeaders & { status?: number }> = {
  '/deny': { 'x-frame-options': 'DENY' },
  '/sameorigin': { 'x-frame-options': 'SAMEORIGIN' },
  '/csp-none': { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" },
  '/csp-any': { 'content-security-policy': 'frame-ancestors *' },
  '/open': {},
  '/missing': { status: 404 },
  '/to-open': { status: 302, location: '/open' },
  '/to-deny': { status: 301, location: '/deny' },
  '/to-ftp': { status: 302, location: 'ftp://example.com/' },
};

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits++;
    const route = ROUTES[req.url ?? ''];
    if (req.url === '/slow') return; // never answers
    const { status = 200, ...headers } = route ?? { status: 404 };
    res.writeHead(status, { 'content-type': 'text/html', ...headers });
    res.end('<!doctype html><title>t</title>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  w = await openConsoleWorld(LOOPBACK_ALLOWED);
  u = await registerUser(w.client);
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((r) => site?.close(r));
  await w?.close();
});

const link = (url: string, extra: Record<string, unknown> = {}) => ({
  title: 'Docs',
  iconUrl: '',
  url,
  description: 'Read me',
  sort: 5,
  featured: false,
  bannerUrl: '',
  ...extra,
});

describe('the list', () => {
  it('a fresh install has the four seeded links, in order, for any signed-in user', async () => {
    const links = await w.client.ok('discoverLinks', { token: tok(u) });
    expect(links.map((l) => l.url)).toEqual([
      'https://gitee.com/bluexsx/box-im',
      'https://webrtc.org/',
      'https://developer.mozilla.org/',
      'https://react.dev/',
    ]);
    for (const l of links) expect(l.title && l.description).toBeTruthy();
  });
});

describe('save, probe, delete', () => {
  it('a page that allows framing is frameable; one that sends X-Frame-Options DENY is not', async () => {
    const open = await w.client.ok('consoleDiscoverSave', {
      token: tok(w.op),
      body: link(`${base}/open`, { sort: 1 }),
    });
    expect(open.frameable).toBe(true);
    const deny = await w.client.ok('consoleDiscoverSave', {
      token: tok(w.op),
      body: link(`${base}/deny`, { sort: 2, featured: true }),
    });
    expect([deny.frameable, deny.featured]).toEqual([false, true]);
    const links = await w.client.ok('discoverLinks', { token: tok(u) });
    expect(links.slice(0, 2).map((l) => l.id)).toEqual([open.id, deny.id]);
    expect((await latestAudit(w))[0]).toMatchObject({
      action: AuditAction.DISCOVER_SAVE,
      targetType: 'discover',
      targetId: deny.id,
    });

    // Edit: the URL changes, so the probe runs again.
    const edited = await w.client.ok('consoleDiscoverSave', {
      token: tok(w.op),
      body: link(`${base}/csp-any`, { id: deny.id, title: 'Edited', sort: 2 }),
    });
    expect([edited.id, edited.title, edited.frameable]).toEqual([deny.id, 'Edited', true]);

    await w.client.ok('consoleDiscoverDelete', { token: tok(w.op), body: { id: deny.id } });
    expect((await w.client.ok('discoverLinks', { token: tok(u) })).map((l) => l.id)).not.toContain(deny.id);
    expect((await latestAudit(w))[0]).toMatchObject({ action: AuditAction.DISCOVER_DELETE, targetId: deny.id });
    await expectRefusedUnchanged(w, 'consoleDiscoverDelete', 'discoverLinkNotExist', {
      token: tok(w.op),
      body: { id: deny.id },
    });
    await expectRefusedUnchanged(w, 'consoleDiscoverSave', 'discoverLinkNotExist', {
      token: tok(w.op),
      body: link(`${base}/open`, { id: deny.id }),
    });
  });

  it('a reorder renumbers the listed links in one step with one audit row, and probes nothing', async () => {
    const before = await w.client.ok('discoverLinks', { token: tok(u) });
    const ids = before.map((l) => l.id);
    const moved = [ids[1]!, ids[0]!, ...ids.slice(2)];
    const auditBefore = (await w.client.ok('consoleAudit', { token: tok(w.op) })).total;
    const probes = hits;
    const links = await w.client.ok('consoleDiscoverReorder', { token: tok(w.op), body: { ids: moved } });
    expect(links.map((l) => l.id)).toEqual(moved);
    expect(links.map((l) => l.sort)).toEqual(moved.map((_, i) => (i + 1) * 10));
    expect((await w.client.ok('discoverLinks', { token: tok(u) })).map((l) => l.id)).toEqual(moved);
    const audit = await w.client.ok('consoleAudit', { token: tok(w.op) });
    expect(audit.total).toBe(auditBefore + 1);
    expect(audit.items[0]).toMatchObject({ action: AuditAction.DISCOVER_REORDER, targetType: 'discover' });
    expect(JSON.parse(audit.items[0]!.detail)).toEqual({ ids: moved });
    expect(hits).toBe(probes);

    // An unknown link changes nothing; a link listed twice is a bad request.
    await expectRefusedUnchanged(w, 'consoleDiscoverReorder', 'discoverLinkNotExist', {
      token: tok(w.op),
      body: { ids: [ids[0]!, 999_999] },
    });
    const twice = await w.client.call('consoleDiscoverReorder', {
      token: tok(w.op),
      body: { ids: [ids[0]!, ids[0]!] },
    });
    expect([twice.status, twice.body.key, twice.body.params?.field]).toEqual([400, 'invalidParam', 'ids']);
  });

  it('the probe: headers, statuses, redirects, timeout', async () => {
    const cases: [string, boolean][] = [
      ['/open', true],
      ['/csp-any', true],
      ['/to-open', true],
      ['/deny', false],
      ['/sameorigin', false],
      ['/csp-none', false],
      ['/missing', false],
      ['/to-deny', false],
      ['/to-ftp', false],
    ];
    for (const [p, expected] of cases) expect(await probeFrameable(base + p, local), p).toBe(expected);
    const started = Date.now();
    expect(await probeFrameable(`${base}/slow`, local, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await probeFrameable('http://127.0.0.1:1/', local)).toBe(false);
  });

  it('header rules', () => {
    expect(xfoForbids('deny')).toBe(true);
    expect(xfoForbids('ALLOW-FROM https://a.example')).toBe(true);
    expect(xfoForbids(null)).toBe(false);
    expect(cspForbids("frame-ancestors 'self' https://a.example")).toBe(true);
    expect(cspForbids('frame-ancestors https:')).toBe(false);
    expect(cspForbids("default-src 'none'")).toBe(false);
    expect(cspForbids("default-src *, frame-ancestors 'none'")).toBe(true);
  });

  it('bad fields are named', async () => {
    const probes: [Record<string, unknown>, string][] = [
      [link('javascript:alert(1)'), 'url'],
      [link('ftp://example.com/'), 'url'],
      [link('https://user:pw@example.com/'), 'url'],
      [link('https://example.com/', { iconUrl: 'https://evil.example/x.png' }), 'iconUrl'],
      [link('https://example.com/', { sort: -1 }), 'sort'],
      [link('https://example.com/', { title: '' }), 'title'],
      [link('https://example.com/', { color: 'red' }), 'color'],
    ];
    for (const [body, field] of probes) {
      const res = await w.client.call('consoleDiscoverSave', { token: tok(w.op), body });
      expect([res.status, res.body.params?.field], JSON.stringify(body)).toEqual([400, field]);
    }
  });
});

describe('the outbound guard (production settings)', () => {
  let guarded: ConsoleWorld | undefined;
  let off: ConsoleWorld | undefined;
  afterAll(async () => {
    await guarded?.close();
    await off?.close();
  });

  it('a link to a server inside (loopback by address, name, mapped or numeric form) is saved unfetched, not frameable', async () => {
    guarded = await openConsoleWorld();
    const { port } = new URL(base);
    const before = hits;
    for (const url of [
      `${base}/open`,
      `http://localhost:${port}/open`,
      `http://[::ffff:127.0.0.1]:${port}/open`,
      `http://2130706433:${port}/open`,
      `http://127.1:${port}/open`,
    ]) {
      const saved = await guarded.client.ok('consoleDiscoverSave', { token: tok(guarded.op), body: link(url) });
      expect([saved.url, saved.frameable], url).toEqual([url, false]);
    }
    const metadata = await guarded.client.ok('consoleDiscoverSave', {
      token: tok(guarded.op),
      body: link('http://169.254.169.254/latest/meta-data/'),
    });
    expect(metadata.frameable).toBe(false);
    expect(hits).toBe(before);
  });

  it('OUTBOUND_FETCH=off fetches nothing, even where the address would be allowed', async () => {
    off = await openConsoleWorld({ ...LOOPBACK_ALLOWED, outboundFetch: false });
    const before = hits;
    const saved = await off.client.ok('consoleDiscoverSave', { token: tok(off.op), body: link(`${base}/open`) });
    expect(saved.frameable).toBe(false);
    expect(hits).toBe(before);
  });
});
