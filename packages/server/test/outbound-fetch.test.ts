/**
 * The guarded outbound fetcher (services/outbound/fetch.ts, address.ts): inside
 * addresses refused after the name is resolved and on every redirect, the connection
 * made to the checked address, size and time caps, and the off switch. Two loopback
 * servers stand in for the world: `open` is exempted by the injected test policy (a
 * "public" site), `inside` is not, and counts every request that reaches it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { AddressPolicy, isPublicAddress, parseCidr } from '../src/services/outbound/address.js';
import {
  OutboundFetcher,
  OutboundRefused,
  type OutboundRefusal,
  type ResolvedAddress,
} from '../src/services/outbound/fetch.js';

interface Site {
  server: http.Server;
  port: number;
  hits: number;
  hosts: string[];
}

async function startSite(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Site> {
  const site = { hits: 0, hosts: [] as string[] } as Site;
  site.server = http.createServer((req, res) => {
    site.hits++;
    site.hosts.push(req.headers.host ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => site.server.listen(0, '127.0.0.1', r));
  site.port = (site.server.address() as AddressInfo).port;
  return site;
}

let open: Site;
let inside: Site;
/** Bytes the `/big` route managed to write before the fetcher hung up. */
let bigWritten = 0;
/** Each `/big` answer's end, however it ended. */
const bigClosed: Promise<void>[] = [];
const BIG_LIMIT = 64 * 1024 * 1024;

/** Names of the pretend DNS. */
const DNS: Record<string, string[]> = {
  'public.example': ['127.0.0.1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'rebind.example': ['93.184.216.34', '127.0.0.1'],
  'metadata.google.internal': ['93.184.216.34'],
  'web.example': ['93.184.216.34'],
};
const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const found = DNS[hostname];
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** Only `open`'s port on 127.0.0.1 passes besides public addresses: the test's stand-in for the internet. */
const fetcher = () =>
  new OutboundFetcher({
    enabled: true,
    resolve,
    exempt: (address, port) => address === '127.0.0.1' && port === open.port,
  });

async function refusal(p: Promise<unknown>): Promise<OutboundRefusal | string> {
  try {
    await p;
    return 'fetched';
  } catch (err) {
    return err instanceof OutboundRefused ? err.reason : (err as Error).name;
  }
}

beforeAll(async () => {
  inside = await startSite((_req, res) => res.end('secret'));
  open = await startSite((req, res) => {
    const at = (port: number) => `http://127.0.0.1:${port}/`;
    switch (req.url) {
      case '/page':
        return res.end('<!doctype html><title>hello</title>');
      case '/to-inside':
        return res.writeHead(302, { location: at(inside.port) }).end();
      case '/to-inside-by-name':
        return res.writeHead(307, { location: `http://public.example:${inside.port}/` }).end();
      case '/to-page':
        return res.writeHead(301, { location: '/page' }).end();
      case '/to-file':
        return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      case '/loop':
        return res.writeHead(302, { location: '/loop' }).end();
      case '/big': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        bigClosed.push(new Promise((resolve) => res.once('close', () => resolve())));
        const chunk = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (!res.destroyed && bigWritten < BIG_LIMIT) {
            bigWritten += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      case '/dribble': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('.')), 100);
        return;
      }
      case '/silent':
        return; // never answers
      default:
        return res.writeHead(404).end();
    }
  });
});
afterAll(async () => {
  for (const s of [open, inside]) {
    s?.server.closeAllConnections();
    await new Promise((r) => s?.server.close(r));
  }
});

describe('addresses', () => {
  it('only public unicast addresses pass; inside, special and embedded-inside ones do not', () => {
    const refused = [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '::7f00:1',
      '2001:db8::1',
      'not an address',
    ];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it('the policy: web ports only, refused names, every resolved address, exempted ranges', () => {
    const policy = new AddressPolicy([parseCidr('10.1.0.0/16'), parseCidr('::ffff:192.168.7.7')]);
    expect(policy.refuses('web.example', ['93.184.216.34'], 443)).toBeUndefined();
    expect(policy.refuses('web.example', ['93.184.216.34'], 6379)).toBe('port');
    expect(policy.refuses('web.example', ['93.184.216.34', '10.2.0.1'], 80)).toBe('address');
    expect(policy.refuses('metadata.google.internal', ['93.184.216.34'], 80)).toBe('name');
    expect(policy.refuses('redis', ['93.184.216.34'], 80)).toBe('name');
    expect(policy.refuses('printer.local', ['93.184.216.34'], 80)).toBe('name');
    // OUTBOUND_ALLOW_CIDRS: an intranet site, on any port and under any name.
    expect(policy.refuses('wiki.internal', ['10.1.4.5'], 8080)).toBeUndefined();
    expect(policy.refuses('192.168.7.7', ['192.168.7.7'], 81)).toBeUndefined();
    expect(policy.refuses('192.168.7.8', ['192.168.7.8'], 80)).toBe('address');
    expect(() => parseCidr('10.0.0.0/33')).toThrow();
  });

  it('configuration: OUTBOUND_FETCH on unless off, OUTBOUND_ALLOW_CIDRS checked at start', () => {
    expect(loadConfig({}).outboundFetch).toBe(true);
    expect(loadConfig({ OUTBOUND_FETCH: 'off' }).outboundFetch).toBe(false);
    expect(() => loadConfig({ OUTBOUND_FETCH: 'maybe' })).toThrow(/OUTBOUND_FETCH/);
    expect(loadConfig({}).outboundAllowCidrs).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_CIDRS: '10.1.0.0/16, 192.168.7.7' }).outboundAllowCidrs).toEqual([
      '10.1.0.0/16',
      '192.168.7.7',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_CIDRS: 'intranet' })).toThrow(/OUTBOUND_ALLOW_CIDRS/);
  });
});

describe('fetching', () => {
  it('an allowed site: fetched, by name through the resolved address (pinned), redirects followed', async () => {
    const f = fetcher();
    const direct = await f.get(`http://127.0.0.1:${open.port}/page`);
    expect([direct.status, direct.body.toString(), direct.truncated]).toEqual([
      200,
      '<!doctype html><title>hello</title>',
      false,
    ]);
    // public.example resolves (in the pretend DNS) to 127.0.0.1: the connection goes there, the Host stays the name.
    const byName = await f.get(`http://public.example:${open.port}/to-page`);
    expect([byName.status, byName.url]).toEqual([200, `http://public.example:${open.port}/page`]);
    expect(open.hosts.slice(-2)).toEqual([`public.example:${open.port}`, `public.example:${open.port}`]);
  });

  it('inside addresses are refused before connecting: literal, by a public-looking name, mapped, rebinding, localhost', async () => {
    const f = fetcher();
    const before = inside.hits;
    const cases: [string, OutboundRefusal][] = [
      [`http://127.0.0.1:${inside.port}/`, 'address'],
      [`http://public.example:${inside.port}/`, 'address'],
      [`http://mapped.example:${inside.port}/`, 'address'],
      [`http://[::ffff:127.0.0.1]:${inside.port}/`, 'address'],
      [`http://rebind.example:${inside.port}/`, 'address'],
      [`http://2130706433:${inside.port}/`, 'address'],
      ['http://169.254.169.254/latest/meta-data/', 'address'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'name'],
      ['http://web.example:6379/', 'port'],
    ];
    for (const [url, reason] of cases) expect(await refusal(f.get(url)), url).toBe(reason);
    // The real resolver: localhost is refused by its name whatever it resolves to.
    const real = new OutboundFetcher({ enabled: true });
    expect(await refusal(real.get(`http://localhost:${inside.port}/`))).toBe('name');
    expect(inside.hits).toBe(before);
  });

  it('every redirect is checked again: to an inside address, to a name resolving inside, to another scheme, too many', async () => {
    const f = fetcher();
    const before = inside.hits;
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/to-inside`))).toBe('address');
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/to-inside-by-name`))).toBe('address');
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/to-file`))).toBe('url');
    const loops = open.hits;
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/loop`))).toBe('redirects');
    expect(open.hits - loops).toBe(4); // the first request and 3 redirects
    expect(inside.hits).toBe(before);
  });

  it('the body is cut at maxBytes and the connection dropped; headers only with 0', async () => {
    const f = fetcher();
    const res = await f.get(`http://127.0.0.1:${open.port}/big`, { maxBytes: 1000 });
    expect([res.status, res.body.length, res.truncated]).toEqual([200, 1000, true]);
    const headersOnly = await f.get(`http://127.0.0.1:${open.port}/big`, { maxBytes: 0 });
    expect([headersOnly.status, headersOnly.body.length]).toEqual([200, 0]);
    // The server saw the connections go long before it could send everything.
    await Promise.all(bigClosed);
    expect(bigWritten).toBeLessThan(BIG_LIMIT);
  });

  it('one deadline for the whole fetch: a silent server and a dribbling body are cut', async () => {
    const f = fetcher();
    const started = Date.now();
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/silent`, { timeoutMs: 300 }))).toBe('TimeoutError');
    expect(await refusal(f.get(`http://127.0.0.1:${open.port}/dribble`, { timeoutMs: 300 }))).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('OUTBOUND_FETCH=off: refused without connecting, even where allowed', async () => {
    const before = open.hits;
    const off = new OutboundFetcher({ enabled: false, exempt: () => true });
    expect(await refusal(off.get(`http://127.0.0.1:${open.port}/page`))).toBe('disabled');
    expect(open.hits).toBe(before);
  });
});
